import { expect } from "vitest";
import type { UpdateRun } from "../../src/update-run/types.ts";

/** The aggregation rules of RUN-8/9/10/11 and RUN-2/3 ordering, checked on one state. */
export function checkTree(run: UpdateRun): void {
  let current = run.stages.findIndex((s) => !s.done);
  if (current < 0) current = run.stages.length;
  const anyFailed = run.stages.some((s) =>
    s.groups.some((g) => g.members.some((m) => m.state === "Failed")),
  );
  // RUN-11 with EXT-3's default budgets of 0: a failure fails the run, Stopping first
  // while members already in flight finish.
  if (anyFailed) expect(["Failed", "Stopping"]).toContain(run.state);
  if (run.state === "Failed") expect(anyFailed).toBe(true);
  run.stages.forEach((stage, index) => {
    for (const group of stage.groups) {
      const states = group.members.map((m) => m.state);
      expect(states.filter((s) => s === "Running").length).toBeLessThanOrEqual(
        group.maxConcurrency ?? 1,
      );
      if (states.includes("Failed")) expect(group.state).toBe("Failed");
      // Seed 002: Pending exactly when all its members are Pending or not started.
      if (group.state === "Pending") {
        expect(states.every((s) => s === "Pending" || s === "NotStarted")).toBe(true);
        expect(states).toContain("Pending");
      }
      if (
        !run.stopped &&
        run.failure === undefined &&
        index === current &&
        !group.userSkipped &&
        states.includes("Pending") &&
        states.every((s) => s === "Pending" || s === "NotStarted")
      ) {
        expect(group.state).toBe("Pending");
      }
      // RUN-10: a stopped run tracks no member: none shows Running.
      if (run.stopped) expect(states).not.toContain("Running");
      if (states.length > 0 && states.every((s) => s === "Skipped"))
        expect(group.state).toBe("Skipped");
      // RUN-2: nothing of a later stage has started (the user may have skipped it).
      if (index > current) {
        expect(states.every((s) => s === "NotStarted" || s === "Skipped")).toBe(true);
        expect(["NotStarted", "Skipped"]).toContain(group.state);
      }
    }
    if (stage.state === "Pending") {
      expect(stage.groups.every((g) => g.state === "Pending" || g.state === "NotStarted")).toBe(
        true,
      );
      expect(stage.groups.some((g) => g.state === "Pending")).toBe(true);
    }
    if (stage.groups.some((g) => g.state === "Failed")) expect(stage.state).toBe("Failed");
  });
  if (run.state === "Pending") expect(run.stages[current]?.state).toBe("Pending");
}
