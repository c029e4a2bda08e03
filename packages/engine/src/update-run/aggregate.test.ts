import { describe, expect, it } from "vitest";
import { isTerminalState, UPDATE_RUN_TERMINAL_STATES } from "./aggregate.ts";
import type { UpdateRunState } from "./types.ts";

describe("update-run terminal states", () => {
  it("RUN-8 Completed, Skipped and Failed are the states nothing moves out of", () => {
    expect([...UPDATE_RUN_TERMINAL_STATES].sort()).toEqual(["Completed", "Failed", "Skipped"]);
    const moving: UpdateRunState[] = ["NotStarted", "Running", "Pending", "Stopped"];
    for (const state of moving) expect(isTerminalState(state)).toBe(false);
    for (const state of UPDATE_RUN_TERMINAL_STATES) expect(isTerminalState(state)).toBe(true);
  });

  it("RUN-10 a stopped run is not terminal: start again resumes it", () => {
    expect(isTerminalState("Stopped")).toBe(false);
  });

  it("RUN-8 a state text the index does not know is not terminal", () => {
    expect(isTerminalState("")).toBe(false);
    expect(isTerminalState("completed")).toBe(false);
  });
});
