/**
 * Runs of many members within the platform's limits (issue 28 item 7), in workerd
 * (Miniflare, sim provider, every command duration 0, members without node pools, the
 * runs-scale shape: 3 stages of 20/30/50 %, one group each at maxConcurrency "50%").
 *
 * For each size in `BENCH_HEAP_MEMBERS` (1000,5000,10000): a fresh control plane whose
 * V8 old generation is capped at `BENCH_HEAP_LIMIT_MB` (64, the anchor; 0 for V8's
 * default), one fleet, one run driven to Completed one virtual second per
 * `POST /v1/sim/advance`, while the isolate's heap (V8's used size, through workerd's
 * inspector) is read every 100 ms. Prints per size:
 * - whether the run completed within the cap: past it, workerd aborts ("JavaScript heap
 *   out of memory") and the bench notes the run as not completed. The cap is what the
 *   anchor means; a sampled peak includes garbage V8 had no reason to collect yet, and no
 *   sample lands while the isolate is busy;
 * - the heap used before the start (the seeding's garbage perhaps still in it) and the
 *   highest sample;
 * - whether the run's or the fleet's object instance was replaced during the run (their
 *   runtime counters, read after each advance, only grow while an instance lives). Objects
 *   are kept from idle eviction here: workerd frees an object after ~10 s without a call,
 *   as the platform evicts idle objects, and a long advance left them that idle. That
 *   eviction, not memory or CPU, was the "instances replaced" this bench saw before;
 * - the longest advance (wall ms): every object call an instant makes happens inside it,
 *   the bound on one event's CPU here;
 * - heap reads the inspector left unanswered for a minute (the isolate busy all along).
 * Anchors: completes within 64 MB (half of the 128 MB an object gets on the platform), no
 * instance replaced. Locally every object shares one isolate, so the cap holds all of
 * them together, an upper bound for each. Not asserted.
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
/**
 * The V8 old generation's cap in workerd (0: V8's default): the anchor's, so a run whose
 * live state outgrows it dies out of memory rather than merely peaking high.
 */
const HEAP_LIMIT_MB = Number(process.env.BENCH_HEAP_LIMIT_MB ?? ANCHOR_HEAP_MB);

interface Outcome {
  members: number;
  wallMs: number;
  advances: number;
  restMb: number;
  peakMb: number;
  longestAdvanceMs: number;
  replaced: string[];
  unanswered: number;
  /** Why the run did not complete (workerd gone: out of memory at the cap), if it did not. */
  died?: string;
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
    preventEviction: true,
    ...(HEAP_LIMIT_MB > 0 ? { heapLimitMb: HEAP_LIMIT_MB } : {}),
  });
  const outcome: Outcome = {
    members,
    wallMs: 0,
    advances: 0,
    restMb: 0,
    peakMb: 0,
    longestAdvanceMs: 0,
    replaced: [],
    unanswered: 0,
  };
  let sampling = false;
  let sampler: Promise<void> = Promise.resolve();
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
    outcome.restMb = await used();
    outcome.peakMb = outcome.restMb;
    sampling = true;
    sampler = (async () => {
      while (sampling) {
        try {
          outcome.peakMb = Math.max(outcome.peakMb, await used());
        } catch {
          // Unanswered for a minute: the isolate busy all along, or gone.
          outcome.unanswered++;
          inspector.close();
          if (!sampling) break;
          try {
            inspector = await session(await controlPlaneTarget(INSPECTOR_PORT));
          } catch {
            break;
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      inspector.close();
    })();

    let last = await readies(cp, fleet);
    const t0 = performance.now();
    const started = await cp.post(`${runPath(fleet)}/start`, {});
    if (started.status !== 200) throw new Error(`start: ${started.status} ${started.body}`);
    for (;;) {
      const state = await runState(cp, fleet);
      if (state === "Completed") break;
      if (state !== "Running" && state !== "Pending") throw new Error(`the run ended ${state}`);
      if (outcome.advances >= MAX_ADVANCES)
        throw new Error(`open after ${outcome.advances} advances`);
      const a0 = performance.now();
      const advanced = await cp.post("/v1/sim/advance", { seconds: 1 });
      if (advanced.status !== 200) throw new Error(`advance: ${advanced.status}`);
      outcome.longestAdvanceMs = Math.max(outcome.longestAdvanceMs, performance.now() - a0);
      outcome.advances++;
      const now = await readies(cp, fleet);
      if (now.run < last.run) outcome.replaced.push(`run object after advance ${outcome.advances}`);
      if (now.fleet < last.fleet) {
        outcome.replaced.push(`fleet object after advance ${outcome.advances}`);
      }
      last = now;
    }
    outcome.wallMs = performance.now() - t0;
  } catch (error) {
    // workerd aborts when the isolate reaches the cap ("JavaScript heap out of memory"),
    // and every request after fails: the run did not complete within it.
    outcome.died = error instanceof Error ? error.message : String(error);
  } finally {
    sampling = false;
    await sampler;
    await cp.dispose().catch(() => undefined);
  }
  return outcome;
}

async function main(): Promise<void> {
  const outcomes: Outcome[] = [];
  for (const members of SIZES) {
    const outcome = await measure(members);
    console.log(
      `${formatInt(members)} members: ${outcome.died ? `did not complete (${outcome.died})` : "completed"}, peak ${outcome.peakMb.toFixed(1)} MB`,
    );
    outcomes.push(outcome);
  }
  console.log(`\nOne run of many members (${describeRuntime()})`);
  printTable(
    [
      { header: "members", align: "right" },
      { header: `completed within a ${HEAP_LIMIT_MB || "V8 default"} MB cap` },
      { header: "wall s", align: "right" },
      { header: "advances", align: "right" },
      { header: "heap before MB", align: "right" },
      { header: "heap peak MB (sampled)", align: "right" },
      { header: "longest advance", align: "right" },
      { header: "heap reads unanswered", align: "right" },
      { header: "instances replaced" },
      { header: "anchor" },
    ],
    outcomes.map((o) => [
      formatInt(o.members),
      o.died === undefined ? "yes" : "no (workerd out of memory)",
      o.died === undefined ? (o.wallMs / 1000).toFixed(1) : "-",
      formatInt(o.advances),
      o.restMb.toFixed(1),
      o.peakMb.toFixed(1),
      o.died === undefined ? formatMs(o.longestAdvanceMs) : "-",
      formatInt(o.unanswered),
      o.replaced.length === 0 ? "none" : o.replaced.join("; "),
      `completes within ${ANCHOR_HEAP_MB} MB, none replaced`,
    ]),
  );
  const pairs: Record<string, KeyValue> = {
    anchor_heap_mb: ANCHOR_HEAP_MB,
    heap_cap_mb: HEAP_LIMIT_MB,
  };
  for (const o of outcomes) {
    pairs[`m${o.members}_completed`] = o.died === undefined ? 1 : 0;
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
