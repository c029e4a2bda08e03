import { describe, expect, it } from "vitest";
import { isTerminal, NODE_POOL_TERMINAL_STATES } from "./operation.ts";

describe("node-pool operation terminal states", () => {
  it("NUP-7 SUCCEEDED, FAILED and ROLLED_BACK end an operation; a cancelled one still finishes its started nodes", () => {
    expect([...NODE_POOL_TERMINAL_STATES].sort()).toEqual(["FAILED", "ROLLED_BACK", "SUCCEEDED"]);
    expect(isTerminal("SUCCEEDED")).toBe(true);
    expect(isTerminal("FAILED")).toBe(true);
    expect(isTerminal("ROLLED_BACK")).toBe(true);
    expect(isTerminal("CANCELLED")).toBe(false);
    expect(isTerminal("PAUSED")).toBe(false);
    expect(isTerminal("RUNNING")).toBe(false);
  });
});
