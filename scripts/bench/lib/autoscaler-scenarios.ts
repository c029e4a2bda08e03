/**
 * The autoscaler benchmark's clusters, built deterministically (seeded), shared by the
 * Node run and the workerd probe so both time the very same input.
 */
import {
  type AutoscalerInput,
  type AutoscalerNode,
  type AutoscalerPod,
  type AutoscalerPool,
  initialAutoscalerState,
} from "../../../packages/engine/src/index.ts";
import { Prng } from "./prng.ts";

const ZONES = ["us-central1-a", "us-central1-b", "us-central1-c"];

// (a) upstream's packing vector -------------------------------------------------------
export function upstreamVector(): AutoscalerInput {
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

// (b) 100 pools, 10,000 busy nodes, 50,000 pending pods of mixed shapes ------------------
const CPU_SIZES = [2000, 4000, 8000, 16000, 32000];
const MEM_PER_CPU = [2048, 4096, 8192];

export function mixedCluster(): AutoscalerInput {
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

// (c) a steady 5,000-node cluster -------------------------------------------------------
export function steadyCluster(): AutoscalerInput {
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
