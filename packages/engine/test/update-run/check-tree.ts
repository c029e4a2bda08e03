import { expect } from "vitest";
import type { UpdateRun } from "../../src/update-run/types.ts";

/** The aggregation rules of RUN-8/9/11 and RUN-2/3 ordering, checked on one state. */
export function checkTree(run: UpdateRun): void {
  let current = run.stages.findIndex((s) => !s.done);
  if (current < 0) current = run.stages.length;
  const anyFailed = run.stages.some((s) =>
    s.groups.some((g) => g.members.some((m) => m.state === "Failed")),
  );
  expect(run.state === "Failed").toBe(anyFailed);
  run.stages.forEach((stage, index) => {
    for (const group of stage.groups) {
      const states = group.members.map((m) => m.state);
      expect(states.filter((s) => s === "Running").length).toBeLessThanOrEqual(1);
      if (states.includes("Failed")) expect(group.state).toBe("Failed");
      if (group.state === "Pending") {
        expect(states).not.toContain("Running");
        expect(states).toContain("Pending");
      }
      if (states.length > 0 && states.every((s) => s === "Skipped"))
        expect(group.state).toBe("Skipped");
      // RUN-2: nothing of a later stage has started (the user may have skipped it).
      if (index > current) {
        expect(states.every((s) => s === "NotStarted" || s === "Skipped")).toBe(true);
        expect(["NotStarted", "Skipped"]).toContain(group.state);
      }
    }
    if (stage.state === "Pending") {
      expect(stage.groups.some((g) => g.state === "Running")).toBe(false);
      expect(stage.groups.some((g) => g.state === "Pending")).toBe(true);
    }
    if (stage.groups.some((g) => g.state === "Failed")) expect(stage.state).toBe("Failed");
  });
  if (run.state === "Pending") expect(run.stages[current]?.state).toBe("Pending");
}
