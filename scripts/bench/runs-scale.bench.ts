/**
 * Update runs at scale, in workerd (Miniflare, sim provider, every command duration 0,
 * members are clusters without node pools: a Full upgrade is the LIFE-3 control-plane
 * path), against the anchors of the scale item:
 *
 * (a) `BENCH_RUNS` (100) update runs of `BENCH_RUN_MEMBERS` (100) members at once, each in
 *     its own fleet: 3 stages of 20/30/50 % of the members, one group each, the stage and
 *     the group at maxConcurrency "50%", no gates. Wall time from the first start until
 *     every run says Completed, virtual time moving 1 s per `POST /v1/sim/advance`, and
 *     the peak resident memory of workerd meanwhile. Anchor: under 10 s for all 100
 *     (KubeFleet publishes a p90 of 96 s for one such run and 135 s for 100 at once).
 *     Run twice: with the objects' and D1's SQLite files on a RAM disk, which times the
 *     control plane's own work (SQLite syncs its file at every commit, which on a
 *     virtual machine's disk is a third of the time; the platform replicates a commit
 *     instead), then on the disk, as `npm start` keeps them. The anchor is the first.
 * (b) one run of `BENCH_BIG_RUN` (5,000) members in the same shape: wall time to
 *     Completed, its status read page by page (`?limit=1000&cursor=`, every member once),
 *     the storage rows each object keeps per member once it finished (anchor: ≤ 3), and
 *     the rows written and storage transactions per member by the run object and by the
 *     fleet object (its cluster upgrades included).
 * (c) the status read (`GET …/update-runs/{run}`, every member in one page) of a finished
 *     `BENCH_STATUS_MEMBERS` (1,000)-member run: p50 and p90 of 50 reads, once the queue
 *     consumer has had 3 s to take the run's notifications. Anchor: < 20 ms p50.
 *
 * Prints tables, then one key=value line. Not asserted. The machine may be shared: the
 * runtime line says how many CPUs there are, not how busy they were. Rows written and
 * transactions are counted by each object's runtime since its instance started
 * (`inspect()`): when workerd replaced an instance mid-run (it does in runs of several
 * thousand members) they print "n/a"; rows kept are read from storage.
 * `BENCH_CONCURRENCY` changes the "50%".
 * Run: `tsx scripts/bench/runs-scale.bench.ts`.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import {
  type ControlPlane,
  type FleetInspection,
  startSimControlPlane,
} from "./lib/control-plane.ts";
import {
  describeRuntime,
  formatInt,
  formatMs,
  type KeyValue,
  printKeyValues,
  printTable,
} from "./lib/report.ts";
import { percentile } from "./lib/stats.ts";
import {
  ADMIN_TOKEN,
  createRun,
  driveToCompleted,
  inBatches,
  must,
  runPath,
  seedFleet,
  setUp,
} from "./lib/zero-runs.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const RUN_MEMBERS = Number(process.env.BENCH_RUN_MEMBERS ?? 100);
const BIG_RUN = Number(process.env.BENCH_BIG_RUN ?? 5_000);
const STATUS_MEMBERS = Number(process.env.BENCH_STATUS_MEMBERS ?? 1_000);
const STATUS_READS = 50;
/** Wall time the status run's notifications get to drain before its reads are timed. */
const SETTLE_MS = 3_000;

const ANCHOR_A_S = 10;
const KUBEFLEET_ONE_P90_S = 96;
const KUBEFLEET_HUNDRED_S = 135;
const ANCHOR_ROWS = 3;
const ANCHOR_STATUS_MS = 20;
/** Linux's clock ticks per second (`getconf CLK_TCK`), the unit of /proc/<pid>/stat times. */
const CLOCK_TICKS = 100;

/** workerd's process (Miniflare's child), whose resident memory is measured. */
function workerdPid(): number | undefined {
  const out = execFileSync("ps", ["-o", "pid=,comm=", "--ppid", String(process.pid)], {
    encoding: "utf8",
  });
  const line = out.split("\n").find((l) => l.trim().endsWith("workerd"));
  return line === undefined ? undefined : Number(line.trim().split(/\s+/)[0]);
}

/** Peak resident set (VmHWM) of `pid` in MiB; `reset` starts a new peak (Linux clear_refs). */
function peakRssMiB(pid: number | undefined, reset = false): number | undefined {
  if (pid === undefined) return undefined;
  try {
    if (reset) writeFileSync(`/proc/${pid}/clear_refs`, "5");
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kib = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    return kib === undefined ? undefined : Number(kib) / 1024;
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds (user + system) workerd has used so far: the control plane, its objects and
 * the local D1 all run in it, so unlike wall time it leaves out waits on a shared disk.
 */
function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // Fields after the command name (which may hold spaces): utime and stime are 14 and 15.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** Reads every page of a run's status; the members seen, once each, and the pages. */
async function readAllPages(
  cp: ControlPlane,
  fleet: string,
): Promise<{ members: number; unique: number; pages: number; ms: number }> {
  const seen = new Set<string>();
  let members = 0;
  let pages = 0;
  let cursor: string | null = null;
  const t0 = performance.now();
  do {
    const query: string = cursor === null ? "?limit=1000" : `?limit=1000&cursor=${cursor}`;
    const r = await must(cp.get(`${runPath(fleet)}${query}`), `page ${pages} of ${fleet}`);
    const body = JSON.parse(r.body) as {
      stages: { groups: { members: { cluster: string }[] }[] }[];
      nextCursor: string | null;
    };
    for (const stage of body.stages) {
      for (const group of stage.groups) {
        for (const member of group.members) {
          members++;
          seen.add(member.cluster);
        }
      }
    }
    cursor = body.nextCursor;
    pages++;
  } while (cursor !== null);
  return { members, unique: seen.size, pages, ms: performance.now() - t0 };
}

/** What item (a) measured on one control plane. */
interface ManyRuns {
  storage: string;
  wallMs: number;
  advances: number;
  cpu: number | undefined;
  rssPeak: number | undefined;
  rssBefore: number | undefined;
}

/** Item (a) on `cp`: the fleets seeded, their runs created, then driven to Completed. */
async function manyRuns(cp: ControlPlane, storage: string): Promise<ManyRuns> {
  const pid = workerdPid();
  const fleets = Array.from({ length: RUNS }, (_, i) => `a${String(i).padStart(3, "0")}`);
  for (const fleet of fleets) await seedFleet(cp, fleet, RUN_MEMBERS);
  await inBatches(fleets, (fleet) => createRun(cp, fleet));
  const rssBefore = peakRssMiB(pid, true);
  const cpuBefore = cpuSeconds(pid);
  const driven = await driveToCompleted(cp, fleets);
  const cpuAfter = cpuSeconds(pid);
  return {
    storage,
    wallMs: driven.wallMs,
    advances: driven.advances,
    cpu: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
    rssPeak: peakRssMiB(pid),
    rssBefore,
  };
}

async function main(): Promise<void> {
  console.log(`update runs at scale · ${describeRuntime()}`);
  const pairs: Record<string, KeyValue> = {};
  // (a) first with the objects' and D1's storage in RAM: the control plane's own work.
  const inRam = await startSimControlPlane(ADMIN_TOKEN, { storage: "ram" });
  let ram: ManyRuns;
  try {
    await setUp(inRam.cp);
    ram = await manyRuns(inRam.cp, inRam.storage);
  } finally {
    await inRam.cp.dispose();
  }
  const { cp, bundleMs, startMs, storage } = await startSimControlPlane(ADMIN_TOKEN);
  try {
    await setUp(cp);

    // (a) again with storage on this machine's disk, as `npm start` keeps it.
    const disk = await manyRuns(cp, storage);
    console.log(
      `\n(a) ${RUNS} runs × ${RUN_MEMBERS} members at once (bundle ${formatMs(bundleMs)} ms, start ${formatMs(startMs)} ms)`,
    );
    printTable(
      [
        { header: "storage" },
        { header: "runs", align: "right" },
        { header: "members", align: "right" },
        { header: "wall s", align: "right" },
        { header: "advances", align: "right" },
        { header: "ms/member", align: "right" },
        { header: "workerd CPU s", align: "right" },
        { header: "workerd peak MiB", align: "right" },
        { header: "anchor", align: "right" },
      ],
      [ram, disk].map((a) => [
        a.storage,
        formatInt(RUNS),
        formatInt(RUNS * RUN_MEMBERS),
        formatMs(a.wallMs / 1000),
        formatInt(a.advances),
        formatMs(a.wallMs / (RUNS * RUN_MEMBERS)),
        a.cpu === undefined ? "n/a" : formatMs(a.cpu),
        a.rssPeak === undefined ? "n/a" : formatMs(a.rssPeak),
        `< ${ANCHOR_A_S} s (KubeFleet ${KUBEFLEET_HUNDRED_S} s for 100, p90 ${KUBEFLEET_ONE_P90_S} s for one)`,
      ]),
    );
    pairs.a_runs = RUNS;
    pairs.a_members_per_run = RUN_MEMBERS;
    for (const [prefix, a] of [
      ["a", ram],
      ["a_disk", disk],
    ] as const) {
      pairs[`${prefix}_wall_s`] = a.wallMs / 1000;
      pairs[`${prefix}_advances`] = a.advances;
      if (a.cpu !== undefined) pairs[`${prefix}_workerd_cpu_s`] = a.cpu;
      if (a.rssPeak !== undefined) pairs[`${prefix}_workerd_peak_mib`] = a.rssPeak;
      if (a.rssBefore !== undefined) pairs[`${prefix}_workerd_rss_at_start_mib`] = a.rssBefore;
    }
    pairs.a_anchor_s = ANCHOR_A_S;

    // (b) one large run.
    await seedFleet(cp, "big", BIG_RUN);
    await createRun(cp, "big");
    const runBefore = await cp.inspectRun("big", "run");
    const fleetBefore = await cp.inspectFleet("big");
    const b = await driveToCompleted(cp, ["big"]);
    const runAfter = await cp.inspectRun("big", "run");
    const fleetAfter = await cp.inspectFleet("big");
    // Counters count since the instance started: workerd may replace an instance in a
    // long run (then "n/a"); rows kept are read from storage and survive that.
    type Counted = Pick<FleetInspection, "counters" | "rowsWritten" | "rowsKept">;
    const since = (after: Counted, before: Counted, of: (c: Counted) => number | undefined) => {
      const [a, b] = [of(after), of(before)];
      return a === undefined || b === undefined || a < b ? undefined : (a - b) / BIG_RUN;
    };
    const written = (c: Counted) => c.rowsWritten;
    const transactions = (c: Counted) => c.counters?.transactions;
    const runRows = since(runAfter, runBefore, written);
    const fleetRows = since(fleetAfter, fleetBefore, written);
    const runTx = since(runAfter, runBefore, transactions);
    const fleetTx = since(fleetAfter, fleetBefore, transactions);
    const runKept = (runAfter.rowsKept ?? 0) / BIG_RUN;
    const fleetKept = (fleetAfter.rowsKept ?? 0) / BIG_RUN;
    const show = (value: number | undefined, digits: number) =>
      value === undefined ? "n/a" : value.toFixed(digits);
    const pages = await readAllPages(cp, "big");
    console.log(`\n(b) one run of ${formatInt(BIG_RUN)} members`);
    printTable(
      [
        { header: "members" },
        { header: "wall s", align: "right" },
        { header: "pages", align: "right" },
        { header: "members paged (unique)", align: "right" },
        { header: "rows kept/member (run, fleet)", align: "right" },
        { header: "rows written/member (run, fleet)", align: "right" },
        { header: "transactions/member (run, fleet)", align: "right" },
        { header: "anchor", align: "right" },
      ],
      [
        [
          formatInt(BIG_RUN),
          formatMs(b.wallMs / 1000),
          formatInt(pages.pages),
          `${formatInt(pages.members)} (${formatInt(pages.unique)})`,
          `${runKept.toFixed(3)}, ${fleetKept.toFixed(3)}`,
          `${show(runRows, 2)}, ${show(fleetRows, 2)}`,
          `${show(runTx, 3)}, ${show(fleetTx, 3)}`,
          `≤ ${ANCHOR_ROWS} rows kept/member`,
        ],
      ],
    );
    pairs.b_members = BIG_RUN;
    pairs.b_wall_s = b.wallMs / 1000;
    pairs.b_pages = pages.pages;
    pairs.b_members_paged = pages.members;
    pairs.b_run_rows_kept_per_member = runKept;
    pairs.b_fleet_rows_kept_per_member = fleetKept;
    if (runRows !== undefined) pairs.b_run_rows_written_per_member = runRows;
    if (fleetRows !== undefined) pairs.b_fleet_rows_written_per_member = fleetRows;
    if (runTx !== undefined) pairs.b_run_transactions_per_member = runTx;
    if (fleetTx !== undefined) pairs.b_fleet_transactions_per_member = fleetTx;
    pairs.b_anchor_rows = ANCHOR_ROWS;

    // (c) the status read of a finished 1,000-member run.
    await seedFleet(cp, "status", STATUS_MEMBERS);
    await createRun(cp, "status");
    await driveToCompleted(cp, ["status"]);
    // The run's end handed a thousand notifications to the queue, whose consumer shares
    // workerd with the reads: let it drain first, so the reads time themselves alone.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const reads: number[] = [];
    let bytes = 0;
    for (let i = 0; i < STATUS_READS; i++) {
      const t0 = performance.now();
      const r = await must(cp.get(runPath("status")), "status");
      reads.push(performance.now() - t0);
      bytes = r.body.length;
    }
    reads.sort((x, y) => x - y);
    const p50 = percentile(reads, 0.5);
    const p90 = percentile(reads, 0.9);
    console.log(
      `\n(c) status read of a ${formatInt(STATUS_MEMBERS)}-member run (${STATUS_READS} reads)`,
    );
    printTable(
      [
        { header: "members" },
        { header: "p50 ms", align: "right" },
        { header: "p90 ms", align: "right" },
        { header: "bytes", align: "right" },
        { header: "anchor", align: "right" },
      ],
      [
        [
          formatInt(STATUS_MEMBERS),
          formatMs(p50),
          formatMs(p90),
          formatInt(bytes),
          `< ${ANCHOR_STATUS_MS} ms p50`,
        ],
      ],
    );
    pairs.c_members = STATUS_MEMBERS;
    pairs.c_status_p50_ms = p50;
    pairs.c_status_p90_ms = p90;
    pairs.c_status_bytes = bytes;
    pairs.c_anchor_ms = ANCHOR_STATUS_MS;
  } finally {
    await cp.dispose();
  }
  printKeyValues("runs-scale", pairs);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
