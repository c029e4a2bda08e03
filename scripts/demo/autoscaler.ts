/**
 * The autoscaler demo: cluster `autoscale-demo` (fleet lab, outside the rollout sequence) with an on-demand and a
 * spot pool, a burst of pending pods (the autoscaler scales up, cheapest first: spot,
 * CA-9), then, a few virtual hours later, a quiet snapshot (most nodes become unneeded
 * and are removed after 10 min, CA-5). `GET /v1/clusters/autoscale-demo/autoscaler/decisions`
 * shows each decision with its reason.
 */
export interface AutoscalerDemo {
  cluster: { name: string; body: Record<string, unknown> };
  nodePools: { name: string; body: Record<string, unknown> }[];
  /** Snapshots to PUT in order, with the wall-clock pause before each. */
  snapshots: { pauseMs: number; body: { pods: Record<string, unknown>[] } }[];
}

const ZONES = ["europe-west3-a", "europe-west3-b"];

const pods = (prefix: string, count: number, cpuMillis: number, extra = {}) =>
  Array.from({ length: count }, (_, i) => ({
    name: `${prefix}-${i}`,
    containers: [{ cpuMillis, memoryMiB: 1024 }],
    labels: { app: prefix },
    ...extra,
  }));

export function autoscalerDemo(): AutoscalerDemo {
  const pool = (spot: boolean, autoscaling: Record<string, unknown>) => ({
    machineType: "e2-standard-4",
    zones: ZONES,
    nodeCount: 1,
    version: "1.21.11-gke.1100",
    nodeImage: "cos-97-16919-1",
    spot,
    autoscaling,
  });
  return {
    cluster: {
      name: "autoscale-demo",
      body: {
        fleet: "lab",
        role: "standalone",
        region: "europe-west3",
        releaseChannel: "REGULAR",
        version: "1.21.11-gke.1100",
      },
    },
    nodePools: [
      { name: "on-demand", body: pool(false, { enabled: true, minNodes: 1, maxNodes: 4 }) },
      {
        name: "spot",
        // CA-10: ANY by default for spot; a 1.21 control plane cannot set a policy.
        body: pool(true, { enabled: true, minNodes: 0, maxNodes: 6 }),
      },
    ],
    snapshots: [
      {
        pauseMs: 0,
        body: {
          pods: [
            ...pods("web", 24, 1000),
            ...pods("ledger", 4, 1500, {
              nodeSelector: { "cloud.google.com/gke-nodepool": "on-demand" },
            }),
          ],
        },
      },
      // At the default 3,600× a wall second is a virtual hour: the burst has run by now.
      { pauseMs: 3000, body: { pods: [...pods("web", 3, 1000)] } },
    ],
  };
}
