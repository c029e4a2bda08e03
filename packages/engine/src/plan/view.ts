import { toRfc3339 } from "../time/instant.ts";
import type { RolloutPlan } from "./rollout.ts";
import type { PathStep, PlanWait } from "./types.ts";
import type { UpdateRunPlan } from "./update-run.ts";

/** A wait as the API shows it. */
export interface PlanWaitView {
  from: string;
  until: string;
  reason: string;
}

/** A critical-path link as the API shows it. */
export interface PathStepView {
  kind: PathStep["kind"];
  name: string;
  from: string;
  until: string;
  reason?: string;
}

export function planWaitView(wait: PlanWait): PlanWaitView {
  return { from: toRfc3339(wait.from), until: toRfc3339(wait.until), reason: wait.reason };
}

export function pathStepView(step: PathStep): PathStepView {
  const view: PathStepView = {
    kind: step.kind,
    name: step.name,
    from: toRfc3339(step.from),
    until: toRfc3339(step.until),
  };
  if (step.reason !== undefined) view.reason = step.reason;
  return view;
}

/**
 * EXT-6: an update-run plan as `POST …/update-runs/{run}/plan` answers it (RFC 3339 times,
 * empty lists left out).
 *
 * @example updateRunPlanView(plan).members[0] // { cluster: "c-1", …, start: "2023-11-06T00:00:00.000Z", end: "…" }
 */
export function updateRunPlanView(plan: UpdateRunPlan) {
  return {
    from: toRfc3339(plan.from),
    startedAt: toRfc3339(plan.startedAt),
    end: toRfc3339(plan.end),
    makespanSeconds: plan.makespanSeconds,
    remainingSeconds: plan.remainingSeconds,
    state: plan.state,
    ...(plan.message === undefined ? {} : { message: plan.message }),
    members: plan.members.map((m) => ({
      cluster: m.cluster,
      stage: m.stage,
      group: m.group,
      state: m.state,
      ...(m.message === undefined ? {} : { message: m.message }),
      ...(m.start === undefined ? {} : { start: toRfc3339(m.start) }),
      ...(m.end === undefined ? {} : { end: toRfc3339(m.end) }),
      ...(m.waits.length === 0 ? {} : { waits: m.waits.map(planWaitView) }),
      ...(m.inFlight ? { inFlight: true } : {}),
    })),
    stages: plan.stages.map((s) => ({
      name: s.name,
      ...(s.start === undefined ? {} : { start: toRfc3339(s.start) }),
      ...(s.end === undefined ? {} : { end: toRfc3339(s.end) }),
      ...(s.afterStageWait === undefined ? {} : { afterStageWait: planWaitView(s.afterStageWait) }),
    })),
    criticalPath: plan.criticalPath.map(pathStepView),
    ...(plan.cutoff === undefined
      ? {}
      : { cutoff: { at: toRfc3339(plan.cutoff.at), reason: plan.cutoff.reason } }),
  };
}

export type UpdateRunPlanView = ReturnType<typeof updateRunPlanView>;

const at = (name: string, t: number | undefined) =>
  t === undefined ? {} : { [name]: toRfc3339(t) };

/**
 * EXT-6: a rollout plan as `GET /v1/fleets/{fleet}/rollout/plan` answers it; groups the
 * caller may not read are left out, and the critical path names them only as upstream.
 *
 * @example rolloutPlanView(plan, () => true).groups[0]!.upgrades[0]!.soakEndsAt
 */
export function rolloutPlanView(plan: RolloutPlan, readable: (group: string) => boolean) {
  return {
    from: toRfc3339(plan.from),
    end: toRfc3339(plan.end),
    makespanSeconds: plan.makespanSeconds,
    groups: plan.groups
      .filter((g) => readable(g.group))
      .map((g) => ({
        group: g.group,
        ...at("start", g.start),
        ...at("end", g.end),
        upgrades: g.upgrades.map((u) => ({
          type: u.type,
          version: u.version,
          state: u.state,
          ...at("start", u.start),
          ...at("soakStart", u.soakStart),
          ...at("soakEndsAt", u.soakEnd),
          ...(u.forced ? { forced: true } : {}),
          clusters: u.clusters.map((c) => ({
            cluster: c.cluster,
            ...at("start", c.start),
            ...at("end", c.end),
            ...(c.failed === undefined ? {} : { failed: c.failed }),
          })),
        })),
        ...(g.waits.length === 0
          ? {}
          : { waits: g.waits.map((w) => ({ cluster: w.cluster, ...planWaitView(w) })) }),
      })),
    criticalPath: plan.criticalPath.map((step) =>
      readable(step.name) ? pathStepView(step) : { ...pathStepView(step), name: "(upstream)" },
    ),
    ...(plan.cutoff === undefined
      ? {}
      : { cutoff: { at: toRfc3339(plan.cutoff.at), reason: plan.cutoff.reason } }),
  };
}

export type RolloutPlanView = ReturnType<typeof rolloutPlanView>;
