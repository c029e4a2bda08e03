import type { components } from "@regatta/client";
import type { Ending, Snapshot } from "./model.ts";

type SequenceRollout = components["schemas"]["SequenceRollout"];

/**
 * A rollout of a sequence (SEQ-21) as bars (clusters done/total per stage, with the
 * stage's state and why it waits) and events (each cluster's state as it changes).
 */
export function rolloutSnapshot(rollout: SequenceRollout): Snapshot {
  const bars = rollout.stages.map((stage) => ({
    key: String(stage.stage),
    label: `stage ${stage.stage}`,
    done: stage.clusters.filter((c) => c.state === "COMPLETE").length,
    total: stage.clusters.length,
    note: `${stage.state}${stage.reason ? ` — ${stage.reason}` : ""}`,
  }));
  const events = rollout.stages.flatMap((stage) =>
    stage.clusters
      .filter((c) => c.state !== "PENDING")
      .map(
        (c) =>
          `cluster ${c.cluster} (stage ${stage.stage}, fleet ${c.fleet}): ${c.state}${c.reason ? ` — ${c.reason}` : ""}`,
      ),
  );
  const why = rollout.reason ? ` — ${rollout.reason}` : "";
  return {
    status: `rollout ${rollout.sequence}/${rollout.id}: ${rollout.state}${why}`,
    bars,
    events,
  };
}

/**
 * A rollout ends only COMPLETED (SEQ-21): nothing cancels one. A paused one is watched on,
 * since whoever holds it may resume it; `--timeout` gives up.
 */
export function rolloutEnding(rollout: SequenceRollout): Ending | undefined {
  if (rollout.state !== "COMPLETED") return undefined;
  return {
    succeeded: true,
    summary: `rollout ${rollout.sequence}/${rollout.id} ended COMPLETED`,
  };
}
