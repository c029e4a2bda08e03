import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { UpgradeStrategySettings } from "../../src/node-pool/types.ts";
import { startNodePoolUpgrade } from "../../src/node-pool/upgrade.ts";
import {
  type ControlAction,
  controlScript,
  drive,
  type FaultPlan,
  poolOf,
  T0,
  TARGET,
} from "./driver.ts";

/** "NUP-6: …", "MW-4: …": a reason or error is led by the rule that holds the operation. */
const LED_BY_RULE = /^(VER|CH|SEQ|MW|RUN|LIFE|NUP|CA|EXT)-\d+: \S/;

const strategyArb = fc.constantFrom<UpgradeStrategySettings>(
  { type: "SURGE", maxSurge: 1, maxUnavailable: 0 },
  { type: "SURGE", maxSurge: 0, maxUnavailable: 2 },
  { type: "BLUE_GREEN", batchNodeCount: 1, batchSoakSeconds: 60, nodePoolSoakSeconds: 600 },
  { type: "AUTOSCALED_BLUE_GREEN", waitSeconds: 600 },
);

/** Every kind of trouble the machines wait on or stop for: capacity, failures, stuck drains. */
function faults(seed: number): FaultPlan {
  return (command, nth) => {
    const roll = ((seed * 31 + command.id.length * 17 + nth * 7) % 100) / 100;
    if (command.type === "CREATE_NODE" && nth === 1 && roll < 0.3)
      return { kind: "FAIL", reason: seed % 2 === 0 ? "QUOTA_EXCEEDED" : "IP_EXHAUSTED" };
    if (command.type === "DRAIN_NODE" && roll < 0.1) return { kind: "STUCK" };
    if (roll > 0.95) return { kind: "FAIL", reason: "FAILED" };
    return undefined;
  };
}

type Action = Exclude<ControlAction, "complete">;

describe("EXT-9 reasons of node-pool operations", () => {
  it("EXT-9 under random strategies, faults, windows and controls, every reason and error an operation shows is led by the rule ID that holds it, and a paused, cancelled or failed operation always says why", () => {
    fc.assert(
      fc.property(
        strategyArb,
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.array(
          fc.record({
            minute: fc.integer({ min: 0, max: 120 }),
            action: fc.constantFrom<Action>("cancel", "resume", "rollback", "close", "open"),
          }),
          { maxLength: 4 },
        ),
        (upgradeStrategy, perZone, seed, actions) => {
          const pool = poolOf({ a: perZone, b: perZone }, "1.30.1-gke.100", {
            upgradeStrategy,
            autoscalingEnabled: true,
          });
          const started = startNodePoolUpgrade({ operationId: "op-1", pool, target: TARGET }, T0);
          if (!started.ok) throw new Error(started.error.detail);
          let checked = 0;
          drive(started.value, T0, {
            faults: faults(seed),
            script: controlScript(actions),
            until: T0 + 3 * 86_400_000,
            observe: (op) => {
              const { state, reason, error } = op.header;
              if (reason !== undefined) expect(reason).toMatch(LED_BY_RULE);
              if (error !== undefined) expect(error).toMatch(LED_BY_RULE);
              if (state === "PAUSED" || state === "CANCELLED") expect(reason).toBeDefined();
              if (state === "FAILED") expect(error ?? reason).toBeDefined();
              checked++;
            },
          });
          expect(checked).toBeGreaterThan(0);
        },
      ),
      { numRuns: 80 },
    );
  }, 30_000);
});
