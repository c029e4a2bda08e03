/**
 * A whole cluster upgraded end to end (LIFE-3) in sim mode: 50 worker pools, each spread
 * over 3 zones with nodeCount 20 (API semantics: per zone, so 60 nodes a pool, 3,000 in
 * all), their strategies cycling through surge 1/0, surge 0/20 (seed 004's profiles),
 * surge 5/0 and blue-green (batches of 20 nodes, no soaks):
 *
 * (a) simulated makespan against a lower bound: the pure lifecycle machine and every
 *     pool's own node-pool machine driven by one pure sim (zero jitter, unlimited
 *     capacity, no faults, DEFAULT_SIM_DURATIONS). The bound is the critical path of the
 *     plan's step DAG (plan.ts: worker pools side by side once the control plane is done,
 *     as the seed allows), each component step costing its command's sim duration and
 *     each worker pool step its own pool's bound (lib/bounds.ts, shared with
 *     node-pool-upgrade.bench.ts);
 * (b) engine CPU: wall ms inside the lifecycle and node-pool engine calls (the sim's
 *     calls apart) and the process CPU of the whole loop, median of 3 runs;
 * (c) the real control plane in workerd (Miniflare): the inventory loaded into D1,
 *     `POST /v1/clusters/{cluster}/upgrade {version}`, virtual time moved with
 *     `POST /v1/sim/advance` to each next due timer until `GET /v1/operations/{id}` says
 *     SUCCEEDED and the write-backs have run; Durable Object rows written per node.
 *
 * The cluster is `standalone` in both halves: a user cluster's preflight needs its admin
 * cluster's version (VER-5), which the API reads from a second cluster; a standalone one
 * checks its (empty) list of managed clusters instead. Self-managed, its plan also
 * deploys the preflight operator and upgrades the lifecycle controllers and the cluster
 * operator before the control plane (LIFE-5, in place).
 *
 * Left out: SHORT_LIVED (waits for nodes to go away within its 7-day preemption horizon:
 * its makespan is the horizon, not the engine's) and AUTOSCALED_BLUE_GREEN (needs the
 * cluster autoscaler, which the sim does not run).
 *
 * Prints tables, how the bound is computed, then one key=value line. Not asserted.
 *
 * Run: `tsx scripts/bench/cluster-upgrade.bench.ts` (or `pnpm bench` for every benchmark).
 * `BENCH_POOLS=8` and `BENCH_NODE_COUNT=5` (per zone) shrink the cluster;
 * `BENCH_WORKERD=0` skips the workerd half.
 */
import { performance } from "node:perf_hooks";
import {
  type ClusterFacts,
  type ClusterUpgradeRequest,
  DEFAULT_SIM_DURATIONS,
  type NodePoolFacts,
  planSteps,
  type UpgradeStrategySettings,
} from "../../packages/engine/src/index.ts";
import {
  type Bound,
  criticalPath,
  lowerBound,
  NODE_STEP_SECONDS,
  type PathStep,
  stepBound,
} from "./lib/bounds.ts";
import { loadCatalog, parseJson } from "./lib/catalog.ts";
import { type ClusterSimRun, simulateClusterUpgrade } from "./lib/cluster-sim.ts";
import { type Cell, type ControlPlane, startSimControlPlane } from "./lib/control-plane.ts";
import { CLUSTER_COLUMNS, NODE_COLUMNS } from "./lib/inventory-fixture.ts";
import { evenPool, FROM_VERSION, NODE_IMAGE, TO_VERSION } from "./lib/pool-sim.ts";
import {
  describeRuntime,
  formatInt,
  formatMs,
  type KeyValue,
  printKeyValues,
  printTable,
} from "./lib/report.ts";
import { median } from "./lib/stats.ts";

function envCount(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === "") return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a count ≥ 1`);
  return value;
}

const POOL_COUNT = envCount("BENCH_POOLS", 50);
/** API `nodeCount`: nodes per zone. */
const NODE_COUNT = envCount("BENCH_NODE_COUNT", 20);
const REGION = "us-central1";
const ZONES = ["us-central1-a", "us-central1-b", "us-central1-c"] as const;
const NODES_PER_POOL = NODE_COUNT * ZONES.length;
const TOTAL_NODES = NODES_PER_POOL * POOL_COUNT;
/** Pure-engine runs; the median is printed (the first also warms the JIT). */
const REPEATS = 3;
const WORKERD = process.env.BENCH_WORKERD !== "0";
const CLUSTER = "cu-bench";
const FLEET = "bench-cluster";
const ROLE = "standalone";
const ADMIN_TOKEN = "rgt_bench_admin_token_for_local_benchmarks_only_0123456789";
const MACHINE_TYPE = "e2-standard-4";
/** Inventory timestamps; fixed so runs are identical. */
const EPOCH = Date.UTC(2026, 10, 1);
const ROWS_PER_LOAD_REQUEST = 2000;
/** Refuses to loop forever when the upgrade in the control plane stops moving. */
const MAX_ADVANCES = 5_000;
/** Timers that only retire finished operations, 30 days on: not part of the upgrade. */
const RETIRE_TIMERS = new Set(["op-retire", "cu-retire"]);

/** A strategy in the cycle. */
interface Profile {
  key: string;
  label: string;
  settings: UpgradeStrategySettings;
}

const PROFILES: readonly Profile[] = [
  {
    key: "s1u0",
    label: "surge 1/0",
    settings: { type: "SURGE", maxSurge: 1, maxUnavailable: 0 },
  },
  {
    key: "s0u20",
    label: "surge 0/20",
    settings: { type: "SURGE", maxSurge: 0, maxUnavailable: 20 },
  },
  {
    key: "s5u0",
    label: "surge 5/0",
    settings: { type: "SURGE", maxSurge: 5, maxUnavailable: 0 },
  },
  {
    key: "bg",
    label: "blue-green batch 20, soaks 0",
    settings: {
      type: "BLUE_GREEN",
      batchNodeCount: 20,
      batchSoakSeconds: 0,
      nodePoolSoakSeconds: 0,
    },
  },
];

/** The cluster's worker pools: `pool-00`, `pool-01`, … with the strategies in turn. */
const POOLS = Array.from({ length: POOL_COUNT }, (_, i) => ({
  name: `pool-${String(i).padStart(2, "0")}`,
  profile: PROFILES[i % PROFILES.length]!,
}));

function poolFacts(): NodePoolFacts[] {
  return POOLS.map(({ name, profile }) =>
    evenPool(CLUSTER, name, NODES_PER_POOL, ZONES, profile.settings),
  );
}

/** What the API would plan from, without the inventory: the same role, versions and pools. */
function upgradeRequest(): ClusterUpgradeRequest {
  const facts: ClusterFacts = {
    cluster: CLUSTER,
    role: ROLE,
    version: FROM_VERSION,
    catalogue: [FROM_VERSION, TO_VERSION],
    managedClusters: [],
    pools: poolFacts(),
    // cluster-upgrades.ts: the inventory has no control-plane node count; the API says 3.
    controlPlaneNodes: 3,
    // Each worker pool by its own strategy, as (c) asks the API: the default (in place,
    // one node at a time: bare metal) would make every pool's strategy moot.
    workerPools: "STRATEGY",
  };
  return { operationId: "cu-bench", facts, version: TO_VERSION };
}

const D = DEFAULT_SIM_DURATIONS;
const profileOf = new Map(POOLS.map((p) => [p.name, p.profile]));

function poolBound(pool: string): Bound {
  return lowerBound(profileOf.get(pool)!.settings, NODES_PER_POOL, ZONES.length);
}

// ---- (a) + (b): pure engine and pure sim -----------------------------------------------

interface PureResult {
  run: ClusterSimRun;
  bound: { seconds: number; path: PathStep[] };
  lifecycleMs: number;
  nodePoolMs: number;
  engineMs: number;
  simMs: number;
  cpuMs: number;
}

function runPure(): PureResult {
  const request = upgradeRequest();
  const bound = criticalPath(planSteps(request), (step) => stepBound(step, poolBound));
  const runs: ClusterSimRun[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const run = simulateClusterUpgrade(upgradeRequest());
    if (run.state !== "SUCCEEDED") {
      throw new Error(`cluster upgrade ended ${run.state}: ${run.op.error ?? run.op.reason ?? ""}`);
    }
    const failed = run.pools.filter((p) => p.state !== "SUCCEEDED");
    if (failed.length > 0) {
      throw new Error(`pools ended unsuccessfully: ${failed.map((p) => p.pool).join(", ")}`);
    }
    runs.push(run);
  }
  return {
    run: runs[0]!,
    bound,
    lifecycleMs: median(runs.map((r) => r.lifecycleMs)),
    nodePoolMs: median(runs.map((r) => r.nodePoolMs)),
    engineMs: median(runs.map((r) => r.lifecycleMs + r.nodePoolMs)),
    simMs: median(runs.map((r) => r.simMs)),
    cpuMs: median(runs.map((r) => r.cpuMs)),
  };
}

function printCluster(r: PureResult): void {
  const { run } = r;
  printTable(
    [
      { header: "pools", align: "right" },
      { header: "nodes", align: "right" },
      { header: "steps", align: "right" },
      { header: "makespan s", align: "right" },
      { header: "bound s", align: "right" },
      { header: "ratio", align: "right" },
      { header: "instants", align: "right" },
      { header: "lifecycle dec", align: "right" },
      { header: "pool dec", align: "right" },
      { header: "events", align: "right" },
      { header: "commands", align: "right" },
    ],
    [
      [
        formatInt(POOL_COUNT),
        formatInt(TOTAL_NODES),
        formatInt(run.op.steps.length),
        formatInt(run.makespanSeconds),
        formatInt(r.bound.seconds),
        (run.makespanSeconds / r.bound.seconds).toFixed(3),
        formatInt(run.instants),
        formatInt(run.lifecycleDecisions),
        formatInt(run.poolDecisions),
        formatInt(run.events),
        formatInt(run.commands),
      ],
    ],
  );
}

/** The critical path, each step's earliest start and end beside what the run did. */
function printPath(r: PureResult): void {
  const actual = new Map(r.run.op.steps.map((s) => [s.id, s]));
  const offset = (at: number | undefined) =>
    at === undefined ? "-" : formatInt((at - r.run.op.startedAt) / 1000);
  printTable(
    [
      { header: "critical path step" },
      { header: "cost s", align: "right" },
      { header: "cost =" },
      { header: "bound start", align: "right" },
      { header: "bound end", align: "right" },
      { header: "run start", align: "right" },
      { header: "run end", align: "right" },
    ],
    r.bound.path.map((p) => [
      p.step.id,
      formatInt(p.bound.seconds),
      p.bound.how,
      formatInt(p.start),
      formatInt(p.end),
      offset(actual.get(p.step.id)?.startedAt),
      offset(actual.get(p.step.id)?.endedAt),
    ]),
  );
}

/** Worker pools by strategy: their own upgrade's duration against their own bound. */
function printStrategies(r: PureResult): void {
  const rows = PROFILES.map((profile) => {
    const runs = r.run.pools.filter((p) => profileOf.get(p.pool) === profile);
    const durations = runs.map((p) => p.endedAt - p.startedAt);
    const bound = lowerBound(profile.settings, NODES_PER_POOL, ZONES.length);
    const worst = Math.max(...durations);
    return [
      profile.label,
      formatInt(runs.length),
      formatInt(NODES_PER_POOL),
      runs.length === 0 ? "-" : formatInt(Math.min(...runs.map((p) => p.startedAt))),
      runs.length === 0 ? "-" : `${formatInt(Math.min(...durations))}–${formatInt(worst)}`,
      formatInt(bound.seconds),
      runs.length === 0 ? "-" : (worst / bound.seconds).toFixed(3),
      bound.how,
    ];
  });
  printTable(
    [
      { header: "worker pools" },
      { header: "pools", align: "right" },
      { header: "nodes each", align: "right" },
      { header: "started at s", align: "right" },
      { header: "upgrade s (min–max)", align: "right" },
      { header: "pool bound s", align: "right" },
      { header: "max ratio", align: "right" },
      { header: "pool bound =" },
    ],
    rows,
  );
}

function printEngine(r: PureResult): void {
  printTable(
    [
      { header: "lifecycle ms", align: "right" },
      { header: "node-pool ms", align: "right" },
      { header: "engine ms", align: "right" },
      { header: "sim ms", align: "right" },
      { header: "cpu ms", align: "right" },
      { header: "engine µs/event", align: "right" },
      { header: "engine µs/node", align: "right" },
    ],
    [
      [
        formatMs(r.lifecycleMs),
        formatMs(r.nodePoolMs),
        formatMs(r.engineMs),
        formatMs(r.simMs),
        formatMs(r.cpuMs),
        ((1000 * r.engineMs) / r.run.events).toFixed(1),
        ((1000 * r.engineMs) / TOTAL_NODES).toFixed(1),
      ],
    ],
  );
}

// ---- (c): the control plane in workerd -------------------------------------------------

interface ObjectResult {
  /** `POST /v1/sim/advance` calls, including the ones after SUCCEEDED (write-backs). */
  advances: number;
  /** Virtual seconds from the start request to SUCCEEDED. */
  makespanSeconds: number;
  rowsAtSuccess: number;
  /** …and once no timer but the 30-day retirements is left (write-backs done). */
  rowsTotal: number;
  /** Wall ms from the upgrade request to the end of the write-backs. */
  wallMs: number;
  /** Wall ms loading the inventory rows into D1. */
  loadMs: number;
  /** D1 after the write-backs: the cluster's versions and its nodes by version. */
  inventory: string;
}

/** Fleet, cluster, pools and nodes as D1 rows (foreign keys on: parents first). */
function inventoryRows() {
  const stamp = EPOCH;
  const pools = poolFacts();
  return [
    {
      table: "fleets",
      columns: ["name", "created_at", "updated_at"],
      rows: [[FLEET, stamp, stamp]],
    },
    {
      table: "releases",
      columns: ["name", "channel", "targets", "versions", "created_at"],
      rows: [
        [
          "bench-release",
          "REGULAR",
          JSON.stringify({ "1.21": TO_VERSION }),
          JSON.stringify([FROM_VERSION, TO_VERSION]),
          stamp,
        ],
      ],
    },
    {
      table: "clusters",
      columns: [...CLUSTER_COLUMNS],
      rows: [
        [
          CLUSTER,
          FLEET,
          ROLE,
          null,
          REGION,
          "REGULAR",
          0,
          FROM_VERSION,
          FROM_VERSION,
          "RUNNING",
          null,
          null,
          0,
          "{}",
          stamp,
          stamp,
        ],
      ],
    },
    {
      table: "node_pools",
      columns: [
        "cluster",
        "name",
        "uid",
        "machine_type",
        "zones",
        "node_count",
        "version",
        "node_image",
        "upgrade_strategy",
        "created_at",
        "updated_at",
      ],
      rows: POOLS.map(({ name, profile }): Cell[] => [
        CLUSTER,
        name,
        `uid-${name}`,
        MACHINE_TYPE,
        JSON.stringify(ZONES),
        NODE_COUNT,
        FROM_VERSION,
        NODE_IMAGE,
        JSON.stringify(profile.settings),
        stamp,
        stamp,
      ]),
    },
    {
      table: "nodes",
      columns: [...NODE_COLUMNS],
      rows: pools.flatMap((pool) =>
        pool.nodes.map((node): Cell[] => [
          CLUSTER,
          node.name,
          pool.pool,
          node.zone,
          node.version,
          node.nodeImage,
          "READY",
          null,
          stamp,
          stamp,
        ]),
      ),
    },
  ];
}

async function runInControlPlane(cp: ControlPlane): Promise<ObjectResult> {
  const loadStart = performance.now();
  await loadCatalog(cp, { region: REGION, zones: ZONES, machineType: MACHINE_TYPE, epoch: EPOCH });
  for (const table of inventoryRows()) {
    for (let i = 0; i < table.rows.length; i += ROWS_PER_LOAD_REQUEST) {
      await cp.insert(table.table, table.columns, table.rows.slice(i, i + ROWS_PER_LOAD_REQUEST));
    }
  }
  const loadMs = performance.now() - loadStart;

  const wallStart = performance.now();
  const before = await cp.inspectFleet(FLEET);
  const started = await cp.post(`/v1/clusters/${CLUSTER}/upgrade`, {
    version: TO_VERSION,
    workerPools: "STRATEGY",
  });
  if (started.status !== 202) {
    throw new Error(`upgrade of ${CLUSTER} refused (${started.status}): ${started.body}`);
  }
  const id = parseJson<{ id: string }>(started.body, "upgrade").id;
  const startedAt = before.now;

  let advances = 0;
  let rowsAtSuccess: number | undefined;
  let endedAt = startedAt;
  for (;;) {
    const view = await cp.get(`/v1/operations/${id}`);
    const op = parseJson<{ state: string; phase?: string; reason?: string; endedAt?: string }>(
      view.body,
      "operation",
    );
    const inspected = await cp.inspectFleet(FLEET);
    if (op.state !== "RUNNING" && op.state !== "SUCCEEDED") {
      throw new Error(`operation ${id} is ${op.state}: ${view.body.slice(0, 600)}`);
    }
    if (op.state === "SUCCEEDED" && rowsAtSuccess === undefined) {
      rowsAtSuccess = inspected.rowsWritten - before.rowsWritten;
      endedAt = op.endedAt === undefined ? inspected.now : Date.parse(op.endedAt);
    }
    // Done once nothing but the 30-day retirements is pending: every pool's node
    // write-back and the cluster's status.version (deliveries) included.
    const pending = inspected.timers.filter((t) => !RETIRE_TIMERS.has(t.kind));
    if (rowsAtSuccess !== undefined && pending.length === 0) {
      const wallMs = performance.now() - wallStart;
      return {
        advances,
        makespanSeconds: (endedAt - startedAt) / 1000,
        rowsAtSuccess,
        rowsTotal: inspected.rowsWritten - before.rowsWritten,
        wallMs,
        loadMs,
        inventory: await inventoryAfter(cp),
      };
    }
    const next = Math.min(...pending.map((timer) => timer.due));
    if (!Number.isFinite(next)) {
      throw new Error(
        `operation ${id} is ${op.state} (${op.phase ?? "?"}) with no timer: ${op.reason ?? ""}`,
      );
    }
    if (advances >= MAX_ADVANCES) {
      throw new Error(
        `operation ${id} is ${op.state} (${op.phase ?? "?"}) after ${advances} advances; timers: ${pending
          .slice(0, 5)
          .map((t) => `${t.kind}@+${(t.due - startedAt) / 1000}s`)
          .join(", ")}`,
      );
    }
    // Exactly to the next due timer: each instant's reports are decided at their instant.
    const seconds = Math.max(0, Math.ceil((next - inspected.now) / 1000));
    const advanced = await cp.post("/v1/sim/advance", { seconds });
    if (advanced.status !== 200) {
      throw new Error(`sim advance failed (${advanced.status}): ${advanced.body}`);
    }
    advances += 1;
    if (advances % 50 === 0) {
      console.error(
        `  workerd: ${advances} advances, +${formatInt((inspected.now - startedAt) / 1000)} s virtual, ${op.state}/${op.phase ?? "?"}`,
      );
    }
  }
}

/** What D1 says once the write-backs ran: the cluster's versions and nodes per version. */
async function inventoryAfter(cp: ControlPlane): Promise<string> {
  const cluster = await cp.query(
    "SELECT spec_version, status_version, phase FROM clusters WHERE name = ?",
    [CLUSTER],
  );
  const nodes = await cp.query(
    "SELECT version, COUNT(*) AS n FROM nodes WHERE cluster = ? GROUP BY version ORDER BY version",
    [CLUSTER],
  );
  const c = parseJson<{ spec_version: string; status_version: string; phase: string }[]>(
    cluster.body,
    "cluster",
  )[0];
  const counts = parseJson<{ version: string; n: number }[]>(nodes.body, "nodes")
    .map((row) => `${row.version}×${formatInt(row.n)}`)
    .join(", ");
  return c === undefined
    ? `cluster missing; nodes ${counts}`
    : `spec ${c.spec_version}, status ${c.status_version}, phase ${c.phase}; nodes ${counts}`;
}

function printObject(r: ObjectResult): void {
  printTable(
    [
      { header: "pools", align: "right" },
      { header: "nodes", align: "right" },
      { header: "advances", align: "right" },
      { header: "makespan s", align: "right" },
      { header: "rows @SUCCEEDED", align: "right" },
      { header: "rows +write-back", align: "right" },
      { header: "rows/node", align: "right" },
      { header: "rows/advance", align: "right" },
      { header: "load s", align: "right" },
      { header: "wall s", align: "right" },
    ],
    [
      [
        formatInt(POOL_COUNT),
        formatInt(TOTAL_NODES),
        formatInt(r.advances),
        formatInt(r.makespanSeconds),
        formatInt(r.rowsAtSuccess),
        formatInt(r.rowsTotal),
        (r.rowsTotal / TOTAL_NODES).toFixed(2),
        (r.rowsAtSuccess / r.advances).toFixed(1),
        (r.loadMs / 1000).toFixed(1),
        (r.wallMs / 1000).toFixed(1),
      ],
    ],
  );
}

// ---- main --------------------------------------------------------------------------

async function main(): Promise<void> {
  console.log(describeRuntime());
  console.log(
    `sim durations (DEFAULT_SIM_DURATIONS, s): preflight ${D.RUN_PREFLIGHT}, component ${D.UPGRADE_COMPONENT}, control plane ${D.UPGRADE_CONTROL_PLANE}, health check ${D.HEALTH_CHECK}; create ${D.CREATE_NODE}, cordon ${D.CORDON_NODE}, drain ${D.DRAIN_NODE}, delete ${D.DELETE_NODE}; jitter 0; capacity unlimited; no faults`,
  );
  console.log(
    `cluster ${CLUSTER} (role ${ROLE}) ${FROM_VERSION} → ${TO_VERSION}: ${POOL_COUNT} worker pools × nodeCount ${NODE_COUNT} per zone × ${ZONES.length} zones = ${formatInt(TOTAL_NODES)} nodes; strategies in turn: ${PROFILES.map((p) => p.label).join(", ")}`,
  );
  console.log("");

  console.log(
    `(a) makespan vs lower bound, pure lifecycle + node-pool engines + pure sim (median of ${REPEATS} runs for times)`,
  );
  const pure = runPure();
  printCluster(pure);
  console.log("");
  printPath(pure);
  console.log("");
  printStrategies(pure);
  console.log(
    "bound = critical path of planSteps(request): each step starts when every step in its `after` is done (pass.ts advance());",
  );
  console.log(
    `  component steps cost their sim command (RUN_PREFLIGHT ${D.RUN_PREFLIGHT}, UPGRADE_COMPONENT ${D.UPGRADE_COMPONENT}, UPGRADE_CONTROL_PLANE ${D.UPGRADE_CONTROL_PLANE}, HEALTH_CHECK ${D.HEALTH_CHECK}, one check that passes), spec/status.version 0;`,
  );
  console.log(
    "  every worker pool step waits only for the control-plane node pool (no load-balancer pool in the API's facts), so all pools run side by side",
  );
  console.log(
    `  and each costs its own pool's bound (lib/bounds.ts lowerBound): surge ceil(largest zone / (maxSurge + maxUnavailable)) × ${NODE_STEP_SECONDS} s;`,
  );
  console.log(
    `  blue-green create ${D.CREATE_NODE} + cordon ${D.CORDON_NODE} + batches × (drain ${D.DRAIN_NODE} + batch soak) + pool soak + drain ${D.DRAIN_NODE} + delete ${D.DELETE_NODE}`,
  );
  console.log(
    "run start/end = the lifecycle step's startedAt/endedAt in the run; pool started at / upgrade s = its own node-pool operation",
  );
  console.log("");

  console.log(`(b) engine time, median of ${REPEATS} runs`);
  printEngine(pure);
  console.log(
    "lifecycle ms = startClusterUpgrade + decideClusterUpgradeAll; node-pool ms = startNodePoolUpgrade + decideAll; sim ms = simSubmit/simAdvance/simNextEventAt; cpu ms = process CPU of the whole loop (incl. GC)",
  );
  console.log("");

  const pairs: Record<string, KeyValue> = {
    pools: POOL_COUNT,
    nodes: TOTAL_NODES,
    zones: ZONES.length,
    repeats: REPEATS,
    makespan_s: pure.run.makespanSeconds,
    bound_s: pure.bound.seconds,
    ratio: pure.run.makespanSeconds / pure.bound.seconds,
    engine_ms: pure.engineMs,
    lifecycle_ms: pure.lifecycleMs,
    node_pool_ms: pure.nodePoolMs,
    sim_ms: pure.simMs,
    cpu_ms: pure.cpuMs,
  };

  if (!WORKERD) {
    console.log("(c) skipped (BENCH_WORKERD=0)");
    pairs.workerd = "skipped";
    printKeyValues("cluster-upgrade", pairs);
    return;
  }
  console.log(
    "(c) the control plane in workerd, SIM_SPEED 0, POST /v1/sim/advance to each next due timer",
  );
  const { cp, bundleMs, startMs } = await startSimControlPlane(ADMIN_TOKEN);
  let outcome: ObjectResult | string;
  try {
    await cp.migrate();
    outcome = await runInControlPlane(cp).catch((error: unknown) =>
      error instanceof Error ? error.message : String(error),
    );
  } finally {
    await cp.dispose();
  }
  if (typeof outcome === "string") {
    console.log(`FAILED: ${outcome}`);
    pairs.workerd_failures = 1;
  } else {
    printObject(outcome);
    console.log(`inventory after the write-backs: ${outcome.inventory}`);
    pairs.workerd_advances = outcome.advances;
    pairs.workerd_makespan_s = outcome.makespanSeconds;
    pairs.workerd_ratio = outcome.makespanSeconds / pure.bound.seconds;
    pairs.rows_at_success = outcome.rowsAtSuccess;
    pairs.rows_total = outcome.rowsTotal;
    pairs.rows_per_node = outcome.rowsTotal / TOTAL_NODES;
    pairs.workerd_wall_s = outcome.wallMs / 1000;
    pairs.workerd_failures = 0;
  }
  console.log(
    `bundle ${formatMs(bundleMs)} ms, miniflare start ${formatMs(startMs)} ms; rows = FleetObject.inspect().rowsWritten after − before the upgrade request (runtime.ts counts every SQL write's rowsWritten); load = inserting the inventory into D1 (not in wall s)`,
  );
  console.log("");
  printKeyValues("cluster-upgrade", pairs);
}

main().catch((error: unknown) => {
  console.error(
    `cluster-upgrade bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exit(1);
});
