/**
 * Rollout sequencing (SEQ) through a full release (2022-R25, Testing → Staging →
 * Production):
 *
 * (a) the pure engine at full size: 3 fleets × 1,000 clusters, every group's machine fed
 *     by the test driver (packages/engine/test/sequencing/driver.ts) — wall ms, decisions,
 *     messages between groups (the RPCs of the real system);
 * (b) the control plane in workerd (Miniflare, sim provider, frozen clock moved with
 *     `POST /v1/sim/advance`) at a smaller size (BENCH_ROLLOUT_CLUSTERS per fleet, default
 *     10; every cluster upgrade is a real CLUSTER_UPGRADE and NODE_POOL_UPGRADE operation)
 *     — wall time, Durable Object rows written per cluster upgrade, RPCs between fleet
 *     objects (`messagesHeard` of each group's status);
 * (c) the wake-up of 100 sequenced fleets: `PUT /v1/releases/{release}` runs the same
 *     `wakeRollouts` as the cron tick, one pass per fleet.
 *
 * Prints tables and one key=value line. Not asserted.
 * Run: `tsx scripts/bench/rollout.bench.ts` (or `pnpm bench`).
 */
import { performance } from "node:perf_hooks";
import { ChainDriver, cluster, T0 } from "../../packages/engine/test/sequencing/driver.ts";
import { type ControlPlane, startSimControlPlane } from "./lib/control-plane.ts";
import {
  describeRuntime,
  formatInt,
  formatMs,
  type KeyValue,
  printKeyValues,
  printTable,
} from "./lib/report.ts";

const ADMIN_TOKEN = "rgt_bench_admin_token_for_local_benchmarks_only_0123456789";
const DAY = 86_400;
const FLEETS = ["testing", "staging", "production"];
const WORKERD_CLUSTERS = Number(process.env.BENCH_ROLLOUT_CLUSTERS ?? 10);
const CRON_FLEETS = Number(process.env.BENCH_ROLLOUT_CRON_FLEETS ?? 100);
const FROM = "1.21.11-gke.1100";
const TARGET = "1.21.14-gke.4300";

interface EngineRun {
  clusters: number;
  wallMs: number;
  decisions: number;
  messages: number;
  starts: number;
}

function engineRun(perFleet: number): EngineRun {
  const group = (name: string, soakDays: number) => ({
    name,
    soakSeconds: soakDays * DAY,
    clusters: Array.from({ length: perFleet }, (_, i) => cluster(`${name}-${i}`, "1.21.5-gke.100")),
  });
  const driver = new ChainDriver([
    group("testing", 14),
    group("staging", 7),
    group("production", 0),
  ]);
  const started = performance.now();
  driver.run(T0 + 30 * DAY * 1000);
  const wallMs = performance.now() - started;
  const done = driver.status("production").upgrades.every((u) => u.state === "COMPLETE");
  if (!done) throw new Error(`engine run of ${perFleet} clusters per fleet did not complete`);
  return {
    clusters: perFleet * 3,
    wallMs,
    decisions: driver.decisions,
    messages: driver.messages.length,
    starts: driver.starts.length,
  };
}

async function ok(cp: ControlPlane, method: "PUT" | "POST", path: string, body: unknown) {
  const result = method === "POST" ? await cp.post(path, body) : await cp.put(path, body);
  if (result.status >= 300) throw new Error(`${method} ${path} → ${result.status} ${result.body}`);
  return JSON.parse(result.body || "{}") as Record<string, unknown>;
}

async function catalog(cp: ControlPlane): Promise<void> {
  await ok(cp, "PUT", "/v1/zones/europe-west1-b", {
    region: "europe-west1",
    quota: { nodes: 100_000 },
  });
  await ok(cp, "PUT", "/v1/machine-types/e2-standard-4", {
    cpuMillis: 4000,
    memoryMiB: 16_384,
    pricePerHour: 0.134,
  });
  await release(cp, "2022-R25");
}

function release(cp: ControlPlane, name: string) {
  return ok(cp, "PUT", `/v1/releases/${name}`, {
    channel: "REGULAR",
    targets: {
      "1.20": TARGET,
      "1.21": TARGET,
      "1.22": "1.23.8-gke.1900",
      "1.24": "1.24.5-gke.600",
    },
    versions: [FROM],
  });
}

async function sequencedCluster(cp: ControlPlane, name: string, fleet: string): Promise<void> {
  await ok(cp, "PUT", `/v1/clusters/${name}`, {
    fleet,
    role: "standalone",
    region: "europe-west1",
    releaseChannel: "REGULAR",
    version: FROM,
  });
  await ok(cp, "PUT", `/v1/clusters/${name}/node-pools/p`, {
    machineType: "e2-standard-4",
    zones: ["europe-west1-b"],
    nodeCount: 1,
    version: FROM,
    nodeImage: "cos-97",
    upgradeStrategy: { type: "SURGE", maxSurge: 1, maxUnavailable: 0 },
  });
}

interface Status {
  upgrades: { state: string }[];
  messagesHeard?: number;
}

async function status(cp: ControlPlane, fleet: string): Promise<Status> {
  const result = await cp.get(`/v1/fleets/${fleet}/rollout`);
  if (result.status !== 200)
    throw new Error(`GET rollout of ${fleet} → ${result.status} ${result.body}`);
  return JSON.parse(result.body) as Status;
}

interface WorkerdRun {
  clusters: number;
  wallMs: number;
  advances: number;
  rows: number;
  upgrades: number;
  rpcs: number;
}

async function workerdRun(cp: ControlPlane, perFleet: number): Promise<WorkerdRun> {
  for (const fleet of FLEETS) {
    await ok(cp, "PUT", `/v1/fleets/${fleet}`, {});
    for (let i = 0; i < perFleet; i++) await sequencedCluster(cp, `${fleet}-${i}`, fleet);
  }
  const before = await Promise.all(FLEETS.map((fleet) => cp.inspectFleet(fleet)));
  const started = performance.now();
  await ok(cp, "PUT", "/v1/fleets/testing/rollout", { defaultSoakSeconds: DAY });
  await ok(cp, "PUT", "/v1/fleets/staging/rollout", {
    upstreamFleet: "testing",
    defaultSoakSeconds: DAY,
  });
  await ok(cp, "PUT", "/v1/fleets/production/rollout", {
    upstreamFleet: "staging",
    defaultSoakSeconds: 0,
  });
  let advances = 0;
  for (;;) {
    const production = await status(cp, "production");
    if (
      production.upgrades.length === 2 &&
      production.upgrades.every((u) => u.state === "COMPLETE")
    )
      break;
    if (advances > 2000)
      throw new Error("the release did not reach production within 2,000 advances");
    await ok(cp, "POST", "/v1/sim/advance", { seconds: 900 });
    advances++;
  }
  const wallMs = performance.now() - started;
  const after = await Promise.all(FLEETS.map((fleet) => cp.inspectFleet(fleet)));
  const rows = after.reduce((sum, a, i) => sum + a.rowsWritten - (before[i]?.rowsWritten ?? 0), 0);
  const statuses = await Promise.all(FLEETS.map((fleet) => status(cp, fleet)));
  const rpcs = statuses.reduce((sum, s) => sum + (s.messagesHeard ?? 0), 0);
  return { clusters: perFleet * 3, wallMs, advances, rows, upgrades: perFleet * 3 * 2, rpcs };
}

async function cronRun(
  cp: ControlPlane,
  fleets: number,
): Promise<{ fleets: number; wakeMs: number }> {
  for (let i = 0; i < fleets; i++) {
    const fleet = `cron-${i}`;
    await ok(cp, "PUT", `/v1/fleets/${fleet}`, {});
    await sequencedCluster(cp, `${fleet}-c`, fleet);
    await ok(cp, "PUT", `/v1/fleets/${fleet}/rollout`, { defaultSoakSeconds: DAY });
  }
  // Warm once, then time: every sequenced fleet on REGULAR runs one pass.
  await release(cp, "2022-R26");
  const started = performance.now();
  await release(cp, "2022-R26");
  return { fleets, wakeMs: performance.now() - started };
}

async function main(): Promise<void> {
  console.log(`rollout sequencing benchmark · ${describeRuntime()}`);
  console.log("");
  console.log(
    "(a) pure engine, 3 fleets (Testing 14 d, Staging 7 d, Production 0 d soak), one release",
  );
  const engine = [engineRun(10), engineRun(100), engineRun(1000)];
  printTable(
    [
      { header: "clusters", align: "right" },
      { header: "cluster upgrades", align: "right" },
      { header: "decisions", align: "right" },
      { header: "messages between groups", align: "right" },
      { header: "wall ms", align: "right" },
    ],
    engine.map((r) => [
      formatInt(r.clusters),
      formatInt(r.starts),
      formatInt(r.decisions),
      formatInt(r.messages),
      formatMs(r.wallMs),
    ]),
  );
  console.log("");

  console.log(
    `(b) workerd, 3 fleets × ${WORKERD_CLUSTERS} clusters (1 pool, 1 node each), soaks 1 d / 1 d / 0, advance 900 s steps`,
  );
  const { cp, bundleMs, startMs } = await startSimControlPlane(ADMIN_TOKEN);
  let run: WorkerdRun;
  let cron: { fleets: number; wakeMs: number };
  try {
    await cp.migrate();
    await catalog(cp);
    run = await workerdRun(cp, WORKERD_CLUSTERS);
    console.error(
      `  release through workerd: ${run.advances} advances, ${(run.wallMs / 1000).toFixed(1)} s`,
    );
    cron = await cronRun(cp, CRON_FLEETS);
  } finally {
    await cp.dispose();
  }
  printTable(
    [
      { header: "clusters", align: "right" },
      { header: "advances", align: "right" },
      { header: "wall s", align: "right" },
      { header: "DO rows / cluster upgrade", align: "right" },
      { header: "RPCs between fleets", align: "right" },
    ],
    [
      [
        formatInt(run.clusters),
        formatInt(run.advances),
        (run.wallMs / 1000).toFixed(1),
        (run.rows / run.upgrades).toFixed(1),
        formatInt(run.rpcs),
      ],
    ],
  );
  console.log(
    `bundle ${formatMs(bundleMs)} ms, miniflare start ${formatMs(startMs)} ms; a cluster upgrade = its control-plane phase or its node phase (2 per cluster); rows = FleetObject.inspect().rowsWritten of the 3 fleets, all operations included`,
  );
  console.log("");
  console.log(
    `(c) wake-up of ${cron.fleets} sequenced fleets (release write = the cron's wakeRollouts)`,
  );
  printTable(
    [
      { header: "fleets", align: "right" },
      { header: "wall ms", align: "right" },
      { header: "ms per fleet", align: "right" },
    ],
    [[formatInt(cron.fleets), formatMs(cron.wakeMs), (cron.wakeMs / cron.fleets).toFixed(1)]],
  );
  console.log("");
  const pairs: Record<string, KeyValue> = {};
  for (const r of engine) {
    pairs[`engine_c${r.clusters}_ms`] = r.wallMs;
    pairs[`engine_c${r.clusters}_messages`] = r.messages;
  }
  pairs.workerd_clusters = run.clusters;
  pairs.workerd_wall_s = run.wallMs / 1000;
  pairs.workerd_rows_per_cluster_upgrade = run.rows / run.upgrades;
  pairs.workerd_rpcs_per_release = run.rpcs;
  pairs.cron_fleets = cron.fleets;
  pairs.cron_wake_ms = cron.wakeMs;
  printKeyValues("rollout", pairs);
}

main().catch((error: unknown) => {
  console.error(
    `rollout bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exit(1);
});
