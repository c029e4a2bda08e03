import {
  type ClusterWrite,
  type Inventory,
  type NodePoolWrite,
  putCluster,
  putFleet,
  putMachineType,
  putScope,
  putZone,
} from "../src/index.ts";

export const T0 = Date.UTC(2022, 5, 1);

/** A cluster spec in fleet `prod` with the fields a PUT would carry. */
export function clusterSpec(name: string, overrides: Partial<ClusterWrite> = {}): ClusterWrite {
  return {
    name,
    fleet: "prod",
    role: "standalone",
    region: "europe-west1",
    releaseChannel: "REGULAR",
    specVersion: "1.21.14-gke.4300",
    ...overrides,
  };
}

/** A pool of `nodeCount` nodes per zone. */
export function poolSpec(cluster: string, name: string, overrides: Partial<NodePoolWrite> = {}) {
  return {
    cluster,
    name,
    machineType: "e2-standard-4",
    zones: ["europe-west1-b"],
    nodeCount: 3,
    version: "1.21.14-gke.4300",
    nodeImage: "cos-1.21",
    ...overrides,
  } satisfies NodePoolWrite;
}

/** Fleet `prod` with scope `payments`, one machine type, one zone, and cluster `c1`. */
export async function seed(db: Inventory): Promise<void> {
  await putFleet(db, "prod", T0);
  await putScope(db, "prod", "payments", T0);
  await putZone(db, { name: "europe-west1-b", region: "europe-west1" }, T0);
  await putMachineType(
    db,
    { name: "e2-standard-4", cpuMillis: 4000, memoryMiB: 16384, pricePerHour: 0.134 },
    T0,
  );
  await putCluster(db, clusterSpec("c1", { scopes: ["payments"] }), T0);
}
