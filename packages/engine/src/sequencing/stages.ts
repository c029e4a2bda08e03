import { labelSelectorMatches } from "../autoscaler/index.ts";
import type { LabelSelector, LabelSelectorRequirement } from "../autoscaler/types.ts";
import type { Result } from "../rules/violation.ts";
import { ok, refuse } from "../rules/violation.ts";
import { MAX_SOAK_SECONDS } from "./soak.ts";

/**
 * Rollout sequences with custom stages (SEQ-15 onward): an ordered list of stages, each
 * naming fleets and, optionally, a label selector that narrows them to some of their
 * clusters, with a soak after the stage's upgrades. A canary subset of production can so
 * go ahead of the rest of production, which a chain of whole fleets cannot say.
 */

/** SEQ-15: the most stages one sequence may have. */
export const MAX_SEQUENCE_STAGES = 10;
/** SEQ-15: the most fleets one stage may name. */
export const MAX_STAGE_FLEETS = 20;
/** SEQ-15: the most expressions and values a selector may carry (it is matched on every pass). */
export const MAX_SELECTOR_TERMS = 32;

/** SEQ-15: which of a stage's fleets' clusters it takes: all, or those whose labels match. */
export type ClusterSelector = LabelSelector;

/** One stage of a sequence, as stored: its fleets, its selector, its soak. */
export interface SequenceStage {
  fleets: string[];
  clusterSelector?: ClusterSelector;
  soakSeconds: number;
}

/** A stage as a request states it: the soak may be left out (0: the next stage goes at once). */
export interface SequenceStageInput {
  fleets: string[];
  clusterSelector?: ClusterSelector;
  soakSeconds?: number;
}

/** A cluster as stage membership sees it (SEQ-16). */
export interface StageCandidate {
  name: string;
  fleet: string;
  labels?: Readonly<Record<string, string>> | null;
}

function selectorTerms(selector: ClusterSelector): number {
  const expressions = selector.matchExpressions ?? [];
  return (
    Object.keys(selector.matchLabels ?? {}).length +
    expressions.length +
    expressions.reduce((n, e) => n + (e.values?.length ?? 0), 0)
  );
}

function checkRequirement(requirement: LabelSelectorRequirement, path: string): Result<void> {
  const values = requirement.values ?? [];
  switch (requirement.operator) {
    case "In":
    case "NotIn":
      return values.length > 0
        ? ok(undefined)
        : refuse(
            "SEQ-15",
            "refused",
            `SEQ-15: ${path} uses ${requirement.operator} on ${requirement.key} with no values; it needs at least one`,
          );
    case "Exists":
    case "DoesNotExist":
      return values.length === 0
        ? ok(undefined)
        : refuse(
            "SEQ-15",
            "refused",
            `SEQ-15: ${path} uses ${requirement.operator} on ${requirement.key} with values; it takes none`,
          );
    default:
      return requirement.operator satisfies never;
  }
}

function checkSelector(selector: ClusterSelector, path: string): Result<void> {
  if (selectorTerms(selector) > MAX_SELECTOR_TERMS) {
    return refuse(
      "SEQ-15",
      "refused",
      `SEQ-15: ${path} has more than ${MAX_SELECTOR_TERMS} labels, expressions and values`,
    );
  }
  for (const [i, requirement] of (selector.matchExpressions ?? []).entries()) {
    const checked = checkRequirement(requirement, `${path}.matchExpressions[${i}]`);
    if (!checked.ok) return checked;
  }
  return ok(undefined);
}

/** A selector that selects every cluster: none, or one with nothing in it. */
export function selectsAll(selector: ClusterSelector | undefined): boolean {
  return (
    selector === undefined ||
    (Object.keys(selector.matchLabels ?? {}).length === 0 &&
      (selector.matchExpressions ?? []).length === 0)
  );
}

/**
 * SEQ-15/SEQ-16: checks a sequence's stages and answers them as stored (soaks filled in).
 * 1..10 stages of 1..20 distinct fleets, each soak within 0..30 days, each selector
 * well-formed (In/NotIn with values, Exists/DoesNotExist without). A cluster belongs to the
 * first stage that selects it, so a stage naming a fleet that an earlier stage takes whole
 * (no selector) could never get one of that fleet's clusters: that is refused as the
 * mistake it is.
 *
 * @example validateStages([{ fleets: ["prod"], clusterSelector: { matchLabels: { canary: "true" } }, soakSeconds: 86400 }, { fleets: ["prod"] }])
 * // ok([{fleets: ["prod"], clusterSelector: {...}, soakSeconds: 86400}, {fleets: ["prod"], soakSeconds: 0}])
 */
export function validateStages(stages: readonly SequenceStageInput[]): Result<SequenceStage[]> {
  if (stages.length === 0 || stages.length > MAX_SEQUENCE_STAGES) {
    return refuse(
      "SEQ-15",
      "refused",
      `SEQ-15: a rollout sequence has 1 to ${MAX_SEQUENCE_STAGES} stages; this one has ${stages.length}`,
    );
  }
  const takenWhole = new Map<string, number>();
  const out: SequenceStage[] = [];
  for (const [i, stage] of stages.entries()) {
    const path = `stages[${i}]`;
    if (stage.fleets.length === 0 || stage.fleets.length > MAX_STAGE_FLEETS) {
      return refuse(
        "SEQ-15",
        "refused",
        `SEQ-15: ${path} names ${stage.fleets.length} fleets; a stage names 1 to ${MAX_STAGE_FLEETS}`,
      );
    }
    const twice = stage.fleets.find((fleet, at) => stage.fleets.indexOf(fleet) !== at);
    if (twice !== undefined) {
      return refuse("SEQ-15", "refused", `SEQ-15: ${path} names fleet ${twice} twice`);
    }
    const soakSeconds = stage.soakSeconds ?? 0;
    if (!Number.isInteger(soakSeconds) || soakSeconds < 0 || soakSeconds > MAX_SOAK_SECONDS) {
      return refuse(
        "SEQ-15",
        "refused",
        `SEQ-15: ${path}.soakSeconds ${soakSeconds} is outside 0..${MAX_SOAK_SECONDS} seconds (0 to 30 days)`,
      );
    }
    if (stage.clusterSelector !== undefined) {
      const checked = checkSelector(stage.clusterSelector, `${path}.clusterSelector`);
      if (!checked.ok) return checked;
    }
    for (const fleet of stage.fleets) {
      const earlier = takenWhole.get(fleet);
      if (earlier !== undefined) {
        return refuse(
          "SEQ-16",
          "refused",
          `SEQ-16: ${path} names fleet ${fleet}, but stages[${earlier}] takes every cluster of ${fleet} (it has no cluster selector), so ${path} could never get one; narrow stages[${earlier}] with a selector or drop ${fleet} from ${path}`,
        );
      }
    }
    if (selectsAll(stage.clusterSelector)) {
      for (const fleet of stage.fleets) takenWhole.set(fleet, i);
    }
    const stored: SequenceStage = { fleets: [...stage.fleets], soakSeconds };
    if (stage.clusterSelector !== undefined && !selectsAll(stage.clusterSelector)) {
      stored.clusterSelector = stage.clusterSelector;
    }
    out.push(stored);
  }
  return ok(out);
}

/** Whether `stage` selects `cluster`: one of its fleets, and its labels match. */
export function stageSelects(stage: SequenceStage, cluster: StageCandidate): boolean {
  return (
    stage.fleets.includes(cluster.fleet) &&
    (stage.clusterSelector === undefined ||
      labelSelectorMatches(stage.clusterSelector, cluster.labels ?? undefined))
  );
}

/**
 * SEQ-16: the stage each cluster belongs to — the first that selects it — as the clusters
 * of each stage, in the order given; clusters no stage selects are apart. Labels are read
 * as they are now, so a label change moves a cluster on the next pass.
 *
 * @example stageMembers(stages, [{name: "p1", fleet: "prod", labels: {canary: "true"}}, {name: "p2", fleet: "prod"}])
 * // {stages: [["p1"], ["p2"]], unselected: []}
 */
export function stageMembers(
  stages: readonly SequenceStage[],
  clusters: readonly StageCandidate[],
): { stages: string[][]; unselected: string[] } {
  const members = stages.map((): string[] => []);
  const unselected: string[] = [];
  for (const cluster of clusters) {
    const at = stages.findIndex((stage) => stageSelects(stage, cluster));
    if (at < 0) unselected.push(cluster.name);
    else members[at]?.push(cluster.name);
  }
  return { stages: members, unselected };
}

/** Every fleet a sequence names, once each, in stage order. */
export function sequenceFleets(stages: readonly Pick<SequenceStage, "fleets">[]): string[] {
  return [...new Set(stages.flatMap((stage) => stage.fleets))];
}
