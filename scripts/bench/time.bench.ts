/**
 * Time in sim mode (issue 24), in workerd through Miniflare with the sim provider and its
 * clock at SIM_SPEED=3600, on a state of BENCH_TIME_FLEETS (50) fleets and
 * BENCH_TIME_CLUSTERS (500) clusters, BENCH_TIME_AUTOSCALED (100) of them with an
 * autoscaled pool (seeded as the idle bench does: rows into D1, pods through the API),
 * BENCH_TIME_PENDING (25) of which also carry one pod that fits nowhere:
 *
 * (a) idle: workerd's CPU over BENCH_TIME_IDLE_SECONDS (60) wall seconds in which nobody
 *     calls it (anchor < 5 % of one core), and `PUT /v1/clusters/{new}` p50 against the
 *     same on the empty state measured first (anchor: within 2×);
 * (b) restart after 5 wall minutes down: the control plane is stopped with its D1 and
 *     Durable Objects kept on disk, every wall instant of the `sim_clock` row is moved
 *     5 minutes back (what a process stopped 5 minutes ago would have left; before the
 *     lease columns, only the anchor), and a new workerd starts over the same state:
 *     the first answers to `GET /healthz`, `GET /v1/sim` and `GET /v1/clusters/{one}`
 *     (anchor < 5 s), how far the virtual clock moved across the restart, and 10 s later
 *     workerd's CPU meanwhile and whether the cluster's GET still answers (a replay or
 *     scans that saturate the new process show there);
 * (c) `POST /v1/sim/advance {seconds: 2592000}` (30 days) with the clock frozen first: on
 *     a third workerd, frozen before the same state is seeded (no pass runs at sim speed
 *     meanwhile, so a saturated (b) does not spill into it), first with every autoscaled
 *     pod fitting (nothing pending, anchor < 2 s), then with the pods that fit nowhere put.
 *
 * Every wait is bounded (BENCH_TIME_RESTART_TIMEOUT_SECONDS, 300, for the restart;
 * BENCH_TIME_ADVANCE_TIMEOUT_SECONDS, 60, per advance) so that a saturated control
 * plane is reported, not waited on. Prints tables, then one key=value line. Not asserted;
 * numbers are noisy on a shared machine (the Node driver and workerd share its cores).
 * Run: `tsx scripts/bench/time.bench.ts` (or `pnpm bench`).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import {
  type ApiLatency,
  describeSizes,
  emptyStateClusters,
  emptyStateLatency,
  fullStateLatency,
  p50Ratio,
  printApiLatency,
  quietStateSizes,
  REQUEST_TIMEOUT_MS,
  within,
} from "./lib/api-latency.ts";
import {
  bundleControlPlane,
  type ControlPlane,
  type ControlPlaneOptions,
  executeOnKeptD1,
  startControlPlane,
  type WorkerBundle,
} from "./lib/control-plane.ts";
import { type IdleWindow, idleCpuPercent, idleWindow, printIdleWindow } from "./lib/idle-window.ts";
import { generateInventory } from "./lib/inventory-fixture.ts";
import { childPids, newChildPid, processCpuMs } from "./lib/process-cpu.ts";
import {
  describeRuntime,
  formatInt,
  formatMs,
  type KeyValue,
  measured,
  printKeyValues,
  printTable,
  progressLog,
} from "./lib/report.ts";
import {
  type AutoscaledCluster,
  autoscaledTables,
  inParallel,
  load,
  ok,
  putWorkloads,
} from "./lib/sim-state.ts";

const ADMIN_TOKEN = "rgt_bench_admin_token_for_local_benchmarks_only_0123456789";
const SEED = 24;
const SPEED = 3600;
const FLEETS = Number(process.env.BENCH_TIME_FLEETS ?? 50);
const CLUSTERS = Number(process.env.BENCH_TIME_CLUSTERS ?? 500);
const AUTOSCALED = Number(process.env.BENCH_TIME_AUTOSCALED ?? 100);
/** Autoscaled clusters that also carry a pod that fits nowhere (the first ones). */
const PENDING = Math.min(AUTOSCALED, Number(process.env.BENCH_TIME_PENDING ?? 25));
const IDLE_SECONDS = Number(process.env.BENCH_TIME_IDLE_SECONDS ?? 60);
/** Wall seconds between the end of setup and the idle window: the sim settles first. */
const SETTLE_SECONDS = 5;
/** Nodes of the plain clusters: the idle bench's 7.5 a cluster. */
const NODES_PER_CLUSTER = 7.5;
const DOWN_MS = 5 * 60_000;
/** The clock's lease (sim-clock-store.ts CLOCK_LEASE_MS): the most a restart may count as run. */
const LEASE_MS = 5_000;
/** Wall seconds the restarted control plane runs after its first answers before the API
 * is asked once more: a replay (or scans) that saturate it show up then. */
const AFTER_RESTART_SECONDS = 10;
const RESTART_TIMEOUT_MS = Number(process.env.BENCH_TIME_RESTART_TIMEOUT_SECONDS ?? 300) * 1000;
const ADVANCE_TIMEOUT_MS = Number(process.env.BENCH_TIME_ADVANCE_TIMEOUT_SECONDS ?? 60) * 1000;
const ADVANCE_SECONDS = 30 * 86_400;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const progress = progressLog();

const LATENCY = quietStateSizes(SEED);

/** The seeded state: what the cases address. */
interface State {
  fleets: string[];
  /** Plain clusters (rows only), for the GETs. */
  clusters: string[];
  autoscaled: AutoscaledCluster[];
  /** The autoscaled clusters to carry a pod that fits nowhere (`putPendingPods`). */
  pending: string[];
  fleetCount: number;
  clusterCount: number;
}

/**
 * Seeds the state into a migrated control plane whose zones and machine types are loaded
 * (`inventory` from `generateInventory`): the plain clusters' rows, then the autoscaled
 * clusters' rows and their pods through the API, every one fitting. The pods that fit
 * nowhere come after (`putPendingPods`): nothing is pending yet.
 */
async function seedState(
  cp: ControlPlane,
  inventory: ReturnType<typeof generateInventory>,
): Promise<State> {
  const [, , ...rest] = inventory.tables;
  await load(cp, rest);
  const autoscaled = Array.from({ length: AUTOSCALED }, (_, i) => ({
    cluster: `autoscaled-${i}`,
    fleet: inventory.fleets[i % inventory.fleets.length]!,
  }));
  await load(cp, autoscaledTables(autoscaled, Date.now()));
  await inParallel(autoscaled, 4, ({ cluster }) => putWorkloads(cp, cluster, { pending: false }));
  const counted = await cp.query(
    "SELECT (SELECT count(*) FROM fleets) AS fleets, (SELECT count(*) FROM clusters) AS clusters",
    [],
  );
  const [{ fleets, clusters }] = JSON.parse(counted.body) as [{ fleets: number; clusters: number }];
  return {
    fleets: inventory.fleets,
    clusters: inventory.clusters,
    autoscaled,
    pending: autoscaled.slice(0, PENDING).map(({ cluster }) => cluster),
    fleetCount: fleets,
    clusterCount: clusters,
  };
}

/**
 * Adds the pod that fits nowhere to the pending clusters' workloads, 4 PUTs at a time,
 * each bounded by REQUEST_TIMEOUT_MS (their scans may saturate the control plane: it is
 * reported, not waited on); answers how many did not answer in time.
 */
async function putPendingPods(cp: ControlPlane, state: State): Promise<number> {
  let unanswered = 0;
  await inParallel(state.pending, 4, async (cluster) => {
    const put = putWorkloads(cp, cluster, { pending: true }).then(() => "answered" as const);
    if ((await within(REQUEST_TIMEOUT_MS, put)) === undefined) unanswered++;
  });
  return unanswered;
}

/** The inventory of the state's plain clusters. */
function inventoryOf(fleets: number, plain: number) {
  return generateInventory({
    seed: SEED,
    fleets,
    clusters: plain,
    nodes: Math.round(plain * NODES_PER_CLUSTER),
  });
}

/** A control plane with the sim at SPEED, keeping its state in `dir` when given. */
function simOptions(bundle: WorkerBundle, dir?: string): ControlPlaneOptions {
  return {
    bundle,
    adminToken: ADMIN_TOKEN,
    vars: { REGATTA_PROVIDER: "sim", SIM_SPEED: String(SPEED) },
    ...(dir === undefined ? {} : { stateDir: dir }),
  };
}

/**
 * The virtual clock as `GET /v1/sim` shows it, in epoch ms; undefined when it did not
 * answer within REQUEST_TIMEOUT_MS.
 */
async function virtualNow(cp: ControlPlane): Promise<number | undefined> {
  const sim = await within(REQUEST_TIMEOUT_MS, ok(cp, "GET", "/v1/sim"));
  return sim === undefined ? undefined : Date.parse(String(sim.now));
}

interface IdleRun {
  state: State;
  empty: ApiLatency;
  full: ApiLatency;
  idle: IdleWindow | undefined;
  setupMs: number;
  /** Miniflare's start of this first, fresh process (workerd up, no request yet). */
  startMs: number;
  /** Pending pods whose PUT did not answer within REQUEST_TIMEOUT_MS. */
  pendingUnanswered: number;
  /** When the control plane had stopped: `performance.now()` and the wall clock. */
  haltedAt: number;
  haltedAtWall: number;
}

/** The first process: seeds, measures the API and the idle window, stops keeping state. */
async function idleRun(bundle: WorkerBundle, dir: string): Promise<IdleRun> {
  const known = new Set(childPids(process.pid, "workerd"));
  const started = performance.now();
  const cp = await startControlPlane(simOptions(bundle, dir));
  const startMs = performance.now() - started;
  let halted = false;
  try {
    const workerd = newChildPid("workerd", known);
    const setupStart = performance.now();
    await cp.migrate();
    // The empty state's fleet and new clusters (warm-ups included) count towards the state.
    const inventory = inventoryOf(FLEETS - 1, CLUSTERS - AUTOSCALED - emptyStateClusters(LATENCY));
    const empty = await emptyStateLatency(cp, inventory.tables.slice(0, 2), LATENCY);
    progress("empty state measured");
    const state = await seedState(cp, inventory);
    const pendingUnanswered = await putPendingPods(cp, state);
    progress("state seeded");
    const setupMs = performance.now() - setupStart;
    await sleep(SETTLE_SECONDS * 1000);
    const objectFleets = [...new Set(state.autoscaled.map(({ fleet }) => fleet))];
    const idle = await idleWindow(cp, workerd, objectFleets, IDLE_SECONDS);
    progress("idle window done");
    const full = await fullStateLatency(cp, state.fleets, state.clusters, LATENCY);
    progress("full state measured");
    await cp.halt();
    halted = true;
    const haltedAt = performance.now();
    const haltedAtWall = Date.now();
    return {
      state,
      empty,
      full,
      idle,
      setupMs,
      startMs,
      pendingUnanswered,
      haltedAt,
      haltedAtWall,
    };
  } finally {
    if (!halted) await cp.dispose();
  }
}

/** The kept clock, as the stopped process left it. */
interface Stopped {
  /** The row has lease columns (after c88c22e). */
  leased: boolean;
  /**
   * The virtual instant the stopped process had reached when it stopped at wall
   * `haltedAtWall` (no further than its lease): where a restart should go on from.
   */
  virtualAtStop: number;
}

/**
 * Moves every wall instant of the kept `sim_clock` row DOWN_MS back: the row a process
 * stopped that long ago would have left.
 */
async function simulateDowntime(dir: string, haltedAtWall: number): Promise<Stopped> {
  const read = await executeOnKeptD1(dir, "SELECT * FROM sim_clock", []);
  const [row] = JSON.parse(read.body) as {
    anchor_wall_ms: number;
    anchor_virtual_ms: number;
    speed: number;
    lease_wall_ms?: number | null;
  }[];
  if (row === undefined) throw new Error(`no sim_clock row was kept: ${read.body}`);
  const leased = "lease_wall_ms" in row;
  const stop = Math.min(haltedAtWall, row.lease_wall_ms ?? haltedAtWall);
  const virtualAtStop = row.anchor_virtual_ms + (stop - row.anchor_wall_ms) * row.speed;
  const shift = leased
    ? "anchor_wall_ms = anchor_wall_ms - ?1, lease_wall_ms = lease_wall_ms - ?1"
    : "anchor_wall_ms = anchor_wall_ms - ?1";
  const update = await executeOnKeptD1(dir, `UPDATE sim_clock SET ${shift}`, [DOWN_MS]);
  if (update.status !== 200) throw new Error(`shifting sim_clock failed: ${update.body}`);
  return { leased, virtualAtStop };
}

/** One request of the restart: when it answered, counted from the restart's start. */
interface FirstAnswer {
  what: string;
  /** Wall ms from the start of the new process to the answer; undefined: none in time. */
  sinceStartMs: number | undefined;
  status: number | undefined;
}

interface RestartRun {
  leased: boolean;
  /** Miniflare's start (workerd up, before any request). */
  startMs: number;
  answers: FirstAnswer[];
  /** Virtual ms from the instant the stopped process had reached to the first read after. */
  virtualMovedMs: number | undefined;
  /** Wall ms from the stop to that read (the simulated downtime not included). */
  wallBetweenMs: number | undefined;
  /** workerd's CPU from its start to the last answer (or to giving up). */
  workerdCpuMs: number;
  /** AFTER_RESTART_SECONDS later (when the first answers came): workerd's CPU meanwhile
   * as % of one core, and one `GET /v1/clusters/{one}`'s ms (undefined: no answer). */
  later: { cpuPercent: number; getMs: number | undefined } | undefined;
}

/**
 * The second process, over the kept state: three requests sent together as soon as
 * workerd is up, each waited on until RESTART_TIMEOUT_MS after the start.
 */
async function restart(
  cp: ControlPlane,
  started: number,
  startMs: number,
  workerd: number | undefined,
  before: IdleRun,
  stopped: Stopped,
): Promise<RestartRun> {
  const cluster = before.state.autoscaled[0]?.cluster ?? before.state.clusters[0];
  const paths = ["/healthz", "/v1/sim", `/v1/clusters/${cluster}`];
  const budget = RESTART_TIMEOUT_MS - (performance.now() - started);
  const answered = await Promise.all(
    paths.map(async (path) => {
      const result = await within(budget, cp.get(path));
      return { result, at: performance.now() };
    }),
  );
  const answers = answered.map(({ result, at }, i) => ({
    what: `GET ${paths[i]}`,
    sinceStartMs: result === undefined ? undefined : at - started,
    status: result?.status,
  }));
  const sim = answered[1]!;
  const virtualAfter =
    sim.result?.status === 200 ? Date.parse(String(JSON.parse(sim.result.body).now)) : undefined;
  const workerdCpuMs = workerd === undefined ? Number.NaN : processCpuMs(workerd);
  let later: RestartRun["later"];
  if (workerd !== undefined && answered.every(({ result }) => result !== undefined)) {
    await sleep(AFTER_RESTART_SECONDS * 1000);
    const cpuPercent = (processCpuMs(workerd) - workerdCpuMs) / (AFTER_RESTART_SECONDS * 10);
    const sent = performance.now();
    const get = await within(REQUEST_TIMEOUT_MS, cp.get(paths[2]!));
    later = { cpuPercent, getMs: get === undefined ? undefined : performance.now() - sent };
  }
  return {
    leased: stopped.leased,
    startMs,
    answers,
    virtualMovedMs: virtualAfter === undefined ? undefined : virtualAfter - stopped.virtualAtStop,
    wallBetweenMs: virtualAfter === undefined ? undefined : sim.at - before.haltedAt,
    workerdCpuMs,
    later,
  };
}

interface Advance {
  variant: string;
  /** Undefined when it did not answer within ADVANCE_TIMEOUT_MS (or was not run). */
  ms: number | undefined;
  /** Virtual ms the clock moved (undefined when not read). */
  movedMs: number | undefined;
  /** Objects with a wake-up recorded when the advance began. */
  wakeups: number;
  note: string;
}

/** An advance that was not measured, and why. */
function skipped(variant: string, note: string): Advance {
  return { variant, ms: undefined, movedMs: undefined, wakeups: 0, note };
}

/** `POST /v1/sim/advance` of 30 days on a frozen clock, bounded. */
async function advance(cp: ControlPlane, variant: string): Promise<Advance> {
  const from = await virtualNow(cp);
  const counted = await within(
    REQUEST_TIMEOUT_MS,
    cp.query("SELECT count(*) AS n FROM object_wakeups", []),
  );
  if (from === undefined || counted === undefined) {
    return skipped(variant, "the clock or object_wakeups could not be read in time");
  }
  const wakeups = counted.status === 200 ? (JSON.parse(counted.body) as [{ n: number }])[0].n : -1;
  const sent = performance.now();
  const result = await within(
    ADVANCE_TIMEOUT_MS,
    cp.post("/v1/sim/advance", { seconds: ADVANCE_SECONDS }),
  );
  const ms = performance.now() - sent;
  if (result === undefined) {
    return { ...skipped(variant, `not done after ${ADVANCE_TIMEOUT_MS / 1000} s`), wakeups };
  }
  if (result.status !== 200) throw new Error(`advance → ${result.status} ${result.body}`);
  const movedMs = Date.parse(String(JSON.parse(result.body).now)) - from;
  return { variant, ms, movedMs, wakeups, note: "" };
}

/**
 * The advance cases on a frozen control plane seeded with every autoscaled pod fitting:
 * 30 days; then the pods that fit nowhere put, 30 days more (skipped when the first did
 * not end: the control plane is still at it).
 */
async function advances(cp: ControlPlane, state: State): Promise<Advance[]> {
  const withPending = `${state.pending.length} clusters with a pod that fits nowhere`;
  const fit = await advance(cp, "all pods fit (nothing pending)");
  progress(
    `advance, nothing pending: ${fit.ms === undefined ? fit.note : `${formatMs(fit.ms)} ms`}`,
  );
  if (state.pending.length === 0) return [fit, skipped(withPending, "not run")];
  if (fit.ms === undefined) return [fit, skipped(withPending, "not run: the first is still going")];
  const unanswered = await putPendingPods(cp, state);
  if (unanswered > 0) {
    const why = `${unanswered} workload PUTs took over ${REQUEST_TIMEOUT_MS / 1000} s`;
    return [fit, skipped(withPending, why)];
  }
  const pending = await advance(cp, withPending);
  progress(
    `advance, pods pending: ${pending.ms === undefined ? pending.note : `${formatMs(pending.ms)} ms`}`,
  );
  return [fit, pending];
}

interface AdvanceRun {
  state: State;
  cases: Advance[];
}

/**
 * The third process: a fresh control plane whose clock is frozen before the state is
 * seeded (so no pass runs at sim speed meanwhile, whatever the scans cost), then the
 * advance cases.
 */
async function advanceRun(bundle: WorkerBundle): Promise<AdvanceRun> {
  const cp = await startControlPlane(simOptions(bundle));
  try {
    await cp.migrate();
    await ok(cp, "PUT", "/v1/sim/speed", { speed: 0 });
    const inventory = inventoryOf(FLEETS, CLUSTERS - AUTOSCALED);
    await load(cp, inventory.tables.slice(0, 2));
    const state = await seedState(cp, inventory);
    progress("frozen state seeded");
    return { state, cases: await advances(cp, state) };
  } finally {
    await cp.dispose();
  }
}

interface Run {
  idle: IdleRun;
  restart: RestartRun;
  advance: AdvanceRun;
}

async function run(): Promise<Run> {
  const dir = await mkdtemp(join(tmpdir(), "regatta-time-state-"));
  const bundle = await bundleControlPlane();
  try {
    const idle = await idleRun(bundle, dir);
    const stopped = await simulateDowntime(dir, idle.haltedAtWall);
    progress(`sim_clock moved ${DOWN_MS / 60_000} wall minutes back; restarting`);
    const known = new Set(childPids(process.pid, "workerd"));
    const started = performance.now();
    const cp = await startControlPlane(simOptions(bundle, dir));
    const startMs = performance.now() - started;
    let restarted: RestartRun;
    try {
      const workerd = newChildPid("workerd", known);
      restarted = await restart(cp, started, startMs, workerd, idle, stopped);
      progress("restart measured");
    } finally {
      await cp.halt();
    }
    return { idle, restart: restarted, advance: await advanceRun(bundle) };
  } finally {
    // advanceRun's dispose removed the bundle unless it failed first.
    await rm(bundle.dir, { recursive: true, force: true });
    await rm(dir, { recursive: true, force: true });
  }
}

function seconds(ms: number | undefined): string {
  return ms === undefined ? "-" : (ms / 1000).toFixed(2);
}

async function main(): Promise<void> {
  console.log(`time in sim mode benchmark · ${describeRuntime()}`);
  console.log("");
  const result = await run();
  const { idle: first, restart: restarted } = result;

  console.log(
    `(a) idle: ${formatInt(first.state.fleetCount)} fleets, ${formatInt(first.state.clusterCount)} clusters, ${AUTOSCALED} autoscaled pools (${PENDING} with a pod that fits nowhere${first.pendingUnanswered > 0 ? `, ${first.pendingUnanswered} of whose PUTs took over ${REQUEST_TIMEOUT_MS / 1000} s` : ""}), SIM_SPEED=${SPEED}; setup ${(first.setupMs / 1000).toFixed(1)} s, then ${SETTLE_SECONDS} s to settle`,
  );
  if (first.idle === undefined) {
    console.log("  SKIPPED: no workerd child process found in /proc (Linux only)");
  } else {
    printIdleWindow(first.idle, new Set(first.state.autoscaled.map((a) => a.fleet)).size);
  }
  console.log("  anchor: workerd CPU < 5 % of one core");
  console.log(
    `  API latency, clock running: ${describeSizes(LATENCY)} (anchor: PUT p50 within 2× of the empty state)`,
  );
  printApiLatency(first.empty, first.full);
  console.log("");

  console.log(
    `(b) restart after ${DOWN_MS / 60_000} wall minutes down: sim_clock's ${restarted.leased ? "anchor_wall_ms and lease_wall_ms" : "anchor_wall_ms (no lease column)"} moved back, a new workerd over the kept D1 and Durable Objects (Miniflare up in ${formatMs(restarted.startMs)} ms; the first, fresh one took ${formatMs(first.startMs)} ms)`,
  );
  printTable(
    [
      { header: "request (sent together once workerd is up)" },
      { header: "answered s after start", align: "right" },
      { header: "s after workerd up", align: "right" },
      { header: "status", align: "right" },
    ],
    restarted.answers.map((a) => [
      a.what,
      a.sinceStartMs === undefined ? `> ${seconds(RESTART_TIMEOUT_MS)}` : seconds(a.sinceStartMs),
      a.sinceStartMs === undefined ? "-" : seconds(a.sinceStartMs - restarted.startMs),
      a.status === undefined ? "no answer" : String(a.status),
    ]),
  );
  const moved = restarted.virtualMovedMs;
  const between = restarted.wallBetweenMs;
  console.log(
    `  "start" is the new Miniflare's construction; workerd is up ${seconds(restarted.startMs)} s later. anchor: first answer < 5 s. workerd CPU from its start to the last answer (or to giving up): ${formatInt(restarted.workerdCpuMs)} ms`,
  );
  const later = restarted.later;
  if (later !== undefined) {
    console.log(
      `  ${AFTER_RESTART_SECONDS} s later: workerd CPU ${later.cpuPercent.toFixed(1)} % of one core meanwhile; GET ${restarted.answers[2]?.what.slice(4)} ${later.getMs === undefined ? `no answer in ${REQUEST_TIMEOUT_MS / 1000} s` : `in ${formatMs(later.getMs)} ms`}`,
    );
  }
  if (moved !== undefined && between !== undefined) {
    console.log(
      `  virtual clock across the restart: ${(moved / HOUR_MS).toFixed(1)} h past the instant the stopped process had reached (its sim_clock row at the stop), ${seconds(between)} wall s after the stop not counting the ${DOWN_MS / 60_000} minutes down: at most ${(((between + LEASE_MS) * SPEED) / HOUR_MS).toFixed(1)} h with the lease's ${LEASE_MS / 1000} s; replaying the downtime adds ${((DOWN_MS * SPEED) / HOUR_MS).toFixed(0)} h`,
    );
  }
  console.log("");

  console.log(
    `(c) POST /v1/sim/advance {seconds: ${ADVANCE_SECONDS}} (30 days) on a fresh control plane: PUT /v1/sim/speed {speed: 0}, then ${formatInt(result.advance.state.fleetCount)} fleets and ${formatInt(result.advance.state.clusterCount)} clusters seeded alike, every autoscaled pod fitting; then the pods that fit nowhere put, 30 days more (anchor < 2 s with nothing pending)`,
  );
  printTable(
    [
      { header: "autoscaled workloads" },
      { header: "objects with a wake-up", align: "right" },
      { header: "advance s", align: "right" },
      { header: "virtual days moved", align: "right" },
      { header: "note" },
    ],
    result.advance.cases.map((a) => [
      a.variant,
      formatInt(a.wakeups),
      seconds(a.ms),
      a.movedMs === undefined ? "-" : (a.movedMs / DAY_MS).toFixed(2),
      a.note,
    ]),
  );
  console.log("");

  const [fit, pending] = result.advance.cases;
  const idle = first.idle;
  const answer = (i: number) => measured(restarted.answers[i]?.sinceStartMs);
  const pairs: Record<string, KeyValue> = {
    fleets: first.state.fleetCount,
    clusters: first.state.clusterCount,
    autoscaled_pools: AUTOSCALED,
    pending_clusters: PENDING,
    speed: SPEED,
    idle_wall_s: idle?.wallS ?? "skipped",
    idle_workerd_cpu_pct: idle === undefined ? "skipped" : idleCpuPercent(idle),
    idle_fleet_rows_written: idle?.rowsWritten ?? "skipped",
    empty_put_p50_ms: measured(first.empty.put.summary?.p50),
    full_put_p50_ms: measured(first.full.put.summary?.p50),
    put_p50_ratio: measured(p50Ratio(first.full.put, first.empty.put), "-"),
    empty_get_p50_ms: measured(first.empty.get.summary?.p50),
    full_get_p50_ms: measured(first.full.get.summary?.p50),
    restart_lease: restarted.leased ? "yes" : "no",
    fresh_start_ms: first.startMs,
    restart_start_ms: restarted.startMs,
    restart_healthz_ms: answer(0),
    restart_sim_ms: answer(1),
    restart_cluster_ms: answer(2),
    restart_later_cpu_pct: measured(restarted.later?.cpuPercent, "not_run"),
    restart_later_get_ms: measured(
      restarted.later?.getMs,
      restarted.later === undefined ? "not_run" : "timed_out",
    ),
    restart_virtual_moved_h: measured(
      moved === undefined ? undefined : moved / HOUR_MS,
      "not_read",
    ),
    advance_fit_ms: measured(fit?.ms),
    advance_pending_ms: measured(
      pending?.ms,
      pending?.note.startsWith("not run") ? "not_run" : "timed_out",
    ),
  };
  printKeyValues("time", pairs);
}

main().catch((error: unknown) => {
  console.error(
    `time bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exit(1);
});
