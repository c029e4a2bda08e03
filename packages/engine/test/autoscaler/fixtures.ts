import {
  type AutoscalerInput,
  type AutoscalerNode,
  type AutoscalerPod,
  type AutoscalerPool,
  type AutoscalerState,
  initialAutoscalerState,
} from "../../src/index.ts";

export const T0 = Date.UTC(2026, 10, 23, 12, 0, 0);
export const MIN = 60_000;
export const ZONES = ["us-central1-a", "us-central1-b", "us-central1-c"];

/** A 4 CPU / 16 GiB on-demand pool over three zones, autoscaling 0..10 per zone. */
export function pool(name: string, over: Partial<AutoscalerPool> = {}): AutoscalerPool {
  return {
    name,
    machine: { machineType: "e2-standard-4", cpuMillis: 4000, memoryMiB: 16384, pricePerHour: 1 },
    zones: ZONES,
    autoscaling: { enabled: true, minNodes: 0, maxNodes: 10 },
    ...over,
  };
}

export function node(
  name: string,
  poolName: string,
  zone = ZONES[0] as string,
  over: Partial<AutoscalerNode> = {},
): AutoscalerNode {
  return { name, pool: poolName, zone, state: "READY", ...over };
}

/** A pod owned by a ReplicaSet asking for `cpu` millis and `mem` MiB. */
export function pod(
  name: string,
  cpu: number,
  mem = 256,
  over: Partial<AutoscalerPod> = {},
): AutoscalerPod {
  return {
    name,
    controller: "ReplicaSet",
    containers: [{ cpuMillis: cpu, memoryMiB: mem }],
    ...over,
  };
}

export function pods(
  prefix: string,
  n: number,
  cpu: number,
  mem = 256,
  over: Partial<AutoscalerPod> = {},
): AutoscalerPod[] {
  return Array.from({ length: n }, (_, i) => pod(`${prefix}-${i}`, cpu, mem, over));
}

/** A current control plane: every seed 001 version gate is open. */
export const CURRENT = { controlPlaneVersion: "1.33.2-gke.1000" } as const;

export function input(
  parts: Partial<Omit<AutoscalerInput, "cluster">> & {
    cluster?: Partial<AutoscalerInput["cluster"]>;
  },
  state: AutoscalerState = initialAutoscalerState(),
): AutoscalerInput {
  return {
    pools: [],
    nodes: [],
    pods: [],
    state,
    ...parts,
    cluster: { name: "c1", ...CURRENT, ...parts.cluster },
  };
}
