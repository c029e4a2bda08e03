import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { keyedValues } from "../../src/collections/keyed-map.ts";
import { allNodes } from "../../src/node-pool/node-steps/node-table.ts";
import type { SurgeOperation } from "../../src/node-pool/strategies/surge/operation.ts";
import type { NodePoolFacts } from "../../src/node-pool/types.ts";
import { type NodePoolOperation, startNodePoolUpgrade } from "../../src/node-pool/upgrade.ts";
import { MINUTE } from "../../src/time/instant.ts";
import {
  type ControlAction,
  controlScript,
  drive,
  type FaultPlan,
  poolOf,
  readySizes,
  type ScriptStep,
  T0,
  TARGET,
  zoneSizes,
} from "./driver.ts";

const ORIGINAL = "1.30.1-gke.100";

/** Pools of 1–3 zones, 1–500 nodes in all, mostly small so the suite stays fast. */
const zonesArb = fc
  .integer({ min: 1, max: 3 })
  .chain((count) =>
    fc.tuple(
      ...Array.from({ length: count }, () =>
        fc.oneof(
          { weight: 6, arbitrary: fc.integer({ min: 1, max: 12 }) },
          { weight: 1, arbitrary: fc.integer({ min: 13, max: 166 }) },
        ),
      ),
    ),
  )
  .map((sizes) => Object.fromEntries(sizes.map((n, i) => [`z${i}`, n])) as Record<string, number>);

const faultsArb = fc.record({
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  quota: fc.constantFrom(0, 0.1, 0.4),
  fail: fc.constantFrom(0, 0, 0.02, 0.1),
  stuck: fc.constantFrom(0, 0.1, 0.5),
});

/** Deterministic faults: a hash of the command id and the seed picks each outcome. */
function faultPlan(f: { seed: number; quota: number; fail: number; stuck: number }): FaultPlan {
  return (command) => {
    const roll = unit(`${f.seed}|${command.id}`);
    if (command.type === "CREATE_NODE" && roll < f.quota)
      return { kind: "FAIL", reason: "QUOTA_EXCEEDED" };
    if (command.type === "DRAIN_NODE" && roll < f.stuck) return { kind: "STUCK" };
    if (unit(`${command.id}|${f.seed}`) < f.fail) return { kind: "FAIL", reason: "FAILED" };
    return undefined;
  };
}

function unit(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0) / 2 ** 32;
}

type Action = ControlAction;
/** Mostly early, while small pools are still upgrading. */
const minuteArb = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 30 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 600 }) },
);
const pair = (first: Action, second: Action) =>
  fc.tuple(minuteArb, fc.integer({ min: 0, max: 90 })).map(([minute, later]) => [
    { minute, action: first },
    { minute: minute + later, action: second },
  ]);
/** Random control sequences, and the meaningful pairs often enough to matter. */
const actionsArb = fc.oneof(
  fc.array(
    fc.record({
      minute: minuteArb,
      action: fc.constantFrom<Action>("cancel", "resume", "rollback", "complete", "close", "open"),
    }),
    { maxLength: 4 },
  ),
  pair("cancel", "rollback"),
  pair("cancel", "resume"),
  pair("close", "open"),
);

function start(pool: NodePoolFacts) {
  const started = startNodePoolUpgrade({ operationId: "op-p", pool, target: TARGET }, T0);
  if (!started.ok) throw new Error(started.error.detail);
  return started.value;
}

/** Checks shared by every strategy once nothing more happens. */
function checkEnd(op: NodePoolOperation, ids: string[], sizes: Record<string, number>): void {
  expect(new Set(ids).size).toBe(ids.length);
  const nodes = allNodes(op.nodes);
  const state = op.header.state;
  if (state === "FAILED") return;
  for (const node of nodes) {
    // Every node ends on exactly one version: the original or the target, not half-way.
    expect([ORIGINAL, TARGET.version]).toContain(node.version);
    expect(node.nodeImage).toBe(node.version === ORIGINAL ? "cos-1" : TARGET.nodeImage);
  }
  if (state === "SUCCEEDED") {
    expect(nodes.every((n) => n.version === TARGET.version && n.state === "READY")).toBe(true);
    expect(zoneSizes(op)).toEqual(sizes);
  }
  if (state === "ROLLED_BACK") {
    expect(nodes.every((n) => n.version === ORIGINAL && n.state === "READY")).toBe(true);
    expect(zoneSizes(op)).toEqual(sizes);
  }
}

describe("node-pool upgrade invariants", () => {
  it("NUP-5 NUP-2 NUP-7 surge under random pools, faults, cancels, resumes, rollbacks and windows: pool size stays within n−u..n+s per zone, never more than maxSurge+maxUnavailable nodes in flight per zone, every node ends on exactly one version, a finished upgrade leaves every node on the target, a rollback every node on the original, no command id is issued twice", () => {
    fc.assert(
      fc.property(
        zonesArb,
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 4 }),
        faultsArb,
        actionsArb,
        (sizes, s, u0, faults, actions) => {
          const u = s === 0 && u0 === 0 ? 1 : u0;
          const pool = poolOf(sizes, ORIGINAL, {
            upgradeStrategy: { maxSurge: s, maxUnavailable: u },
          });
          const result = drive(start(pool), T0, {
            faults: faultPlan(faults),
            script: controlScript(actions),
            observe: (op) => {
              const size = zoneSizes(op);
              const ready = readySizes(op);
              for (const [zone, n] of Object.entries(sizes)) {
                expect(size[zone] ?? 0).toBeLessThanOrEqual(n + s);
                expect(ready[zone] ?? 0).toBeGreaterThanOrEqual(n - u);
              }
              const inFlight: Record<string, number> = {};
              for (const task of keyedValues((op as SurgeOperation).replacements)) {
                inFlight[task.zone] = (inFlight[task.zone] ?? 0) + 1;
              }
              for (const count of Object.values(inFlight)) expect(count).toBeLessThanOrEqual(s + u);
            },
          });
          checkEnd(
            result.op,
            result.commands.map((c) => c.id),
            sizes,
          );
          if (result.op.header.state !== "FAILED") {
            expect(allNodes(result.op.nodes).every((n) => n.state === "READY")).toBe(true);
            expect(zoneSizes(result.op)).toEqual(sizes);
          }
        },
      ),
      { numRuns: 100 },
    );
  }, 30_000);

  it("NUP-8 NUP-9 blue-green under random pools, faults and controls: at most one green per blue node, every node ends on exactly one version, a finished upgrade leaves every node green on the target, a rollback every node blue on the original, no command id is issued twice", () => {
    fc.assert(
      fc.property(
        zonesArb.filter((z) => Object.values(z).reduce((a, b) => a + b, 0) <= 60),
        fc.oneof(
          fc.record({ batchNodeCount: fc.integer({ min: 0, max: 5 }) }),
          fc.record({ batchPercent: fc.constantFrom(0, 0.1, 0.33, 0.5, 1) }),
        ),
        fc.constantFrom(0, 300, 3600),
        fc.constantFrom(0, 600, 7200),
        faultsArb,
        actionsArb,
        (sizes, batch, batchSoakSeconds, nodePoolSoakSeconds, faults, actions) => {
          const pool = poolOf(sizes, ORIGINAL, {
            upgradeStrategy: {
              type: "BLUE_GREEN",
              ...batch,
              batchSoakSeconds,
              nodePoolSoakSeconds,
            },
          });
          const result = drive(start(pool), T0, {
            faults: faultPlan(faults),
            script: controlScript(actions),
            observe: (op) => {
              const size = zoneSizes(op);
              for (const [zone, n] of Object.entries(sizes))
                expect(size[zone] ?? 0).toBeLessThanOrEqual(2 * n);
            },
          });
          const { op } = result;
          checkEnd(
            op,
            result.commands.map((c) => c.id),
            sizes,
          );
          if (op.header.state === "SUCCEEDED")
            expect(allNodes(op.nodes).every((n) => n.color === "GREEN")).toBe(true);
          if (op.header.state === "ROLLED_BACK")
            expect(allNodes(op.nodes).every((n) => n.color === "BLUE")).toBe(true);
        },
      ),
      { numRuns: 120 },
    );
  }, 30_000);

  it("NUP-10 autoscaled blue-green with random autoscaler shrinks, faults, cancels and resumes: no command id is issued twice and a finished upgrade leaves only green nodes on the target", () => {
    fc.assert(
      fc.property(
        zonesArb.filter((z) => Object.values(z).reduce((a, b) => a + b, 0) <= 80),
        fc.integer({ min: 0, max: 7200 }),
        faultsArb,
        fc.array(fc.integer({ min: 0, max: 200 }), { maxLength: 5 }),
        actionsArb,
        (sizes, waitSeconds, faults, shrinks, actions) => {
          const pool = poolOf(sizes, ORIGINAL, {
            controlPlaneVersion: "1.35.0-gke.1",
            autoscalingEnabled: true,
            upgradeStrategy: { type: "AUTOSCALED_BLUE_GREEN", waitSeconds },
          });
          const shrinkSteps: ScriptStep[] = shrinks.map((minute, i) => ({
            at: T0 + minute * MINUTE,
            label: "autoscaler",
            act: (op, now) => {
              const removable = allNodes(op.nodes).filter(
                (n) => n.color === "BLUE" && n.state === "CORDONED" && n.pending === undefined,
              );
              return {
                type: "POOL_SCALED",
                at: now,
                added: [{ name: `green-${i}`, zone: "z0", ...TARGET }],
                removed: removable.slice(0, 3).map((n) => n.name),
              };
            },
          }));
          const result = drive(start(pool), T0, {
            faults: faultPlan({ ...faults, quota: 0 }),
            script: [
              ...controlScript(actions.filter((a) => a.action !== "rollback")),
              ...shrinkSteps,
            ],
          });
          const { op } = result;
          expect(new Set(result.commands.map((c) => c.id)).size).toBe(result.commands.length);
          if (op.header.state === "SUCCEEDED") {
            expect(
              allNodes(op.nodes).every((n) => n.color === "GREEN" && n.version === TARGET.version),
            ).toBe(true);
          }
        },
      ),
      { numRuns: 100 },
    );
  }, 30_000);
});
