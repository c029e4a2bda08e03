import { describe, expect, it } from "vitest";
import { operationParts, withParts } from "../../src/node-pool/parts.ts";
import type { UpgradeStrategySettings } from "../../src/node-pool/types.ts";
import { type NodePoolOperation, startNodePoolUpgrade } from "../../src/node-pool/upgrade.ts";
import { drive, poolOf, T0, TARGET } from "./driver.ts";

const CASES: [string, UpgradeStrategySettings, Record<string, unknown>][] = [
  ["surge", { type: "SURGE", maxSurge: 2, maxUnavailable: 1 }, {}],
  ["blue-green", { type: "BLUE_GREEN" }, {}],
  ["autoscaled blue-green", { type: "AUTOSCALED_BLUE_GREEN" }, { autoscalingEnabled: true }],
  ["short-lived", {}, { flexStart: true }],
];

describe("operation parts", () => {
  it.each(CASES)(
    "%s: the parts put back together are the operation, at every decision",
    (_, strategy, extra) => {
      const started = startNodePoolUpgrade(
        {
          operationId: "op-1",
          pool: poolOf({ a: 300, b: 2 }, undefined, { upgradeStrategy: strategy, ...extra }),
          target: TARGET,
        },
        T0,
      );
      if (!started.ok) throw new Error(started.error.detail);
      let checked = 0;
      const check = (op: NodePoolOperation) => {
        const parts = operationParts(op);
        expect(withParts(parts)).toEqual(op);
        expect(parts.core).not.toHaveProperty("plan");
        for (const [name, collection] of Object.entries(parts.collections)) {
          expect(parts.core).not.toHaveProperty(name);
          expect(collection.shards.flat().length).toBe(collection.size);
        }
        expect(Object.keys(parts.collections)).toContain("nodes");
        checked += 1;
      };
      check(started.value.state);
      drive(started.value, T0, { until: T0 + 3_600_000, observe: (op) => check(op) });
      expect(checked).toBeGreaterThan(1);
    },
  );
});
