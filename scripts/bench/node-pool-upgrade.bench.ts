/**
 * Node-pool upgrades (NUP-2..9) of pools of 10, 100, 1,000 and 5,000 nodes spread evenly
 * over 3 zones, under the four surge profiles of seed 004's table and under blue-green:
 *
 * (a) simulated makespan against a lower bound: the pure engine driven by the pure sim
 *     (zero jitter, unlimited capacity, no faults), all reports due at one instant fed
 *     as one `decideAll`;
 * (b) engine CPU per upgrade: wall ms inside the engine's calls, the sim's calls apart,
 *     and the process CPU of the whole loop;
 * (c) Durable Object storage rows written per upgraded node: the real control plane in
 *     workerd (Miniflare), the upgrade started with `POST …/upgrade`, virtual time moved
 *     with `POST /v1/sim/advance` to each next due timer until `GET /v1/operations/{id}`
 *     says SUCCEEDED, then `FleetObject.inspect().rowsWritten`.
 *
 * Prints tables, how each bound is computed, then one key=value line. Not asserted.
 *
 * Run: `tsx scripts/bench/node-pool-upgrade.bench.ts` (or `pnpm bench` for every benchmark).
 * `BENCH_PROFILES=s1u0,bg` and `BENCH_SIZES=100,1000` narrow the workerd half;
 * `BENCH_FULL=1` adds the 1-node-window cases at 5,000 nodes (about 7,000 advances each).
 */
import { performance } from "node:perf_hooks";
import {
  DEFAULT_SIM_DURATIONS,
  type UpgradeStrategySettings,
} from "../../packages/engine/src/index.ts";
import { type Bound, lowerBound, NODE_STEP_SECONDS, zoneSizes } from "./lib/bounds.ts";
import { loadCatalog, parseJson } from "./lib/catalog.ts";
import { type Cell, type ControlPlane, startSimControlPlane } from "./lib/control-plane.ts";
import { CLUSTER_COLUMNS, NODE_COLUMNS } from "./lib/inventory-fixture.ts";
import {
  evenPool,
  FROM_VERSION,
  NODE_IMAGE,
  type SimRun,
  simulateUpgrade,
  TO_VERSION,
} from "./lib/pool-sim.ts";
import {
  describeRuntime,
  formatInt,
  formatMs,
  type KeyValue,
  printKeyValues,
  printTable,
} from "./lib/report.ts";
import { median } from "./lib/stats.ts";

const SIZES = [10, 100, 1000, 5000] as const;
const REGION = "us-central1";
const ZONES = ["us-central1-a", "us-central1-b", "us-central1-c"] as const;
/** Pure-engine runs per case; the median is printed (the first also warms the JIT). */
const REPEATS = 3;
const ADMIN_TOKEN = "rgt_bench_admin_token_for_local_benchmarks_only_0123456789";
const MACHINE_TYPE = "e2-standard-4";
/** Inventory timestamps; fixed so runs are identical. */
const EPOCH = Date.UTC(2026, 10, 1);
const ROWS_PER_LOAD_REQUEST = 2000;
/**
 * Sizes run through workerd, per strategy. Each advance is a few HTTP calls and a
 * decision in the object that reads and writes the whole sim row (1.5 MB for a
 * 5,000-node surge pool). 1-node windows take an advance per step instant, 4 per node
 * and zone: ~1,360 (30 s) at 1,000 nodes, ~6,800 (minutes) at 5,000, past this file's
 * budget of about 3 minutes, so they stop at 1,000.
 */
const FULL = process.env.BENCH_FULL === "1";
const CONTROL_PLANE_SIZES: Readonly<Record<string, readonly number[]>> = {
  s1u0: FULL ? [10, 100, 1000, 5000] : [10, 100, 1000],
  s0u20: [10, 100, 1000, 5000],
  s20u0: [10, 100, 1000, 5000],
  s0u1: FULL ? [10, 100, 1000, 5000] : [10, 100, 1000],
  bg: [10, 100, 1000, 5000],
};
/** The workerd cases the environment asks for (all by default). */
function wanted(profile: string, nodes: number): boolean {
  const list = (name: string) => process.env[name]?.split(",").map((item) => item.trim());
  const profiles = list("BENCH_PROFILES");
  const sizes = list("BENCH_SIZES");
  return (
    (profiles === undefined || profiles.includes(profile)) &&
    (sizes === undefined || sizes.includes(String(nodes)))
  );
}

/** Refuses to loop forever when an upgrade in the control plane stops moving. */
const MAX_ADVANCES = 20_000;

/** A strategy under test: seed 004's profile table, or NUP-8 blue-green. */
interface Profile {
  /** Key prefix on the key=value line. */
  key: string;
  label: string;
  settings: UpgradeStrategySettings;
}

/** Seed 004's four surge profiles (its own settings), then blue-green. */
const PROFILES: readonly Profile[] = [
  {
    key: "s1u0",
    label: "surge 1/0 balanced (default)",
    settings: { type: "SURGE", maxSurge: 1, maxUnavailable: 0 },
  },
  {
    key: "s0u20",
    label: "surge 0/20 fast, no surge resources",
    settings: { type: "SURGE", maxSurge: 0, maxUnavailable: 20 },
  },
  {
    key: "s20u0",
    label: "surge 20/0 fast, most surge resources",
    settings: { type: "SURGE", maxSurge: 20, maxUnavailable: 0 },
  },
  {
    key: "s0u1",
    label: "surge 0/1 slowest, no surge resources",
    settings: { type: "SURGE", maxSurge: 0, maxUnavailable: 1 },
  },
  {
    key: "bg",
    label: "blue-green 25%, batch soak 0 s, pool soak 3600 s",
    settings: {
      type: "BLUE_GREEN",
      batchPercent: 0.25,
      batchSoakSeconds: 0,
      nodePoolSoakSeconds: 3600,
    },
  },
];

const D = DEFAULT_SIM_DURATIONS;

// ---- (a) + (b): pure engine and pure sim -----------------------------------------------

interface PureResult {
  profile: Profile;
  nodes: number;
  bound: Bound;
  run: SimRun;
  engineMs: number;
  simMs: number;
  cpuMs: number;
}

function runPure(profile: Profile, nodes: number): PureResult {
  const runs: SimRun[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const run = simulateUpgrade(evenPool("bench", "pool", nodes, ZONES, profile.settings));
    if (run.state !== "SUCCEEDED") {
      throw new Error(`${profile.label}, ${nodes} nodes: ended ${run.state}`);
    }
    runs.push(run);
  }
  return {
    profile,
    nodes,
    bound: lowerBound(profile.settings, nodes, ZONES.length),
    run: runs[0]!,
    engineMs: median(runs.map((run) => run.engineMs)),
    simMs: median(runs.map((run) => run.simMs)),
    cpuMs: median(runs.map((run) => run.cpuMs)),
  };
}

function ratioOf(result: PureResult): number {
  return result.run.makespanSeconds / result.bound.seconds;
}

function printPure(results: readonly PureResult[]): void {
  printTable(
    [
      { header: "strategy" },
      { header: "nodes", align: "right" },
      { header: "zones", align: "right" },
      { header: "makespan s", align: "right" },
      { header: "bound s", align: "right" },
      { header: "ratio", align: "right" },
      { header: "bound =" },
      { header: "decisions", align: "right" },
      { header: "wake-only", align: "right" },
      { header: "events", align: "right" },
      { header: "max/dec", align: "right" },
      { header: "engine ms", align: "right" },
      { header: "sim ms", align: "right" },
      { header: "cpu ms", align: "right" },
      { header: "engine µs/event", align: "right" },
    ],
    results.map((r) => [
      r.profile.label,
      formatInt(r.nodes),
      zoneSizes(r.nodes, ZONES.length).join("/"),
      formatInt(r.run.makespanSeconds),
      formatInt(r.bound.seconds),
      ratioOf(r).toFixed(3),
      r.bound.how,
      formatInt(r.run.decisions),
      formatInt(r.run.wakeOnly),
      formatInt(r.run.events),
      formatInt(r.run.maxBatch),
      formatMs(r.engineMs),
      formatMs(r.simMs),
      formatMs(r.cpuMs),
      ((1000 * r.engineMs) / r.run.events).toFixed(1),
    ]),
  );
}

// ---- (c): rows written by the fleet Durable Object --------------------------------------

type ObjectOutcome =
  | ({ ok: true } & ObjectResult)
  | { ok: false; profile: Profile; nodes: number; error: string };

interface ObjectResult {
  profile: Profile;
  nodes: number;
  /** `POST /v1/sim/advance` calls, including the ones after SUCCEEDED (write-back). */
  advances: number;
  /** Virtual seconds from the start request to SUCCEEDED. */
  makespanSeconds: number;
  /** Rows written from the start request up to SUCCEEDED. */
  rowsAtSuccess: number;
  /**
   * …and once no timer of the operation is left: the write-back of the node set to D1
   * (its delivery, `op-write-back/<id>`) and any machine wake-up still set when it ended.
   */
  rowsTotal: number;
  wallMs: number;
}

/** Rows of one case: its own fleet, cluster, pool and nodes (foreign keys on in D1). */
function caseRows(fleet: string, cluster: string, profile: Profile, nodes: number) {
  const stamp = { created_at: EPOCH, updated_at: EPOCH };
  const pool = evenPool(cluster, "pool", nodes, ZONES, profile.settings);
  return [
    {
      table: "fleets",
      columns: ["name", "created_at", "updated_at"],
      rows: [[fleet, stamp.created_at, stamp.updated_at]],
    },
    {
      table: "clusters",
      columns: [...CLUSTER_COLUMNS],
      rows: [
        [
          cluster,
          fleet,
          "standalone",
          null,
          REGION,
          "REGULAR",
          0,
          TO_VERSION,
          TO_VERSION,
          "RUNNING",
          null,
          null,
          0,
          "{}",
          stamp.created_at,
          stamp.updated_at,
        ],
      ],
    },
    {
      table: "node_pools",
      columns: [
        "cluster",
        "name",
        "machine_type",
        "zones",
        "node_count",
        "version",
        "node_image",
        "upgrade_strategy",
        "created_at",
        "updated_at",
      ],
      rows: [
        [
          cluster,
          "pool",
          MACHINE_TYPE,
          JSON.stringify(ZONES),
          Math.ceil(nodes / ZONES.length),
          FROM_VERSION,
          NODE_IMAGE,
          JSON.stringify(profile.settings),
          stamp.created_at,
          stamp.updated_at,
        ],
      ],
    },
    {
      table: "nodes",
      columns: [...NODE_COLUMNS],
      rows: pool.nodes.map((node): Cell[] => [
        cluster,
        node.name,
        "pool",
        node.zone,
        node.version,
        node.nodeImage,
        "READY",
        null,
        stamp.created_at,
        stamp.updated_at,
      ]),
    },
  ] as const;
}

/**
 * One upgrade in the control plane. The case gets its own fleet (so its object's
 * counter holds only this upgrade) and the fleet is removed from D1 afterwards (so
 * later `sim/advance` calls do not tick it).
 */
async function runInControlPlane(
  cp: ControlPlane,
  profile: Profile,
  nodes: number,
): Promise<ObjectResult> {
  const fleet = `bench-${profile.key}-${nodes}`;
  const cluster = `np-${profile.key}-${nodes}`;
  for (const table of caseRows(fleet, cluster, profile, nodes)) {
    for (let i = 0; i < table.rows.length; i += ROWS_PER_LOAD_REQUEST) {
      await cp.insert(table.table, table.columns, table.rows.slice(i, i + ROWS_PER_LOAD_REQUEST));
    }
  }
  try {
    return await driveUpgrade(cp, profile, nodes, fleet, cluster);
  } finally {
    // Foreign keys cascade from the cluster to its pool and nodes.
    await cp.query("DELETE FROM clusters WHERE name = ?", [cluster]);
    await cp.query("DELETE FROM fleets WHERE name = ?", [fleet]);
  }
}

async function driveUpgrade(
  cp: ControlPlane,
  profile: Profile,
  nodes: number,
  fleet: string,
  cluster: string,
): Promise<ObjectResult> {
  const wallStart = performance.now();
  const before = await cp.inspectFleet(fleet);
  const started = await cp.post(`/v1/clusters/${cluster}/node-pools/pool/upgrade`, {});
  if (started.status !== 202) {
    throw new Error(`upgrade of ${cluster} refused (${started.status}): ${started.body}`);
  }
  const id = parseJson<{ id: string }>(started.body, "upgrade").id;
  const startedAt = before.now;

  let advances = 0;
  let rowsAtSuccess: number | undefined;
  let endedAt = startedAt;
  for (;;) {
    const view = await cp.get(`/v1/operations/${id}`);
    const op = parseJson<{ state: string; reason?: string; endedAt?: string }>(
      view.body,
      "operation",
    );
    const inspected = await cp.inspectFleet(fleet);
    if (op.state !== "RUNNING" && op.state !== "SUCCEEDED") {
      throw new Error(`${cluster}: operation ${id} is ${op.state}: ${view.body.slice(0, 400)}`);
    }
    if (op.state === "SUCCEEDED" && rowsAtSuccess === undefined) {
      rowsAtSuccess = inspected.rowsWritten - before.rowsWritten;
      endedAt = op.endedAt === undefined ? inspected.now : Date.parse(op.endedAt);
    }
    // Done once nothing of the operation is pending: its write-back (a delivery,
    // `op-write-back/<id>`) included, its retirement 30 days later (`op-retire:<id>`) not.
    const pending = inspected.timers.filter(
      (t) => (t.payload === id || t.payload === `op-write-back/${id}`) && t.kind !== "op-retire",
    );
    if (rowsAtSuccess !== undefined && pending.length === 0) {
      const rowsTotal = inspected.rowsWritten - before.rowsWritten;
      return {
        profile,
        nodes,
        advances,
        makespanSeconds: (endedAt - startedAt) / 1000,
        rowsAtSuccess,
        rowsTotal,
        wallMs: performance.now() - wallStart,
      };
    }
    const next = Math.min(...inspected.timers.map((timer) => timer.due));
    if (!Number.isFinite(next)) {
      throw new Error(`${cluster}: operation ${id} is ${op.state} with no timer: ${op.reason}`);
    }
    if (advances >= MAX_ADVANCES) throw new Error(`${cluster}: no end after ${advances} advances`);
    // Exactly to the next due timer: each instant's reports are decided at their instant.
    const seconds = Math.max(0, Math.ceil((next - inspected.now) / 1000));

    const advanced = await cp.post("/v1/sim/advance", { seconds });
    if (advanced.status !== 200) {
      throw new Error(`sim advance failed (${advanced.status}): ${advanced.body}`);
    }
    advances += 1;
  }
}

function printObjectOutcomes(outcomes: readonly ObjectOutcome[]): void {
  printTable(
    [
      { header: "strategy" },
      { header: "nodes", align: "right" },
      { header: "advances", align: "right" },
      { header: "makespan s", align: "right" },
      { header: "rows @SUCCEEDED", align: "right" },
      { header: "rows +write-back", align: "right" },
      { header: "rows/node", align: "right" },
      { header: "rows/advance", align: "right" },
      { header: "wall s", align: "right" },
    ],
    outcomes.map((r) =>
      r.ok
        ? [
            r.profile.label,
            formatInt(r.nodes),
            formatInt(r.advances),
            formatInt(r.makespanSeconds),
            formatInt(r.rowsAtSuccess),
            formatInt(r.rowsTotal),
            (r.rowsTotal / r.nodes).toFixed(2),
            (r.rowsAtSuccess / r.advances).toFixed(1),
            (r.wallMs / 1000).toFixed(1),
          ]
        : [r.profile.label, formatInt(r.nodes), `FAILED: ${r.error}`],
    ),
  );
}

// ---- main --------------------------------------------------------------------------

async function main(): Promise<void> {
  console.log(describeRuntime());
  console.log(
    `sim durations (DEFAULT_SIM_DURATIONS, s): create ${D.CREATE_NODE}, cordon ${D.CORDON_NODE}, drain ${D.DRAIN_NODE}, delete ${D.DELETE_NODE}; jitter 0; capacity unlimited; no faults`,
  );
  console.log(
    `pools: ${SIZES.map(formatInt).join(", ")} nodes dealt round-robin over ${ZONES.join(", ")}; ${FROM_VERSION} → ${TO_VERSION}`,
  );
  console.log("");

  console.log(
    `(a) makespan vs lower bound and (b) engine time, pure engine + pure sim, median of ${REPEATS} runs`,
  );
  const pure: PureResult[] = [];
  for (const nodes of SIZES) for (const profile of PROFILES) pure.push(runPure(profile, nodes));
  printPure(pure);
  console.log(
    `surge bound = ceil(largest zone / (maxSurge + maxUnavailable)) × ${NODE_STEP_SECONDS} s; ${NODE_STEP_SECONDS} = create ${D.CREATE_NODE} + cordon ${D.CORDON_NODE} + drain ${D.DRAIN_NODE} + delete ${D.DELETE_NODE}`,
  );
  console.log(
    "  (a surge node runs create→cordon→drain→delete, an unavailable node cordon→drain→delete→create: same sum;",
  );
  console.log(
    "   surge.ts fill() refills every zone's window in each decision, so zones run in parallel: the bound is the largest zone's, not a sum over zones)",
  );
  console.log(
    `blue-green bound = create green ${D.CREATE_NODE} + cordon blue ${D.CORDON_NODE} + batches × (drain ${D.DRAIN_NODE} + batch soak) + node-pool soak + phase 5 (drain without PDBs ${D.DRAIN_NODE} + delete ${D.DELETE_NODE})`,
  );
  console.log(
    "  (batch = max(1, floor(batchPercent × nodes)), batches = ceil(nodes / batch); every node of a phase or batch in parallel)",
  );
  console.log(
    "engine ms = startNodePoolUpgrade + decideAll; sim ms = simSubmit/simAdvance/simNextEventAt; cpu ms = process CPU of the whole loop (incl. GC)",
  );
  console.log("");

  console.log(
    "(c) Durable Object rows written per upgraded node: control plane in workerd, SIM_SPEED 0, POST /v1/sim/advance to each next due timer",
  );
  const { cp, bundleMs, startMs } = await startSimControlPlane(ADMIN_TOKEN);
  const objects: ObjectOutcome[] = [];
  const skipped: string[] = [];
  try {
    await cp.migrate();
    await loadCatalog(cp, {
      region: REGION,
      zones: ZONES,
      machineType: MACHINE_TYPE,
      epoch: EPOCH,
    });
    for (const nodes of SIZES) {
      for (const profile of PROFILES) {
        if (!wanted(profile.key, nodes)) continue;
        if (!CONTROL_PLANE_SIZES[profile.key]!.includes(nodes)) {
          skipped.push(`${profile.key} × ${formatInt(nodes)}`);
          continue;
        }
        const outcome = await runInControlPlane(cp, profile, nodes).then(
          (result): ObjectOutcome => ({ ok: true, ...result }),
          (error: unknown): ObjectOutcome => ({
            ok: false,
            profile,
            nodes,
            error: error instanceof Error ? error.message : String(error),
          }),
        );
        // Progress on stderr: the workerd half takes a minute or two.
        console.error(
          `  ${profile.key} × ${formatInt(nodes)}: ${outcome.ok ? `${outcome.advances} advances, ${(outcome.wallMs / 1000).toFixed(1)} s` : `failed: ${outcome.error}`}`,
        );
        objects.push(outcome);
      }
    }
  } finally {
    await cp.dispose();
  }
  printObjectOutcomes(objects);
  console.log(
    `bundle ${formatMs(bundleMs)} ms, miniflare start ${formatMs(startMs)} ms; rows = FleetObject.inspect().rowsWritten after − before the upgrade request (runtime.ts counts every SQL write's rowsWritten)`,
  );
  if (skipped.length > 0) {
    console.log(
      `not run in workerd (1-node windows: ~6,800 advances, minutes at this size): ${skipped.join(", ")}`,
    );
  }
  console.log("");

  const pairs: Record<string, KeyValue> = { zones: ZONES.length, repeats: REPEATS };
  for (const r of pure) {
    const key = `${r.profile.key}_n${r.nodes}`;
    pairs[`${key}_makespan_s`] = r.run.makespanSeconds;
    pairs[`${key}_ratio`] = ratioOf(r);
    pairs[`${key}_engine_ms`] = r.engineMs;
    pairs[`${key}_cpu_ms`] = r.cpuMs;
  }
  for (const r of objects) {
    pairs[`${r.profile.key}_n${r.nodes}_rows_per_node`] = r.ok ? r.rowsTotal / r.nodes : "failed";
  }
  pairs.max_ratio = Math.max(...pure.map(ratioOf));
  pairs.max_engine_ms_n5000 = Math.max(
    ...pure.filter((r) => r.nodes === 5000).map((r) => r.engineMs),
  );
  const measured = objects.filter((r) => r.ok);
  pairs.max_rows_per_node = Math.max(...measured.map((r) => r.rowsTotal / r.nodes));
  const n1000 = measured.filter((r) => r.nodes === 1000).map((r) => r.rowsTotal / r.nodes);
  // A BENCH_SIZES filter may leave no 1,000-node case: say so instead of -Infinity.
  pairs.max_rows_per_node_n1000 = n1000.length > 0 ? Math.max(...n1000) : "not_run";
  pairs.workerd_failures = objects.length - measured.length;
  printKeyValues("node-pool-upgrade", pairs);
}

main().catch((error: unknown) => {
  console.error(
    `node-pool-upgrade bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exit(1);
});
