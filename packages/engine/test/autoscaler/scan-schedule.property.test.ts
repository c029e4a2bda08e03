import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AutoscalerNode, AutoscalerPod, AutoscalerPool } from "../../src/index.ts";
import { MIN, T0 } from "./fixtures.ts";
import { runScenario, type Scenario } from "./scan-world.ts";

const ZONES = ["z-a", "z-b"];
const HORIZON_MS = 150 * MIN;

const poolArb = (
  name: string,
): fc.Arbitrary<{ pool: AutoscalerPool; nodes: number; quota: boolean }> =>
  fc
    .record({
      zones: fc.subarray(ZONES, { minLength: 1 }),
      min: fc.integer({ min: 0, max: 2 }),
      extra: fc.integer({ min: 0, max: 3 }),
      optimize: fc.boolean(),
      spot: fc.boolean(),
      nodes: fc.integer({ min: 0, max: 3 }),
      quota: fc.boolean(),
    })
    .map((g) => ({
      pool: {
        name,
        machine: {
          machineType: "m-4",
          cpuMillis: 4000,
          memoryMiB: 16384,
          pricePerHour: 1,
          spotPricePerHour: 0.3,
        },
        zones: g.zones,
        spot: g.spot,
        autoscaling: {
          enabled: true,
          totalMinNodes: g.min,
          totalMaxNodes: g.min + g.extra,
          profile: g.optimize ? ("optimize-utilization" as const) : ("balanced" as const),
        },
      },
      nodes: g.nodes,
      quota: g.quota,
    }));

/** What the agent may list: ordinary pods, pods below the cut-off (CA-12), one too big for any pool. */
const TEMPLATES: AutoscalerPod[] = [
  ...Array.from({ length: 8 }, (_, i) => ({
    name: `web-${i}`,
    controller: "ReplicaSet",
    containers: [{ cpuMillis: 500 + ((i * 700) % 3000), memoryMiB: 512 }],
  })),
  {
    name: "batch-0",
    controller: "Job",
    priority: -20,
    containers: [{ cpuMillis: 3000, memoryMiB: 256 }],
  },
  { name: "huge", controller: "ReplicaSet", containers: [{ cpuMillis: 64_000, memoryMiB: 256 }] },
];

/** Instants in seconds after the start: off the grid, and on it now and then. */
const instantArb = fc.integer({ min: 1, max: HORIZON_MS / 1000 - 1 }).map((s) => T0 + s * 1000);

const scenarioArb: fc.Arbitrary<Scenario> = fc
  .record({
    pools: fc
      .integer({ min: 1, max: 2 })
      .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => poolArb(`pool-${i}`)))),
    snapshots: fc.array(fc.tuple(instantArb, fc.subarray(TEMPLATES)), { maxLength: 6 }),
    first: fc.subarray(TEMPLATES),
    evaluations: fc.array(instantArb, { maxLength: 3 }),
    quotaMin: fc.integer({ min: 0, max: 60 }),
    stuckDrainEvery: fc.integer({ min: 1, max: 4 }),
    maxCreateMin: fc.integer({ min: 1, max: 20 }),
    seed: fc.integer({ min: 1, max: 1 << 30 }),
  })
  .map((g): Scenario => {
    const nodes: AutoscalerNode[] = g.pools.flatMap(({ pool, nodes: n }) =>
      Array.from({ length: n }, (_, k) => ({
        name: `${pool.name}-n${k}`,
        pool: pool.name,
        zone: pool.zones[k % pool.zones.length] as string,
        state: "READY" as const,
      })),
    );
    return {
      pools: g.pools.map((p) => p.pool),
      nodes,
      snapshots: [
        { at: T0, pods: g.first },
        ...g.snapshots.map(([at, pods]) => ({ at, pods })),
      ].sort((a, b) => a.at - b.at),
      evaluations: g.evaluations,
      quotaPools: g.pools.filter((p) => p.quota).map((p) => p.pool.name),
      quotaUntil: T0 + g.quotaMin * MIN,
      stuckDrainEvery: g.stuckDrainEvery,
      maxCreateMs: g.maxCreateMin * MIN,
      seed: g.seed,
      start: T0,
      horizon: T0 + HORIZON_MS,
    };
  });

describe("scan schedule properties", () => {
  it("CA-17 CA-3 CA-4 CA-5 CA-8 CA-11 CA-12 passes only where a decision could differ give the brute loop's decision log: same entries, same instants", () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const brute = runScenario(scenario, "brute");
        const events = runScenario(scenario, "events");
        expect(events.log).toEqual(brute.log);
        expect(events.nodes).toEqual(brute.nodes);
        expect(events.passes).toBeLessThanOrEqual(brute.passes);
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it("CA-17 a cluster left with a pod that fits nowhere and nodes kept at their minimum is not passed again", () => {
    const pool: AutoscalerPool = {
      name: "p",
      machine: { machineType: "m-4", cpuMillis: 4000, memoryMiB: 16384, pricePerHour: 1 },
      zones: ["z-a"],
      autoscaling: { enabled: true, totalMinNodes: 2, totalMaxNodes: 4 },
    };
    const scenario: Scenario = {
      pools: [pool],
      nodes: [0, 1].map((k) => ({
        name: `p-n${k}`,
        pool: "p",
        zone: "z-a",
        state: "READY" as const,
      })),
      snapshots: [{ at: T0, pods: TEMPLATES.filter((p) => p.name === "huge") }],
      evaluations: [],
      quotaPools: [],
      quotaUntil: T0,
      stuckDrainEvery: 2,
      maxCreateMs: MIN,
      seed: 1,
      start: T0,
      horizon: T0 + 24 * 60 * MIN,
    };
    const brute = runScenario(scenario, "brute");
    const events = runScenario(scenario, "events");
    expect(brute.passes).toBe(8_641);
    expect(events.passes).toBe(1);
    expect(events.log).toEqual(brute.log);
    expect(events.log.map((d) => d.reason)).toEqual([
      "node p-n0 kept: pool is at its minimum of 2 nodes",
      "node p-n1 kept: pool is at its minimum of 2 nodes",
      expect.stringMatching(/^1 pending pod fits no pool that may grow: huge \(64 CPU, 256 MiB\)/),
    ]);
  });
});
