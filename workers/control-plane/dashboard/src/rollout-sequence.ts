import { mayWrite } from "./session.ts";
import type {
  SelectorView,
  Self,
  SequenceRolloutStageView,
  SequenceRolloutView,
  SequenceView,
} from "./types.ts";

/**
 * Rollout sequences with custom stages (SEQ-15 to SEQ-21) as the page words them, and
 * which of their actions a token sees. Pure: the views render what these say.
 */

/**
 * A stage's cluster selector as kubectl writes one: `canary=true, tier in (web, api),
 * gpu, !legacy`; `undefined` when it has none (the stage takes every cluster of its fleets).
 */
export function selectorText(selector: SelectorView | undefined): string | undefined {
  if (!selector) return undefined;
  const parts = Object.entries(selector.matchLabels ?? {}).map(([key, value]) => `${key}=${value}`);
  for (const { key, operator, values = [] } of selector.matchExpressions ?? []) {
    const list = `(${values.join(", ")})`;
    parts.push(
      operator === "In"
        ? `${key} in ${list}`
        : operator === "NotIn"
          ? `${key} notin ${list}`
          : operator === "Exists"
            ? key
            : `!${key}`,
    );
  }
  return parts.length > 0 ? parts.join(", ") : undefined;
}

/** The sequence's fleets this token may read, in stage order, each once. */
export function fleetsOf(sequence: Pick<SequenceView, "stages">): string[] {
  return [...new Set(sequence.stages.flatMap((stage) => stage.fleets))];
}

/**
 * The numbers of the stages left out before the last one shown: stages keep their place
 * (SEQ-18), so a gap is a stage naming only fleets this token may not read. A hidden
 * stage after the last shown one cannot be told.
 */
export function hiddenStages(stages: readonly { stage: number }[]): number[] {
  const shown = new Set(stages.map((s) => s.stage));
  const last = Math.max(0, ...shown);
  const hidden: number[] = [];
  for (let n = 1; n < last; n++) if (!shown.has(n)) hidden.push(n);
  return hidden;
}

/** The shown stages with a `{hidden: n}` in each gap, in stage order. */
export function withGaps<T extends { stage: number }>(
  stages: readonly T[],
): (T | { hidden: number })[] {
  const all: (T | { hidden: number })[] = [];
  let next = 1;
  for (const stage of [...stages].sort((a, b) => a.stage - b.stage)) {
    while (next < stage.stage) all.push({ hidden: next++ });
    all.push(stage);
    next = stage.stage + 1;
  }
  return all;
}

/**
 * Pause needs write access to one fleet of the sequence (SEQ-18, SEQ-20): one this token
 * can see and write is enough, and any it may write it may read, so the page is sure.
 */
export function mayPause(self: Self | undefined, sequence: Pick<SequenceView, "stages">): boolean {
  return fleetsOf(sequence).some((fleet) => mayWrite(self, fleet));
}

/**
 * Resume needs write access to every fleet of the sequence. The page sees only the fleets
 * the token may read: a fleet it sees and may not write, or a stage it cannot see (a gap
 * in the numbers), rules it out; otherwise the button shows and the API decides (a bound
 * operator may still miss a fleet it cannot see, and then the 403 is shown beside it).
 */
export function mayResume(self: Self | undefined, sequence: Pick<SequenceView, "stages">): boolean {
  const fleets = fleetsOf(sequence);
  if (fleets.length === 0 || hiddenStages(sequence.stages).length > 0) return false;
  return fleets.every((fleet) => mayWrite(self, fleet));
}

/** "Control plane 1.21.14-gke.4300", "Nodes 1.21.14-gke.4300". */
export function rolloutTitle(rollout: Pick<SequenceRolloutView, "type" | "version">): string {
  return `${rollout.type === "NODE" ? "Nodes" : "Control plane"} ${rollout.version}`;
}

/** A stage's clusters: those done (COMPLETE), those that cannot take the version, all. */
export function stageProgress(stage: Pick<SequenceRolloutStageView, "clusters">): {
  done: number;
  ineligible: number;
  total: number;
} {
  const done = stage.clusters.filter((c) => c.state === "COMPLETE").length;
  const ineligible = stage.clusters.filter((c) => c.state === "INELIGIBLE").length;
  return { done, ineligible, total: stage.clusters.length };
}
