import { describe, expect, it } from "vitest";
import { CLUSTER_UPGRADE_TERMINAL_STATES, isClusterUpgradeTerminal } from "./types.ts";

describe("cluster upgrade terminal states", () => {
  it("LIFE-3 a cluster upgrade ends SUCCEEDED, FAILED or CANCELLED by the operator; it never rolls back", () => {
    expect([...CLUSTER_UPGRADE_TERMINAL_STATES].sort()).toEqual([
      "CANCELLED",
      "FAILED",
      "SUCCEEDED",
    ]);
    expect(isClusterUpgradeTerminal("CANCELLED")).toBe(true);
    expect(isClusterUpgradeTerminal("ROLLED_BACK")).toBe(false);
    expect(isClusterUpgradeTerminal("SUCCEEDED")).toBe(true);
    expect(isClusterUpgradeTerminal("FAILED")).toBe(true);
    expect(isClusterUpgradeTerminal("RUNNING")).toBe(false);
    expect(isClusterUpgradeTerminal("PAUSED")).toBe(false);
  });
});
