/**
 * Update runs (RUN-1..12) at fleet scale, against KubeFleet's published anchor: a p90 of
 * 96 s for one 3-stage run of 100 member clusters.
 *
 * (a) Engine: the pure `decideUpdateRun` driven by a host whose member upgrades take zero
 *     time (each START_MEMBER answered at once with MEMBER_STARTED then MEMBER_ENDED):
 *     CPU per member transition and per run, for 1,000 members in 5 stages (10 groups of
 *     20 per stage) and 100 members in 3 stages of 20/30/50 (groups of 10).
 * (b) workerd (Miniflare, sim provider, every command duration 0): the same two shapes
 *     through the HTTP API — members are clusters without node pools, so a member's Full
 *     upgrade is the LIFE-3 cluster upgrade's control-plane path; the run is created and
 *     started with `POST …/update-runs`, virtual time moves 1 s per `POST /v1/sim/advance`
 *     until `GET …/update-runs/{run}` says Completed. Wall time to Completed, storage rows
 *     written per member by the run object and by the fleet object (its cluster upgrades
 *     included), and the latency of the status read at that size.
 *
 * Prints tables, then one key=value line. Not asserted.
 * Run: `tsx scripts/bench/update-run.bench.ts`; `BENCH_WORKERD=0` skips (b).
 */
import { performance } from "node:perf_hooks";
import {
  type Candidate,
  createUpdateRun,
  decideUpdateRun,
  type UpdateRun,
  type UpdateRunEvent,
  type UpdateStrategy,
} from "../../packages/engine/src/index.ts";
import { type ControlPlane, startSimControlPlane } from "./lib/control-plane.ts";
import { CLUSTER_COLUMNS, seedZeroDurationRuns } from "./lib/inventory-fixture.ts";
import {
  describeRuntime,
  formatInt,
  formatMs,
  type KeyValue,
  printKeyValues,
  printTable,
} from "./lib/report.ts";
import { median, percentile } from "./lib/stats.ts";

const OLD = "1.21.11-gke.1100";
const NEW = "1.21.14-gke.4300";
const REGION = "us-central1";
const ADMIN_TOKEN = "rgt_bench_admin_token_for_local_benchmarks_only_0123456789";
const EPOCH = Date.UTC(2026, 10, 2);
const KUBEFLEET_P90_S = 96;
const REPEATS = 3;
const STATUS_READS = 20;
const MAX_ADVANCES = 20_000;

/** A run shape: members per group, per stage. */
interface Shape {
  key: string;
  label: string;
  stages: number[][];
}

const SHAPES: readonly Shape[] = [
  {
    key: "m1000",
    label: "1,000 members, 5 stages × 10 groups × 20",
    stages: Array.from({ length: 5 }, () => Array.from({ length: 10 }, () => 20)),
  },
  {
    key: "m100",
    label: "100 members, 3 stages 20/30/50 (groups of 10)",
    stages: [
      [10, 10],
      [10, 10, 10],
      [10, 10, 10, 10, 10],
    ],
  },
];

function strategyOf(shape: Shape): UpdateStrategy {
  return {
    stages: shape.stages.map((groups, s) => ({
      name: `stage-${s}`,
      groups: groups.map((_, g) => ({ name: `g-${s}-${g}` })),
    })),
  };
}

/** Clusters of the shape, by name: `<prefix>-<stage>-<group>-<member>`. */
function clustersOf(shape: Shape, prefix: string): { name: string; group: string }[] {
  return shape.stages.flatMap((groups, s) =>
    groups.flatMap((members, g) =>
      Array.from({ length: members }, (_, m) => ({
        name: `${prefix}-${s}-${g}-${String(m).padStart(2, "0")}`,
        group: `g-${s}-${g}`,
      })),
    ),
  );
}

interface EngineResult {
  members: number;
  decisions: number;
  engineMs: number;
}

/** (a) One run driven to Completed with zero-duration member upgrades. */
function runEngine(shape: Shape): EngineResult {
  const candidates: Candidate[] = clustersOf(shape, "c").map(({ name, group }) => ({
    facts: { cluster: name, region: REGION, version: OLD, pools: [] },
    updateGroup: group,
  }));
  const created = createUpdateRun(
    {
      name: "bench",
      fleet: "bench",
      goal: { type: "Full", kubernetesVersion: NEW, nodeImageSelection: "Latest" },
      strategy: strategyOf(shape),
      candidates,
      availability: { versionRegions: {}, nodeImages: [] },
      catalogue: [OLD, NEW],
    },
    EPOCH,
  );
  if (!created.ok) throw new Error(created.error.detail);
  let run: UpdateRun = created.value;
  const queue: UpdateRunEvent[] = [{ type: "START", at: EPOCH }];
  let decisions = 0;
  let engineMs = 0;
  while (queue.length > 0) {
    const event = queue.shift()!;
    const t0 = performance.now();
    const decided = decideUpdateRun(run, event, EPOCH);
    engineMs += performance.now() - t0;
    decisions++;
    if (!decided.ok) throw new Error(decided.error.detail);
    run = decided.value.state;
    for (const intent of decided.value.intents) {
      queue.push({
        type: "MEMBER_STARTED",
        cluster: intent.cluster,
        operationId: `op-${intent.cluster}`,
        at: EPOCH,
      });
      queue.push({ type: "MEMBER_ENDED", cluster: intent.cluster, succeeded: true, at: EPOCH });
    }
  }
  if (run.state !== "Completed") throw new Error(`engine run ended ${run.state}`);
  return { members: candidates.length, decisions, engineMs };
}

interface WorkerdResult {
  members: number;
  wallMs: number;
  advances: number;
  runRows: number;
  fleetRows: number;
  statusP50: number;
  statusP90: number;
  statusBytes: number;
}

async function must(result: Promise<{ status: number; body: string }>, what: string, ok = 200) {
  const r = await result;
  if (r.status !== ok) throw new Error(`${what}: ${r.status} ${r.body.slice(0, 300)}`);
  return r;
}

/** (b) One run in workerd; its own fleet, so the fleet object's counter is this run's. */
async function runWorkerd(cp: ControlPlane, shape: Shape): Promise<WorkerdResult> {
  const fleet = `bench-${shape.key}`;
  const clusters = clustersOf(shape, shape.key);
  await cp.insert("fleets", ["name", "created_at", "updated_at"], [[fleet, EPOCH, EPOCH]]);
  const rows = clusters.map(({ name, group }) => [
    name,
    fleet,
    "standalone",
    null,
    REGION,
    "REGULAR",
    0,
    OLD,
    OLD,
    "RUNNING",
    group,
    null,
    0,
    "{}",
    EPOCH,
    EPOCH,
  ]);
  for (let i = 0; i < rows.length; i += 500) {
    await cp.insert("clusters", CLUSTER_COLUMNS, rows.slice(i, i + 500));
  }
  const base = `/v1/fleets/${fleet}/update-runs`;
  await must(
    cp.post(base, {
      name: "bench",
      stages: strategyOf(shape).stages,
      upgrade: { type: "Full", kubernetesVersion: NEW },
    }),
    "create run",
    201,
  );
  const fleetBefore = await cp.inspectFleet(fleet);
  const wall0 = performance.now();
  await must(cp.post(`${base}/bench/start`, {}), "start run");
  let advances = 0;
  for (;;) {
    const status = await must(cp.get(`${base}/bench`), "status");
    const state = (JSON.parse(status.body) as { state: string }).state;
    if (state === "Completed") break;
    if (state !== "Running" && state !== "Pending") throw new Error(`run ended ${state}`);
    if (advances >= MAX_ADVANCES) throw new Error(`no end after ${advances} advances`);
    await must(cp.post("/v1/sim/advance", { seconds: 1 }), "advance");
    advances++;
  }
  const wallMs = performance.now() - wall0;
  const runInspection = await cp.inspectRun(fleet, "bench");
  const fleetAfter = await cp.inspectFleet(fleet);
  const reads: number[] = [];
  let statusBytes = 0;
  for (let i = 0; i < STATUS_READS; i++) {
    const t0 = performance.now();
    const r = await must(cp.get(`${base}/bench`), "status");
    reads.push(performance.now() - t0);
    statusBytes = r.body.length;
  }
  reads.sort((a, b) => a - b);
  // Later advances must not tick this fleet again.
  await cp.query("DELETE FROM clusters WHERE fleet = ?", [fleet]);
  await cp.query("DELETE FROM fleets WHERE name = ?", [fleet]);
  return {
    members: clusters.length,
    wallMs,
    advances,
    runRows: runInspection.rowsWritten / clusters.length,
    fleetRows: (fleetAfter.rowsWritten - fleetBefore.rowsWritten) / clusters.length,
    statusP50: percentile(reads, 0.5),
    statusP90: percentile(reads, 0.9),
    statusBytes,
  };
}

async function main(): Promise<void> {
  console.log(`update runs · ${describeRuntime()}`);
  const pairs: Record<string, KeyValue> = {};

  const engineRows: string[][] = [];
  for (const shape of SHAPES) {
    const results = Array.from({ length: REPEATS }, () => runEngine(shape));
    const ms = median(results.map((r) => r.engineMs));
    const { members, decisions } = results[0]!;
    // A member transition: started (START_MEMBER carried out), then ended.
    const transitions = members * 2;
    engineRows.push([
      shape.label,
      formatInt(members),
      formatInt(decisions),
      formatMs(ms),
      formatMs(ms / transitions),
    ]);
    pairs[`${shape.key}_engine_ms`] = ms;
    pairs[`${shape.key}_engine_us_per_transition`] = (ms / transitions) * 1000;
  }
  console.log("\n(a) engine, zero-duration member upgrades (median of 3)");
  printTable(
    [
      { header: "run" },
      { header: "members", align: "right" },
      { header: "decisions", align: "right" },
      { header: "engine ms", align: "right" },
      { header: "ms/transition", align: "right" },
    ],
    engineRows,
  );

  if (process.env.BENCH_WORKERD !== "0") {
    const { cp, bundleMs, startMs } = await startSimControlPlane(ADMIN_TOKEN);
    try {
      await cp.migrate();
      await seedZeroDurationRuns(cp, { from: OLD, to: NEW, at: EPOCH });
      const rows: string[][] = [];
      for (const shape of SHAPES) {
        const r = await runWorkerd(cp, shape);
        rows.push([
          shape.label,
          formatInt(r.members),
          formatMs(r.wallMs / 1000),
          formatInt(r.advances),
          r.runRows.toFixed(2),
          r.fleetRows.toFixed(1),
          formatMs(r.statusP50),
          formatMs(r.statusP90),
          formatInt(r.statusBytes),
        ]);
        pairs[`${shape.key}_workerd_s`] = r.wallMs / 1000;
        pairs[`${shape.key}_advances`] = r.advances;
        pairs[`${shape.key}_run_rows_per_member`] = r.runRows;
        pairs[`${shape.key}_fleet_rows_per_member`] = r.fleetRows;
        pairs[`${shape.key}_status_p50_ms`] = r.statusP50;
        pairs[`${shape.key}_status_p90_ms`] = r.statusP90;
      }
      console.log(
        `\n(b) workerd (bundle ${formatMs(bundleMs)} ms, start ${formatMs(startMs)} ms), sim durations 0, 1 s per advance`,
      );
      printTable(
        [
          { header: "run" },
          { header: "members", align: "right" },
          { header: "wall s", align: "right" },
          { header: "advances", align: "right" },
          { header: "run rows/member", align: "right" },
          { header: "fleet rows/member", align: "right" },
          { header: "status p50 ms", align: "right" },
          { header: "p90 ms", align: "right" },
          { header: "status bytes", align: "right" },
        ],
        rows,
      );
      console.log(`anchor: KubeFleet p90 ${KUBEFLEET_P90_S} s for one 3-stage run of 100 clusters`);
    } finally {
      await cp.dispose();
    }
  } else {
    pairs.workerd = "skipped";
  }
  pairs.kubefleet_anchor_p90_s = KUBEFLEET_P90_S;
  printKeyValues("update-run", pairs);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
