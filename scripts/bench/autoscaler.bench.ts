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
 *     (the steady state of a big cluster): decision time.
 *
 * Prints tables, then one key=value line. Not asserted. Workerd timings come from the
 * control plane's own benchmark (the fleet object runs this same function).
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
  initialAutoscalerState,
  type ScaleUpAction,
} from "../../packages/engine/src/index.ts";
import { Prng } from "./lib/prng.ts";
import { describeRuntime, formatInt, formatMs, printKeyValues, printTable } from "./lib/report.ts";
import { median } from "./lib/stats.ts";

const T0 = Date.UTC(2026, 10, 23, 12);
const ZONES = ["us-central1-a", "us-central1-b", "us-central1-c"];
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

// (a) upstream's packing vector -------------------------------------------------------
function upstreamVector(): AutoscalerInput {
  const pool: AutoscalerPool = {
    name: "tiny",
    machine: { machineType: "tiny-1000m", cpuMillis: 1000, memoryMiB: 1_000_000, pricePerHour: 1 },
    zones: ["us-central1-a"],
    maxPodsPerNode: 100,
    autoscaling: { enabled: true, totalMinNodes: 0, totalMaxNodes: 15_000 },
  };
  const pods: AutoscalerPod[] = [];
  for (let i = 0; i < 50_000; i++)
    pods.push({
      name: `s-${i}`,
      controller: "ReplicaSet",
      containers: [{ cpuMillis: 50, memoryMiB: 1 }],
    });
  for (let i = 0; i < 1_000; i++)
    pods.push({
      name: `l-${i}`,
      controller: "ReplicaSet",
      containers: [{ cpuMillis: 95, memoryMiB: 1 }],
    });
  return {
    cluster: { name: "bench", controlPlaneVersion: "1.33.1-gke.100" },
    pools: [pool],
    nodes: [],
    pods,
    state: initialAutoscalerState(),
  };
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

// (b) 100 pools, 10,000 busy nodes, 50,000 pending pods of mixed shapes ------------------
const CPU_SIZES = [2000, 4000, 8000, 16000, 32000];
const MEM_PER_CPU = [2048, 4096, 8192];

function mixedCluster(): AutoscalerInput {
  const rng = new Prng(11);
  const pools: AutoscalerPool[] = [];
  const nodes: AutoscalerNode[] = [];
  const pods: AutoscalerPod[] = [];
  for (let p = 0; p < 100; p++) {
    const cpu = CPU_SIZES[p % CPU_SIZES.length] as number;
    const memPerCpu = MEM_PER_CPU[Math.floor(p / CPU_SIZES.length) % MEM_PER_CPU.length] as number;
    const spot = p % 4 === 0;
    // Price per CPU varies by ±20 % between pools so the choice is not a tie everywhere.
    const price = (cpu / 1000) * (memPerCpu / 4096 + 1) * (0.8 + 0.4 * rng.next());
    const name = `pool-${String(p).padStart(3, "0")}`;
    pools.push({
      name,
      machine: {
        machineType: `m${cpu / 1000}-${memPerCpu}`,
        cpuMillis: cpu,
        memoryMiB: (cpu / 1000) * memPerCpu,
        pricePerHour: price,
        spotPricePerHour: price / 3,
      },
      zones: ZONES,
      spot,
      autoscaling: { enabled: true, totalMinNodes: 0, totalMaxNodes: 150 },
    });
    for (let n = 0; n < 100; n++) {
      const node = `${name}-n${String(n).padStart(3, "0")}`;
      nodes.push({ name: node, pool: name, zone: ZONES[n % 3] as string, state: "READY" });
      // Busy: one pod taking 97 % of the node: no scale-down candidate, little room left.
      pods.push({
        name: `${node}-w`,
        controller: "ReplicaSet",
        node,
        containers: [{ cpuMillis: cpu * 0.97, memoryMiB: (cpu / 1000) * memPerCpu * 0.97 }],
      });
    }
  }
  const shapes = Array.from({ length: 24 }, (_, i) => ({
    cpu: [100, 250, 500, 1000, 2000, 3500][i % 6] as number,
    mem: [128, 512, 1024, 4096][Math.floor(i / 6)] as number,
  }));
  for (let i = 0; i < 50_000; i++) {
    const shape = shapes[rng.int(0, shapes.length - 1)] as { cpu: number; mem: number };
    pods.push({
      name: `pending-${String(i).padStart(5, "0")}`,
      controller: "ReplicaSet",
      containers: [{ cpuMillis: shape.cpu, memoryMiB: shape.mem }],
    });
  }
  return {
    cluster: { name: "bench", controlPlaneVersion: "1.33.1-gke.100" },
    pools,
    nodes,
    pods,
    state: initialAutoscalerState(),
  };
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

// (c) a steady 5,000-node cluster -------------------------------------------------------
function steadyCluster(): AutoscalerInput {
  const pools: AutoscalerPool[] = Array.from({ length: 10 }, (_, p) => ({
    name: `pool-${p}`,
    machine: { machineType: "e2-standard-8", cpuMillis: 8000, memoryMiB: 32768, pricePerHour: 1 },
    zones: ZONES,
    autoscaling: { enabled: true, totalMinNodes: 0, totalMaxNodes: 1000 },
  }));
  const nodes: AutoscalerNode[] = [];
  const pods: AutoscalerPod[] = [];
  for (let i = 0; i < 5000; i++) {
    const name = `n-${String(i).padStart(4, "0")}`;
    nodes.push({ name, pool: `pool-${i % 10}`, zone: ZONES[i % 3] as string, state: "READY" });
    for (let k = 0; k < 10; k++) {
      // Every 50th node lightly used: scale-down candidates to check.
      const cpu = i % 50 === 0 ? 100 : 700;
      pods.push({
        name: `${name}-${k}`,
        controller: "ReplicaSet",
        node: name,
        containers: [{ cpuMillis: cpu, memoryMiB: 1024 }],
      });
    }
  }
  return {
    cluster: { name: "bench", controlPlaneVersion: "1.33.1-gke.100" },
    pools,
    nodes,
    pods,
    state: initialAutoscalerState(),
  };
}

function main(): void {
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
  });
}

main();
