/**
 * The pure autoscaler engine (CA-1..17), `evaluateCluster` in Node:
 *
 * (a) upstream cluster-autoscaler's own packing benchmark: 50,000 pending pods of 50m
 *     and 1,000 of 95m onto 1000m / 100-pod nodes — the bound is 2,595 nodes (CPU:
 *     2,595,000m ÷ 1000m); we print the nodes chosen in one pass without the per-pass
 *     cap, the passes the default 1,000-node cap needs, and the time;
 * (b) 100 pools of mixed machine types, 10,000 busy nodes (cluster cap 15,000) and
 *     50,000 pending pods of 24 shapes: decision time, peak heap, nodes added against a
 *     lower bound (per pool chosen: total requests ÷ node capacity per resource, the
 *     largest) and against a plain first-fit-decreasing packing of the same pods on
 *     the same pool (pod by pod, no grouping);
 * (c) a 5,000-node / 50,000-pod cluster with nothing to do but scale down checks
 *     (the steady state of a big cluster): decision time;
 * (d) quiet clusters through the API of the control plane in workerd
 *     (scripts/bench/lib/autoscaler-idle.ts): autoscaler passes and decisions stored per
 *     idle cluster-day (a pod that fits nowhere with nodes unneeded at their minimum, and
 *     pods below the priority cut-off; anchor ≤ 10), and the wall time of one 30-day
 *     `POST /v1/sim/advance` over 10 clusters with one unplaceable pod each (anchor
 *     < 2 s; BENCH_AUTOSCALER_DAYS sets the days).
 *
 * Each case is timed in Node and inside workerd (Miniflare running a probe worker with
 * the engine bundled, scripts/bench/lib/autoscaler-probe.worker.ts).
 *
 * Prints tables, then one key=value line. Not asserted.
 *
 * Run: `tsx scripts/bench/autoscaler.bench.ts` (or `pnpm bench` for every benchmark).
 */
import { performance } from "node:perf_hooks";
import {
  type AutoscalerInput,
  type AutoscalerNode,
  type AutoscalerPod,
  type AutoscalerPool,
  effectiveRequests,
  evaluateCluster,
  type ScaleUpAction,
} from "../../packages/engine/src/index.ts";
import { measureIdleAutoscaler } from "./lib/autoscaler-idle.ts";
import { mixedCluster, steadyCluster, upstreamVector } from "./lib/autoscaler-scenarios.ts";
import { describeRuntime, formatInt, formatMs, printKeyValues, printTable } from "./lib/report.ts";
import { median } from "./lib/stats.ts";
import { timeInWorkerd } from "./lib/workerd-engine.ts";

const T0 = Date.UTC(2026, 10, 23, 12);
/** Virtual days of the month case (d). */
const MONTH_DAYS = Number(process.env.BENCH_AUTOSCALER_DAYS ?? 30);
const REPEATS = 3;

function timed<T>(run: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = run();
  return { value, ms: performance.now() - start };
}

/** Median of REPEATS runs (the first warms the JIT) and the peak heap seen. */
function measure(
  world: AutoscalerInput,
  now = T0,
): { ms: number; heapMiB: number; value: ReturnType<typeof evaluateCluster> } {
  const times: number[] = [];
  let peak = 0;
  let value = evaluateCluster(world, now);
  for (let i = 0; i < REPEATS; i++) {
    const before = process.memoryUsage().heapUsed;
    const run = timed(() => evaluateCluster(world, now));
    peak = Math.max(peak, process.memoryUsage().heapUsed - before, 0);
    times.push(run.ms);
    value = run.value;
  }
  return { ms: median(times), heapMiB: peak / 2 ** 20, value };
}

function ups(d: ReturnType<typeof evaluateCluster>): ScaleUpAction[] {
  return d.actions.filter((a): a is ScaleUpAction => a.type === "SCALE_UP");
}

function passesWithDefaultCap(world: AutoscalerInput): { passes: number; nodes: number } {
  let nodes: AutoscalerNode[] = [];
  let state = world.state;
  let passes = 0;
  let now = T0;
  for (; passes < 10; passes++) {
    const d = evaluateCluster({ ...world, nodes, state }, now);
    const added = ups(d);
    if (added.length === 0) break;
    for (const a of added) {
      for (const [i, n] of a.newNodes.entries()) {
        nodes = [
          ...nodes,
          {
            name: `${a.pool}-${passes}-${String(i).padStart(5, "0")}`,
            pool: a.pool,
            zone: n.zone,
            state: "PROVISIONING",
            createdAt: now,
          },
        ];
      }
    }
    state = d.state;
    now += 10_000;
  }
  return { passes, nodes: nodes.length };
}

/** Lower bound for `pods` on `pool`'s machine: requests ÷ capacity per resource, the largest. */
function lowerBound(pool: AutoscalerPool, pods: readonly AutoscalerPod[]): number {
  let cpu = 0;
  let mem = 0;
  for (const p of pods) {
    const r = effectiveRequests(p);
    cpu += r.cpuMillis;
    mem += r.memoryMiB;
  }
  return Math.max(
    Math.ceil(cpu / pool.machine.cpuMillis),
    Math.ceil(mem / pool.machine.memoryMiB),
    Math.ceil(pods.length / (pool.maxPodsPerNode ?? 110)),
  );
}

/** A plain first-fit-decreasing packing, pod by pod (by dominant share), no grouping. */
function plainFfd(pool: AutoscalerPool, pods: readonly AutoscalerPod[]): number {
  const m = pool.machine;
  const maxPods = pool.maxPodsPerNode ?? 110;
  const items = pods
    .map((p) => effectiveRequests(p))
    .sort(
      (a, b) =>
        Math.max(b.cpuMillis / m.cpuMillis, b.memoryMiB / m.memoryMiB) -
        Math.max(a.cpuMillis / m.cpuMillis, a.memoryMiB / m.memoryMiB),
    );
  const bins: { cpu: number; mem: number; n: number }[] = [];
  for (const r of items) {
    const bin = bins.find(
      (b) =>
        b.cpu + r.cpuMillis <= m.cpuMillis && b.mem + r.memoryMiB <= m.memoryMiB && b.n < maxPods,
    );
    if (bin) {
      bin.cpu += r.cpuMillis;
      bin.mem += r.memoryMiB;
      bin.n += 1;
    } else {
      bins.push({ cpu: r.cpuMillis, mem: r.memoryMiB, n: 1 });
    }
  }
  return bins.length;
}

async function main(): Promise<void> {
  console.log(`autoscaler engine · ${describeRuntime()}`);
  console.log();

  const vector = upstreamVector();
  const uncapped = measure({ ...vector, options: { maxNodesPerScaleUp: 15_000 } });
  const vectorNodes = ups(uncapped.value).reduce((s, a) => s + a.delta, 0);
  const capped = passesWithDefaultCap(vector);
  console.log("(a) upstream packing vector: 50,000 × 50m + 1,000 × 95m on 1000m / 100-pod nodes");
  printTable(
    [
      { header: "case" },
      { header: "nodes", align: "right" },
      { header: "bound", align: "right" },
      { header: "passes", align: "right" },
      { header: "ms (median)", align: "right" },
    ],
    [
      ["one pass, no per-pass cap", formatInt(vectorNodes), "2,595", "1", formatMs(uncapped.ms)],
      [
        "default cap 1,000 nodes per scale up",
        formatInt(capped.nodes),
        "2,595",
        String(capped.passes),
        "-",
      ],
    ],
  );
  console.log();

  const mixed = mixedCluster();
  const m = measure(mixed);
  const byName = new Map(mixed.pods.map((p) => [`default/${p.name}`, p]));
  let added = 0;
  let bound = 0;
  let ffd = 0;
  for (const a of ups(m.value)) {
    const pool = mixed.pools.find((p) => p.name === a.pool) as AutoscalerPool;
    const placed = a.pods.map((k) => byName.get(k) as AutoscalerPod);
    added += a.delta;
    bound += lowerBound(pool, placed);
    ffd += plainFfd(pool, placed);
  }
  const ontoNew = ups(m.value).reduce((s, a) => s + a.pods.length, 0);
  const unplaced = Number(
    /^(\d+) pending pods? fits? no pool/m.exec(m.value.notes.join("\n"))?.[1] ?? 0,
  );
  console.log("(b) 100 pools, 10,000 busy nodes (cap 15,000), 50,000 pending pods of 24 shapes");
  printTable(
    [
      { header: "decision ms", align: "right" },
      { header: "heap MiB", align: "right" },
      { header: "pools grown", align: "right" },
      { header: "nodes added", align: "right" },
      { header: "lower bound", align: "right" },
      { header: "÷ bound", align: "right" },
      { header: "plain FFD", align: "right" },
      { header: "÷ FFD", align: "right" },
      { header: "pods → new", align: "right" },
      { header: "→ existing", align: "right" },
      { header: "unplaced", align: "right" },
    ],
    [
      [
        formatMs(m.ms),
        m.heapMiB.toFixed(1),
        String(ups(m.value).length),
        formatInt(added),
        formatInt(bound),
        (added / bound).toFixed(3),
        formatInt(ffd),
        (added / ffd).toFixed(3),
        formatInt(ontoNew),
        formatInt(50_000 - ontoNew - unplaced),
        formatInt(unplaced),
      ],
    ],
  );
  console.log();

  const steady = measure(steadyCluster());
  console.log("(c) 5,000 nodes, 50,000 running pods, 100 lightly used nodes: a steady pass");
  printTable(
    [
      { header: "decision ms", align: "right" },
      { header: "unneeded nodes", align: "right" },
    ],
    [[formatMs(steady.ms), formatInt(Object.keys(steady.value.state.unneededSince).length)]],
  );
  console.log();
  const workerd = await timeInWorkerd(["vector", "mixed", "steady"]);
  console.log("inside workerd (Miniflare): one pass, median of 3, round trip subtracted");
  printTable(
    [
      { header: "case" },
      { header: "Node ms", align: "right" },
      { header: "workerd ms", align: "right" },
    ],
    [
      ["(a) upstream vector", formatMs(uncapped.ms), formatMs(workerd.vector ?? Number.NaN)],
      ["(b) 100 pools × 50,000 pending", formatMs(m.ms), formatMs(workerd.mixed ?? Number.NaN)],
      ["(c) steady 5,000 nodes", formatMs(steady.ms), formatMs(workerd.steady ?? Number.NaN)],
    ],
  );
  console.log();
  const quiet = await measureIdleAutoscaler(MONTH_DAYS);
  const { day, month } = quiet;
  const storedPerDay = Math.max(...Object.values(day.stored));
  const passesPerDay = day.firings / day.clusters;
  console.log(
    `(d) quiet clusters in workerd through the API (sim, clock frozen, POST /v1/sim/advance)`,
  );
  printTable(
    [
      { header: "case" },
      { header: "measured", align: "right" },
      { header: "anchor", align: "right" },
    ],
    [
      ["autoscaler passes per idle cluster-day", passesPerDay.toFixed(1), "≤ 10"],
      ...Object.entries(day.stored).map(([name, n]) => [
        `decisions stored per idle cluster-day (${name})`,
        formatInt(n),
        "≤ 10",
      ]),
      [
        `${month.days}-day advance, ${month.clusters} clusters with an unplaceable pod (ms)`,
        formatMs(month.advanceMs),
        "< 2,000",
      ],
      [`  its passes (timer firings)`, formatInt(month.firings), ""],
      [`  its decisions stored`, formatInt(month.stored), ""],
    ],
  );
  console.log(
    "  passes = the fleet's timer firings over the virtual day ÷ its clusters (nothing else runs there); the day's own advance took " +
      `${formatMs(day.advanceMs)} ms`,
  );
  console.log();
  console.log("bound (a): CPU 2,595,000m ÷ 1000m = 2,595 nodes (pods: 51,000 ÷ 100 = 510).");
  console.log(
    "bound (b): per pool chosen, ceil(max(Σcpu ÷ node cpu, Σmem ÷ node mem, pods ÷ 110)), summed.",
  );
  printKeyValues("autoscaler", {
    vector_nodes: vectorNodes,
    vector_bound: 2595,
    vector_ms: uncapped.ms,
    vector_passes_default_cap: capped.passes,
    mixed_ms: m.ms,
    mixed_heap_mib: m.heapMiB,
    mixed_nodes_added: added,
    mixed_ratio_bound: added / bound,
    mixed_ratio_ffd: added / ffd,
    steady_5000_ms: steady.ms,
    workerd_vector_ms: workerd.vector ?? -1,
    workerd_mixed_ms: workerd.mixed ?? -1,
    workerd_steady_ms: workerd.steady ?? -1,
    idle_day_passes_per_cluster: passesPerDay,
    idle_day_decisions_stored: storedPerDay,
    idle_month_days: month.days,
    idle_month_advance_ms: month.advanceMs,
    idle_month_passes: month.firings,
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
