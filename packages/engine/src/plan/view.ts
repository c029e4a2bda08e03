import { toRfc3339 } from "../time/instant.ts";
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
