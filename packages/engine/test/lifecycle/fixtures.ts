import type { ClusterFacts, ClusterUpgradeRequest } from "../../src/lifecycle/types.ts";
import { workerPool } from "./driver.ts";

/** The published versions the tests use (seed 003's numbers). */
export const CATALOGUE = ["1.13.0", "1.14.0", "1.14.1", "1.14.2", "1.14.3", "1.15.0", "1.15.11"];

/** A user cluster on 1.14.3 with two worker pools and a load-balancer node pool. */
export function userCluster(extra: Partial<ClusterFacts> = {}): ClusterFacts {
  return {
    cluster: "bm-1",
    role: "user",
    version: "1.14.3",
    catalogue: CATALOGUE,
    controlPlaneNodes: 3,
    loadBalancerNodes: 2,
    manifestsVersion: "1.14.3",
    pools: [
      workerPool("np-a", { a: 2 }, "1.14.3"),
      workerPool("np-b", { a: 1, b: 1 }, "1.14.3", { upgradeStrategy: { type: "BLUE_GREEN" } }),
    ],
    ...extra,
  };
}

/** An admin cluster on 1.14.3 managing one user cluster on the same minor. */
export function adminCluster(extra: Partial<ClusterFacts> = {}): ClusterFacts {
  return {
    ...userCluster(),
    cluster: "admin-1",
    role: "admin",
    lifecycleControllersVersion: "1.14.3",
    managedClusters: [{ name: "bm-1", version: "1.14.3" }],
    pools: [workerPool("np-a", { a: 2 }, "1.14.3")],
    ...extra,
  };
}

export function request(
  facts: ClusterFacts,
  extra: Partial<ClusterUpgradeRequest> = {},
): ClusterUpgradeRequest {
  return { operationId: "cu-1", facts, version: "1.15.11", ...extra };
}
