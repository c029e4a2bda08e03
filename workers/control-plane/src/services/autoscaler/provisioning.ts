import type { z } from "@hono/zod-openapi";
import type { ProvisioningRequest, ProvisioningRequestInput } from "@regatta/contract";
import { toRfc3339, validateProvisioningClass } from "@regatta/engine";
import { type ClusterRow, getNodePool, type Inventory } from "@regatta/inventory";
import { accepted, type Outcome, refused } from "../../outcome.ts";
import type { FleetObjects } from "../operations/node-pool-upgrades.ts";

/**
 * CA-14: a ProvisioningRequest for the cluster (one pod template, `count` copies, one
 * pool). A class the cluster's control plane does not support yet is refused (422). The
 * fleet object decides on it in a pass at once.
 */
export async function createProvisioningRequest(
  db: Inventory,
  fleets: FleetObjects,
  cluster: ClusterRow,
  input: z.infer<typeof ProvisioningRequestInput>,
): Promise<Outcome<z.infer<typeof ProvisioningRequest>>> {
  const supported = validateProvisioningClass(
    { controlPlaneVersion: cluster.statusVersion, autopilot: cluster.autopilot },
    input.class,
  );
  if (!supported.ok) return refused("refused", supported.error.detail, supported.error.rule);
  if (input.pool !== undefined && !(await getNodePool(db, cluster.name, input.pool))) {
    return refused("missing", `node pool ${input.pool} of cluster ${cluster.name} does not exist`);
  }
  const name = `pr-${crypto.randomUUID()}`;
  const stored = await fleets
    .get(fleets.idFromName(cluster.fleet))
    .requestProvisioning(cluster.name, {
      name,
      class: input.class,
      ...(input.pool === undefined ? {} : { pool: input.pool }),
      podTemplate: {
        containers: input.podTemplate.containers,
        priority: input.podTemplate.priority,
        ...(input.podTemplate.nodeSelector ? { nodeSelector: input.podTemplate.nodeSelector } : {}),
      },
      count: input.count,
    });
  if (!stored) return refused("missing", `cluster ${cluster.name} does not exist`);
  return accepted({
    id: name,
    cluster: cluster.name,
    class: stored.request.class,
    pool: stored.request.pool ?? null,
    count: stored.request.count,
    state: stored.request.state ?? "WAITING",
    reason: stored.reason,
    at: toRfc3339(stored.at),
  });
}
