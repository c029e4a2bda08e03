import type { Instant, StartMemberIntent } from "@regatta/engine";
import { allPages, type Inventory, listNodePools } from "@regatta/inventory";
import type { RunOwner } from "../../objects/fleet/run-members/members.ts";
import { startClusterUpgrade } from "../operations/cluster-upgrades.ts";
import { type FleetObjects, startNodePoolUpgrade } from "../operations/node-pool-upgrades.ts";
import { accepted, type Outcome, refused } from "../outcome.ts";

/**
 * RUN-5: carries out one START_MEMBER intent in the member's fleet object, with the run
 * member recorded as the owner in the starting transaction (its end is reported back):
 * Full → the cluster upgrade (LIFE-3) with the run's node image for its worker pools;
 * ControlPlaneOnly → the same upgrade without worker pools; NodeImageOnly → one
 * node-pool upgrade per pool not yet on the image. Answers the first operation's id.
 */
export async function startRunMember(
  db: Inventory,
  fleets: FleetObjects,
  owner: RunOwner,
  intent: StartMemberIntent,
  now: Instant,
): Promise<Outcome<string>> {
  const cluster = intent.cluster;
  if (intent.upgrade !== "NodeImageOnly") {
    const version = intent.kubernetesVersion;
    if (version === undefined)
      return refused(422, "RUN-5: no Kubernetes version to upgrade to", "RUN-5");
    const started = await startClusterUpgrade(
      db,
      fleets,
      cluster,
      { version, useBootstrap: false },
      now,
      {
        runOwner: owner,
        controlPlaneOnly: intent.upgrade === "ControlPlaneOnly",
        ...(intent.nodeImage ? { nodeImage: intent.nodeImage } : {}),
      },
    );
    return started.ok ? accepted(started.value.id) : started;
  }
  const image = intent.nodeImage;
  if (image === undefined) return refused(422, "RUN-6: no node image chosen", "RUN-6");
  const pools = await allPages((page) => listNodePools(db, cluster, page));
  let first: string | undefined;
  for (const pool of pools) {
    if (pool.nodeImage === image) continue;
    const started = await startNodePoolUpgrade(
      db,
      fleets,
      cluster,
      pool.name,
      { nodeImage: image, ignoreMaintenanceWindow: false },
      now,
      owner,
    );
    if (!started.ok) return started;
    first ??= started.value.id;
  }
  if (first === undefined)
    return refused(409, `RUN-9: every node pool of ${cluster} already runs ${image}`, "RUN-9");
  return accepted(first);
}
