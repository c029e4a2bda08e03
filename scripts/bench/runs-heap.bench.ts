/**
 * Runs of many members within the platform's limits (issue 28 item 7), in workerd
 * (Miniflare, sim provider, every command duration 0, members without node pools, the
 * runs-scale shape: 3 stages of 20/30/50 %, one group each at maxConcurrency "50%").
 *
 * For each size in `BENCH_HEAP_MEMBERS` (1000,5000,10000): a fresh control plane, one
 * fleet, one run driven to Completed one virtual second per `POST /v1/sim/advance`, while
 * the control plane's isolate heap (V8's used size, through workerd's inspector) is read
 * every 100 ms. Prints per size:
 * - the heap used before the start (the seeding's garbage perhaps still in it) and its peak;
 * - whether the run's or the fleet's object instance was replaced during the run: their
 *   runtime counters, read after each advance, only grow while an instance lives;
 * - the longest advance (wall ms): every object call an instant makes happens inside it,
 *   the bound on one event's CPU here;
 * - heap reads the inspector left unanswered for a minute (the isolate busy all along, or
 *   replaced: the bench reconnects and reads on).
 * Anchors: peak heap ≤ 64 MB (half of the 128 MB an object gets on the platform), no
 * instance replaced. Locally every object shares one isolate, so the heap printed is all
 * of them together, an upper bound for each. Not asserted.
 * Run: `tsx scripts/bench/runs-heap.bench.ts`.
 */
import { performance } from "node:perf_hooks";
import { bundleControlPlane, type ControlPlane, startControlPlane } from "./lib/control-plane.ts";
import { controlPlaneTarget, session } from "./lib/inspector.ts";
import {
  describeRuntime,
  formatInt,
  formatMs,
  type KeyValue,
  printKeyValues,
  printTable,
} from "./lib/report.ts";
import { ADMIN_TOKEN, createRun, runPath, runState, seedFleet, setUp } from "./lib/zero-runs.ts";

const SIZES = (process.env.BENCH_HEAP_MEMBERS ?? "1000,5000,10000").split(",").map(Number);
const INSPECTOR_PORT = Number(process.env.BENCH_INSPECTOR_PORT ?? 9331);
const ANCHOR_HEAP_MB = 64;
const MAX_ADVANCES = 200;
const MB = 1024 * 1024;

interface Outcome {
  members: number;
  wallMs: number;
  advances: number;
  restMb: number;
  peakMb: number;
  longestAdvanceMs: number;
  replaced: string[];
  unanswered: number;
}

/** The object calls counted since each instance started: they only grow while it lives. */
async function readies(cp: ControlPlane, fleet: string) {
  const [run, owner] = await Promise.all([cp.inspectRun(fleet, "run"), cp.inspectFleet(fleet)]);
  return { run: run.counters?.readies ?? 0, fleet: owner.counters?.readies ?? 0 };
}

async function measure(members: number): Promise<Outcome> {
  // A control plane of its own per size (disposing one removes its bundle).
  const cp = await startControlPlane({
    bundle: await bundleControlPlane(),
    adminToken: ADMIN_TOKEN,
    vars: { REGATTA_PROVIDER: "sim", SIM_SPEED: "0" },
    inspectorPort: INSPECTOR_PORT,
  });
  try {
    await setUp(cp);
    const fleet = "big";
    await seedFleet(cp, fleet, members);
    await createRun(cp, fleet);
    let inspector = await session(await controlPlaneTarget(INSPECTOR_PORT));
    const used = async () =>
      (await inspector.send<{ usedSize: number }>("Runtime.getHeapUsage")).usedSize / MB;
    // workerd's inspector does not answer HeapProfiler.collectGarbage: the heap before the
    // start is what the seeding left, collected or not.
    const restMb = await used();
    let peakMb = restMb;
    /** Samples the inspector left unanswered for a minute (the isolate busy, or replaced). */
    let unanswered = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        try {
          peakMb = Math.max(peakMb, await used());
        } catch {
          unanswered++;
          inspector.close();
          inspector = await session(await controlPlaneTarget(INSPECTOR_PORT));
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();

    const replaced: string[] = [];
    let last = await readies(cp, fleet);
    const t0 = performance.now();
    const started = await cp.post(`${runPath(fleet)}/start`, {});
    if (started.status !== 200) throw new Error(`start: ${started.status} ${started.body}`);
    let advances = 0;
    let longestAdvanceMs = 0;
    for (;;) {
      const state = await runState(cp, fleet);
      if (state === "Completed") break;
      if (state !== "Running" && state !== "Pending") throw new Error(`the run ended ${state}`);
      if (advances >= MAX_ADVANCES) throw new Error(`open after ${advances} advances`);
      const a0 = performance.now();
      const advanced = await cp.post("/v1/sim/advance", { seconds: 1 });
      if (advanced.status !== 200) throw new Error(`advance: ${advanced.status}`);
      longestAdvanceMs = Math.max(longestAdvanceMs, performance.now() - a0);
      advances++;
      const now = await readies(cp, fleet);
      if (now.run < last.run) replaced.push(`run object after advance ${advances}`);
      if (now.fleet < last.fleet) replaced.push(`fleet object after advance ${advances}`);
      last = now;
    }
    const wallMs = performance.now() - t0;
    sampling = false;
    await sampler;
    inspector.close();
    return { members, wallMs, advances, restMb, peakMb, longestAdvanceMs, replaced, unanswered };
  } finally {
    await cp.dispose();
  }
}

async function main(): Promise<void> {
  const outcomes: Outcome[] = [];
  for (const members of SIZES) {
    const outcome = await measure(members);
    console.log(`${formatInt(members)} members: peak ${outcome.peakMb.toFixed(1)} MB`);
    outcomes.push(outcome);
  }
  console.log(`\nOne run of many members (${describeRuntime()})`);
  printTable(
    [
      { header: "members", align: "right" },
      { header: "wall s", align: "right" },
      { header: "advances", align: "right" },
      { header: "heap before MB", align: "right" },
      { header: "heap peak MB", align: "right" },
      { header: "longest advance", align: "right" },
      { header: "heap reads unanswered", align: "right" },
      { header: "instances replaced" },
      { header: "anchor" },
    ],
    outcomes.map((o) => [
      formatInt(o.members),
      (o.wallMs / 1000).toFixed(1),
      formatInt(o.advances),
      o.restMb.toFixed(1),
      o.peakMb.toFixed(1),
      formatMs(o.longestAdvanceMs),
      formatInt(o.unanswered),
      o.replaced.length === 0 ? "none" : o.replaced.join("; "),
      `heap ≤ ${ANCHOR_HEAP_MB} MB, none replaced`,
    ]),
  );
  const pairs: Record<string, KeyValue> = { anchor_heap_mb: ANCHOR_HEAP_MB };
  for (const o of outcomes) {
    pairs[`m${o.members}_peak_mb`] = Number(o.peakMb.toFixed(1));
    pairs[`m${o.members}_wall_s`] = Number((o.wallMs / 1000).toFixed(2));
    pairs[`m${o.members}_longest_advance_ms`] = Math.round(o.longestAdvanceMs);
    pairs[`m${o.members}_replaced`] = o.replaced.length;
    pairs[`m${o.members}_heap_reads_unanswered`] = o.unanswered;
  }
  printKeyValues("runs-heap", pairs);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
