import { describe, expect, it } from "vitest";
import {
  cancelUpgrade,
  completeUpgrade,
  resumeUpgrade,
  rollbackUpgrade,
} from "../../src/node-pool/controls.ts";
import type { NodePoolFacts, UpgradeStrategySettings } from "../../src/node-pool/types.ts";
import { startNodePoolUpgrade } from "../../src/node-pool/upgrade.ts";
import { poolNodes } from "../../src/node-pool/view.ts";
import { SECOND } from "../../src/time/instant.ts";
import { type DriveOptions, drive, poolOf, readySizes, T0, TARGET, zoneSizes } from "./driver.ts";

/**
 * Sequence tests, after cluster-api's: each scenario runs once in issue order and its
 * readable timeline is compared with a golden file (a reviewed record of what the
 * machine does), then again under many seeded orders of simultaneous answers, where
 * only the outcome and the invariants must hold. That catches deadlocks and ordering
 * assumptions a table test never exercises.
 */
interface Scenario {
  name: string;
  zones: Record<string, number>;
  strategy: UpgradeStrategySettings;
  script?: DriveOptions["script"];
  outcome: "SUCCEEDED" | "ROLLED_BACK";
  /** NUP-5 bounds per zone while it runs: at most n+s nodes, at least n−u ready. */
  bounds?: { surge: number; unavailable: number };
}

const at = (seconds: number) => T0 + seconds * SECOND;

const SCENARIOS: Scenario[] = [
  {
    name: "surge-5-nodes-s2-u1",
    zones: { a: 5 },
    strategy: { type: "SURGE", maxSurge: 2, maxUnavailable: 1 },
    outcome: "SUCCEEDED",
    bounds: { surge: 2, unavailable: 1 },
  },
  {
    name: "surge-two-zones-cancel-resume",
    zones: { a: 3, b: 3 },
    strategy: { type: "SURGE", maxSurge: 1, maxUnavailable: 0 },
    script: [
      { at: at(200), label: "cancel", act: (op, now) => cancelUpgrade(op, now) },
      { at: at(1000), label: "resume", act: (op, now) => resumeUpgrade(op, now) },
    ],
    outcome: "SUCCEEDED",
    bounds: { surge: 1, unavailable: 0 },
  },
  {
    name: "surge-cancel-rollback",
    zones: { a: 4 },
    strategy: { type: "SURGE", maxSurge: 1, maxUnavailable: 1 },
    script: [
      { at: at(150), label: "cancel", act: (op, now) => cancelUpgrade(op, now) },
      { at: at(500), label: "rollback", act: (op, now) => rollbackUpgrade(op, now) },
    ],
    outcome: "ROLLED_BACK",
    bounds: { surge: 1, unavailable: 1 },
  },
  {
    name: "blue-green-batches-complete",
    zones: { a: 2, b: 2 },
    strategy: {
      type: "BLUE_GREEN",
      batchNodeCount: 2,
      batchSoakSeconds: 60,
      nodePoolSoakSeconds: 86_400,
    },
    script: [{ at: at(3600), label: "complete", act: (op, now) => completeUpgrade(op, now) }],
    outcome: "SUCCEEDED",
  },
  {
    name: "blue-green-rollback-while-draining",
    zones: { a: 3 },
    strategy: { type: "BLUE_GREEN", batchNodeCount: 1, batchSoakSeconds: 600 },
    script: [
      { at: at(300), label: "cancel", act: (op, now) => cancelUpgrade(op, now) },
      { at: at(400), label: "rollback", act: (op, now) => rollbackUpgrade(op, now) },
    ],
    outcome: "ROLLED_BACK",
  },
];

function start(pool: NodePoolFacts) {
  const started = startNodePoolUpgrade({ operationId: "op-seq", pool, target: TARGET }, T0);
  if (!started.ok) throw new Error(started.error.detail);
  return started.value;
}

function run(scenario: Scenario, tieSeed?: number) {
  const pool = poolOf(scenario.zones, undefined, { upgradeStrategy: scenario.strategy });
  const original = pool.nodes[0]!.version;
  const violations: string[] = [];
  const result = drive(start(pool), T0, {
    ...(scenario.script ? { script: scenario.script } : {}),
    ...(tieSeed === undefined ? {} : { tieSeed }),
    observe: (op, now) => {
      if (!scenario.bounds || op.header.state !== "RUNNING") return;
      const sizes = zoneSizes(op);
      const ready = readySizes(op);
      for (const [zone, n] of Object.entries(scenario.zones)) {
        if ((sizes[zone] ?? 0) > n + scenario.bounds.surge)
          violations.push(`${now - T0}ms ${zone} size ${sizes[zone]}`);
        if ((ready[zone] ?? 0) < n - scenario.bounds.unavailable)
          violations.push(`${now - T0}ms ${zone} ready ${ready[zone]}`);
      }
    },
  });
  return { ...result, original, violations };
}

describe("node-pool upgrade sequences", () => {
  for (const scenario of SCENARIOS) {
    it(`NUP-5 NUP-7 NUP-9 ${scenario.name}: the timeline matches its golden file`, async () => {
      const { log, op, refusals } = run(scenario);
      expect(refusals).toEqual([]);
      expect(op.header.state).toBe(scenario.outcome);
      await expect(`${log.join("\n")}\n`).toMatchFileSnapshot(
        `./__golden__/${scenario.name}.timeline`,
      );
    });

    it(`NUP-5 NUP-7 NUP-9 ${scenario.name}: 25 seeded orders of simultaneous answers all end ${scenario.outcome} within bounds`, () => {
      for (let seed = 1; seed <= 25; seed++) {
        const { op, original, violations, commands } = run(scenario, seed);
        expect(op.header.state, `seed ${seed}`).toBe(scenario.outcome);
        expect(violations, `seed ${seed}`).toEqual([]);
        const version = scenario.outcome === "SUCCEEDED" ? TARGET.version : original;
        expect(
          poolNodes(op).every((node) => node.version === version),
          `seed ${seed}`,
        ).toBe(true);
        expect(new Set(commands.map((c) => c.id)).size, `seed ${seed}`).toBe(commands.length);
      }
    });
  }
});
