import { env, runInDurableObject } from "cloudflare:test";
import { type NodePoolOperationView, poolNodes } from "@regatta/engine";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { FleetObject } from "../src/objects/fleet/fleet-object.ts";
import { loadOperation } from "../src/objects/fleet/node-pool/store.ts";
import type { ObjectWiring } from "../src/objects/wiring.ts";
import { SUBMISSIONS_KEY } from "../src/providers/sim/executor.ts";
import type { ObjectRuntime } from "../src/runtime/runtime.ts";
import type { CrashPoint } from "../src/runtime/types.ts";
import { clusterBody, poolBody, seedBasics } from "./fixtures.ts";
import { advanceClock, api, freezeClock } from "./helpers.ts";
import { invariantViolations } from "./time/invariants.ts";

/**
 * Chaos: many seeded node-pool upgrades (surge and blue-green, small pools) under random
 * sim faults, with the fleet object "restarted" at random points while time is driven:
 * after a commit, between two timers of an alarm, after a write-back reached D1. A
 * restart drops the runtime and all it held in memory and re-arms nothing (the cron's
 * tick finds the work again), as an evicted object would. Invariants per run: no command
 * issued twice (the sim counts every id it is handed), the operation succeeds, the pool
 * ends exact (nodes per zone and version as planned) and the inventory lists the nodes
 * the object's final state holds.
 *
 * `pnpm bench` runs the same with 1,000 runs (scripts/bench/chaos.bench.ts).
 */

declare module "vitest" {
  interface ProvidedContext {
    chaosRuns: number;
    chaosSeed: number;
  }
}

const RUNS = inject("chaosRuns") ?? 30;
const SEED = inject("chaosSeed") ?? 20_260_105;
const FLEET = "chaos";
const OLD = "1.21.11-gke.1100";
const NEW = "1.21.14-gke.4300";
const ZONES = ["europe-west1-b", "europe-west1-c"];
/** Chance that a crash point, once reached while time is driven, kills the object. */
const CRASH_CHANCE = 0.08;
const MAX_STEPS = 200;

/** mulberry32: a small seeded generator, so a failing run can be replayed by its seed. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface RunPlan {
  cluster: string;
  zones: string[];
  perZone: number;
  strategy: Record<string, unknown>;
  fault?: { effect: "FAIL" | "QUOTA_EXCEEDED"; times: number; operation: string };
}

function planRun(run: number, random: () => number): RunPlan {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const zones = random() < 0.5 ? [ZONES[0]!] : [...ZONES];
  const perZone = 1 + Math.floor(random() * 3);
  const surge = random() < 0.6;
  const strategy = surge
    ? pick([
        { type: "SURGE", maxSurge: 1, maxUnavailable: 0 },
        { type: "SURGE", maxSurge: 2, maxUnavailable: 0 },
        { type: "SURGE", maxSurge: 0, maxUnavailable: 1 },
        { type: "SURGE", maxSurge: 1, maxUnavailable: 1 },
      ])
    : {
        type: "BLUE_GREEN",
        batchNodeCount: 1 + Math.floor(random() * 2),
        batchSoakSeconds: pick([0, 60]),
        nodePoolSoakSeconds: pick([0, 300]),
      };
  const plan: RunPlan = { cluster: `chaos-${run}`, zones, perZone, strategy };
  const fault = random();
  if (fault < 0.3) {
    plan.fault = { effect: "FAIL", times: 1 + Math.floor(random() * 2), operation: "CREATE_NODE" };
  } else if (fault < 0.45) {
    plan.fault = { effect: "QUOTA_EXCEEDED", times: 1, operation: "CREATE_NODE" };
  } else if (fault < 0.55) {
    plan.fault = { effect: "FAIL", times: 1, operation: pick(["DRAIN_NODE", "DELETE_NODE"]) };
  }
  return plan;
}

const stub = () => env.FLEET.get(env.FLEET.idFromName(FLEET));

/** What the chaos hooks count across runs. */
const tally = {
  runs: 0,
  restarts: 0,
  byPoint: {} as Record<string, number>,
  violations: [] as string[],
  invariantChecks: 0,
};
let armed = false;
let random = seeded(SEED);

async function installHooks(): Promise<void> {
  await runInDurableObject(stub(), (instance: FleetObject) => {
    const wiring = (instance as unknown as { wiring: ObjectWiring }).wiring;
    wiring.hooks = {
      countSubmissions: true,
      crash: (point: CrashPoint) => {
        if (!armed || random() >= CRASH_CHANCE) return false;
        tally.restarts++;
        tally.byPoint[point] = (tally.byPoint[point] ?? 0) + 1;
        return true;
      },
    };
    wiring.restart();
  });
}

/**
 * One driving step: time moves on, then the cron's tick, sometimes racing the platform's
 * alarm. Called on the instance itself (not over RPC), so a crash is a rejected promise
 * here rather than an RPC error logged by workerd.
 */
async function drive(): Promise<void> {
  await advanceClock(30 + Math.floor(random() * 270));
  const race = random() < 0.25;
  await runInDurableObject(stub(), async (instance: FleetObject) => {
    armed = true;
    try {
      const calls: Promise<unknown>[] = [instance.tick()];
      if (race) calls.push(instance.alarm());
      // A crash rejects the call that met it; the object carries on at the next tick.
      await Promise.allSettled(calls);
    } finally {
      armed = false;
    }
  });
}

async function isLive(id: string): Promise<boolean> {
  const row = await env.DB.prepare("SELECT live FROM operations WHERE id = ?").bind(id).first();
  return row?.live === 1;
}

async function runOne(run: number): Promise<void> {
  const plan = planRun(run, random);
  const violation = (what: string) =>
    tally.violations.push(`run ${run} (${JSON.stringify(plan)}): ${what}`);
  expect(
    (
      await api("PUT", `/v1/clusters/${plan.cluster}`, {
        body: clusterBody({ fleet: FLEET, version: NEW }),
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await api("PUT", `/v1/clusters/${plan.cluster}/node-pools/p`, {
        body: poolBody({
          version: OLD,
          zones: plan.zones,
          nodeCount: plan.perZone,
          upgradeStrategy: plan.strategy,
        }),
      })
    ).status,
  ).toBe(201);
  if (plan.fault) {
    const { effect, times, operation } = plan.fault;
    await api("PUT", `/v1/sim/faults/chaos-${run}`, {
      body: { match: { cluster: plan.cluster, operation }, effect, times },
    });
  }
  const started = await api("POST", `/v1/clusters/${plan.cluster}/node-pools/p/upgrade`, {
    body: {},
  });
  if (started.status !== 202)
    console.log(`chaos violation: run ${run} start ${JSON.stringify(started.body)}`);
  expect(started.status).toBe(202);
  const id = started.body.id as string;

  let view: NodePoolOperationView | undefined;
  for (let step = 0; step < MAX_STEPS; step++) {
    view = await stub().operation(id);
    if (view?.endedAt !== undefined && !(await isLive(id))) break;
    await drive();
    // State agrees with itself after every step, not only at the end: what the
    // operation says first, then what the inventory shows.
    const operation = await stub().operation(id);
    const seen = (await api("GET", `/v1/clusters/${plan.cluster}/nodes?pool=p&limit=500`)).body;
    tally.invariantChecks++;
    for (const what of invariantViolations({ operation, nodes: seen.items, target: NEW }))
      violation(`step ${step}: ${what}`);
  }
  if (plan.fault) await api("DELETE", `/v1/sim/faults/chaos-${run}`);
  tally.runs++;

  if (view?.state !== "SUCCEEDED") {
    violation(`ended ${view?.state} (${view?.error ?? view?.reason ?? "still running"})`);
    return;
  }
  if (await isLive(id)) violation("never written back");
  const final = await runInDurableObject(stub(), async (instance: FleetObject) => {
    const wiring = (instance as unknown as { wiring: ObjectWiring }).wiring;
    const runtime: ObjectRuntime = await wiring.ready();
    return runtime.commit((tx) => {
      const hosted = loadOperation(tx, id);
      return {
        nodes: hosted ? poolNodes(hosted.op) : [],
        submissions: tx.getState<Record<string, number>>(SUBMISSIONS_KEY) ?? {},
      };
    });
  });
  const twice = Object.entries(final.submissions).filter(
    ([command, count]) => command.startsWith(`${id}:`) && count > 1,
  );
  if (twice.length > 0) violation(`issued twice: ${twice.map(([c]) => c).join(", ")}`);

  const listed = (await api("GET", `/v1/clusters/${plan.cluster}/nodes?pool=p&limit=500`)).body
    .items as { name: string; zone: string; version: string; state: string }[];
  for (const zone of plan.zones) {
    const inZone = listed.filter((node) => node.zone === zone);
    if (inZone.length !== plan.perZone)
      violation(`${zone} holds ${inZone.length} nodes, planned ${plan.perZone}`);
  }
  const wrong = listed.filter((node) => node.version !== NEW || node.state !== "READY");
  if (wrong.length > 0) violation(`nodes not READY on ${NEW}: ${JSON.stringify(wrong)}`);
  const key = (n: { name: string; zone: string; version: string }) =>
    `${n.name}@${n.zone}@${n.version}`;
  const objectNodes = final.nodes
    .filter((node) => node.state !== "DELETING")
    .map(key)
    .sort();
  if (JSON.stringify(objectNodes) !== JSON.stringify(listed.map(key).sort()))
    violation(
      `inventory ${JSON.stringify(listed.map(key))} ≠ object ${JSON.stringify(objectNodes)}`,
    );
  const pool = await api("GET", `/v1/clusters/${plan.cluster}/node-pools/p`);
  if (pool.body.version !== NEW) violation(`pool version ${pool.body.version}`);
}

describe("chaos: node-pool upgrades with faults and object restarts", () => {
  beforeAll(async () => {
    await seedBasics(FLEET);
    await freezeClock();
    random = seeded(SEED);
    await installHooks();
  });

  afterAll(async () => {
    await runInDurableObject(stub(), (instance: FleetObject, state) => {
      (instance as unknown as { wiring: ObjectWiring }).wiring.hooks = {};
      return state.storage.deleteAlarm();
    });
  });

  it(
    `no command lost or issued twice, every pool exact, the inventory matches the object (${RUNS} seeded runs)`,
    async () => {
      for (let run = 0; run < RUNS; run++) {
        await runOne(run);
        // The zones' quotas are shared by every run: a run gives its nodes back, so a
        // thousand runs do not fill them and get refused by NUP-8.
        await api("DELETE", `/v1/clusters/chaos-${run}`);
      }
      const points = Object.entries(tally.byPoint)
        .map(([point, n]) => `${point}=${n}`)
        .join(" ");
      console.log(
        `chaos: runs=${tally.runs} restarts=${tally.restarts} invariant-checks=${tally.invariantChecks} violations=${tally.violations.length} seed=${SEED} (${points})`,
      );
      for (const line of tally.violations) console.log(`chaos violation: ${line}`);
      expect(tally.violations).toEqual([]);
      expect(tally.restarts).toBeGreaterThan(0);
    },
    Math.max(600_000, RUNS * 5_000),
  );
});
