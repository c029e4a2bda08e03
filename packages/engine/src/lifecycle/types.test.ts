import { describe, expect, it } from "vitest";
import { CLUSTER_UPGRADE_TERMINAL_STATES, isClusterUpgradeTerminal } from "./types.ts";

describe("cluster upgrade terminal states", () => {
  it("LIFE-3 a cluster upgrade ends SUCCEEDED or FAILED; it never rolls back", () => {
    expect([...CLUSTER_UPGRADE_TERMINAL_STATES].sort()).toEqual(["FAILED", "SUCCEEDED"]);
    expect(isClusterUpgradeTerminal("SUCCEEDED")).toBe(true);
    expect(isClusterUpgradeTerminal("FAILED")).toBe(true);
    expect(isClusterUpgradeTerminal("RUNNING")).toBe(false);
    expect(isClusterUpgradeTerminal("PAUSED")).toBe(false);
  });
});
