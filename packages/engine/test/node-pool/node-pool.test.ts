import { describe, expect, it } from "vitest";
import { changedShards } from "../../src/collections/keyed-map.ts";
import {
  nodesUnderUpgrade,
  poolScalingPolicy,
  scalableNodes,
} from "../../src/node-pool/autoscaler-interplay.ts";
import { cancelUpgrade } from "../../src/node-pool/controls.ts";
import {
  commandId,
  operationOfCommand,
  parseCommandId,
} from "../../src/node-pool/node-commands.ts";
import { EVENTS_KEPT } from "../../src/node-pool/operation.ts";
import type { NodePoolFacts } from "../../src/node-pool/types.ts";
import {
  decideAll,
  type NodePoolOperation,
  startNodePoolUpgrade,
} from "../../src/node-pool/upgrade.ts";
import { operationView, poolNodes } from "../../src/node-pool/view.ts";
import { MINUTE } from "../../src/time/instant.ts";
import { drive, type FaultPlan, poolOf, T0, TARGET } from "./driver.ts";

function start(pool: NodePoolFacts) {
  const started = startNodePoolUpgrade({ operationId: "op-x", pool, target: TARGET }, T0);
  if (!started.ok) throw new Error(started.error.detail);
  return started.value;
}

const viaJson = (op: NodePoolOperation): NodePoolOperation => JSON.parse(JSON.stringify(op));

describe("node-pool operations as data", () => {
  it.each([
    ["surge", {}],
    ["blue-green", { type: "BLUE_GREEN" as const, batchNodeCount: 2 }],
  ])(
    "NUP-7 NUP-9 %s state survives a JSON round trip after every decision (Durable Object storage)",
    (_name, settings) => {
      const pool = poolOf({ a: 4, b: 3 }, undefined, {
        upgradeStrategy: { maxSurge: 2, ...settings },
      });
      const quota: FaultPlan = (c, nth) =>
        c.type === "CREATE_NODE" && nth === 1 && c.node.endsWith("1")
          ? { kind: "FAIL", reason: "QUOTA_EXCEEDED" }
          : undefined;
      const script = [{ at: T0 + 3 * MINUTE, label: "cancel", act: cancelUpgrade }];
      const plain = drive(start(pool), T0, { faults: quota, script });
      const stored = drive(start(pool), T0, { faults: quota, script, reload: viaJson });
      expect(stored.commands).toEqual(plain.commands);
      expect(viaJson(stored.op)).toEqual(viaJson(plain.op));
    },
  );

  it("NUP-3 command ids read back: operation, node, step, attempt", () => {
    const id = commandId("op:with:colons", "node-1", "DRAIN_FORCED", 3);
    expect(parseCommandId("op:with:colons", id)).toEqual({
      node: "node-1",
      step: "DRAIN_FORCED",
      attempt: 3,
    });
    expect(parseCommandId("op-other", id)).toBeUndefined();
    expect(parseCommandId("op:with", "op:with:x:BOGUS:1")).toBeUndefined();
    // A report finds its operation from the id alone.
    expect(operationOfCommand(commandId("op-1", "node-1", "DRAIN", 2))).toBe("op-1");
    expect(operationOfCommand("no-operation")).toBeUndefined();
  });

  it("NUP-12 a surge leaves nodes being upgraded alone; the rest scale as usual with the target config", () => {
    let checked = 0;
    drive(
      start(poolOf({ a: 5 }, undefined, { upgradeStrategy: { maxSurge: 2, maxUnavailable: 1 } })),
      T0,
      {
        observe: (op) => {
          const busy = nodesUnderUpgrade(op);
          const free = scalableNodes(op);
          expect(free.filter((n) => busy.includes(n))).toEqual([]);
          if (op.header.state === "RUNNING") {
            expect(poolScalingPolicy(op).groups).toMatchObject([
              { scaleUp: true, scaleDown: true, config: TARGET },
            ]);
            if (busy.length > 0) checked++;
          }
        },
      },
    );
    expect(checked).toBeGreaterThan(0);
  });

  it("NUP-3 the API view shows nodes live, with in-between states, and a bounded event list", () => {
    const started = start(poolOf({ a: 3 }));
    const states = new Set<string>();
    const result = drive(started, T0, {
      observe: (op) => {
        for (const node of poolNodes(op)) states.add(node.state);
      },
    });
    expect([...states].sort()).toEqual(["DELETING", "DRAINING", "PROVISIONING", "READY"]);
    const view = operationView(result.op);
    expect(view).toMatchObject({
      id: "op-x",
      kind: "NODE_POOL_UPGRADE",
      strategy: "SURGE",
      state: "SUCCEEDED",
      phase: "DONE",
      progress: { done: 3, total: 3 },
      target: { cluster: "prod-1", pool: "pool-a", ...TARGET },
    });
    const many = drive(
      start(poolOf({ a: 80 }, undefined, { upgradeStrategy: { maxSurge: 80 } })),
      T0,
      {
        faults: (c, nth) =>
          c.type === "CREATE_NODE" && nth === 1
            ? { kind: "FAIL", reason: "QUOTA_EXCEEDED" }
            : undefined,
      },
    );
    expect(many.op.header.eventCount).toBeGreaterThan(80);
    expect(many.op.header.events).toHaveLength(EVENTS_KEPT);
    expect(many.op.header.events.at(-1)!.message).toMatch(/all 80 nodes upgraded/);
  });

  it("NUP-5 decideAll folds simultaneous answers into one decision; only touched shards change", () => {
    const started = start(poolOf({ a: 2000 }, undefined, { upgradeStrategy: { maxSurge: 20 } }));
    const answers = started.commands.map((c) => ({
      type: "COMMAND_SUCCEEDED" as const,
      commandId: c.id,
      at: T0 + 120_000,
    }));
    const batch = decideAll(started.state, answers, T0 + 120_000);
    expect(batch.commands.map((c) => c.type)).toEqual(Array(20).fill("CORDON_NODE"));
    const touched = changedShards(started.state.nodes, batch.state.nodes);
    expect(touched.length).toBeGreaterThan(0);
    expect(touched.length).toBeLessThan(batch.state.nodes.shards.length);
  });
});
