import type { components } from "@regatta/client";
import type { Ending, Snapshot } from "./model.ts";

type UpdateRun = components["schemas"]["UpdateRun"];
type RunState = UpdateRun["state"];

// A run rests in these until someone acts (a Stopped run resumes only on `runs start`).
const ENDED: Record<RunState, "ok" | "bad" | undefined> = {
  Completed: "ok",
  Skipped: "ok",
  Failed: "bad",
  Stopped: "bad",
  NotStarted: undefined,
  Running: undefined,
  Pending: undefined,
  // EXT-3: members in flight still finish; the watch waits for Failed or Stopped.
  Stopping: undefined,
};

/** A member counts as done once nothing more will happen to it in this run. */
const DONE_MEMBER = new Set<RunState>(["Completed", "Skipped"]);

/**
 * A run as bars (members done/total per stage) and events (each member's state as it
 * changes).
 */
export function runSnapshot(run: UpdateRun): Snapshot {
  const bars = run.stages.map((stage) => {
    const members = stage.groups.flatMap((g) => g.members);
    const failed = members.filter((m) => m.state === "Failed").length;
    return {
      key: stage.name,
      label: `stage ${stage.name}`,
      done: members.filter((m) => DONE_MEMBER.has(m.state)).length,
      total: members.length,
      note: `${stage.state}${failed > 0 ? `, ${failed} failed` : ""}`,
    };
  });
  const events = run.stages.flatMap((stage) =>
    stage.groups.flatMap((group) =>
      group.members
        .filter((m) => m.state !== "NotStarted")
        .map(
          (m) =>
            `member ${m.cluster} (${stage.name}/${group.name}): ${m.state}${m.message ? ` — ${m.message}` : ""}`,
        ),
    ),
  );
  return {
    status: `run ${run.name}: ${run.state}${run.message ? ` — ${run.message}` : ""}`,
    bars,
    events,
  };
}

export function runEnding(run: UpdateRun): Ending | undefined {
  const ended = ENDED[run.state];
  if (ended === undefined) return undefined;
  const why = run.message ? `: ${run.message}` : "";
  return { succeeded: ended === "ok", summary: `run ${run.name} ended ${run.state}${why}` };
}
