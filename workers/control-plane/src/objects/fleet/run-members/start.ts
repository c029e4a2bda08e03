import { type ChosenImages, poolImage, type StartMemberIntent } from "@regatta/engine";
import { type Outcome, refused } from "../../../outcome.ts";
import type { FleetContext } from "../capability.ts";
import { watchedOperations } from "../ends.ts";
import { clearSoakCheck, setSoakCheck } from "../node-pool/soak-checks.ts";
import { upgradeCluster, upgradePools, type Watching } from "../upgrades.ts";
import { memberWatch, type RunOwner } from "./members.ts";

function describeImages(chosen: ChosenImages): string {
  return chosen.nodeImages === undefined
    ? (chosen.nodeImage ?? "")
    : Object.entries(chosen.nodeImages)
        .map(([pool, image]) => `${pool}: ${image}`)
        .join(", ");
}

/**
 * RUN-5: carries out one START_MEMBER intent in the member's fleet, watched for the run
 * member (ends.ts) from the transaction that starts it: Full → the cluster upgrade
 * (LIFE-3) with the run's node image for its worker pools; ControlPlaneOnly → the same
 * upgrade without worker pools; NodeImageOnly → one node-pool upgrade per pool not yet
 * on its image. Each pool gets the image chosen for it (RUN-6: by its OS family). Answers the first operation's id. A start asked again (its answer was
 * lost) answers the operation already started instead of starting another.
 */
export async function startRunMember(
  fleet: FleetContext,
  owner: RunOwner,
  intent: StartMemberIntent,
): Promise<Outcome<string>> {
  const watching: Watching = {
    watch: memberWatch(owner),
    waiter: { kind: "run-member", ...owner },
  };
  const chosen: ChosenImages = {
    ...(intent.nodeImage === undefined ? {} : { nodeImage: intent.nodeImage }),
    ...(intent.nodeImages === undefined ? {} : { nodeImages: intent.nodeImages }),
  };
  const existing = await fleet.runtime.commit((tx) => watchedOperations(tx, watching.watch));
  if (existing[0] !== undefined) return { ok: true, value: existing[0] };
  // EXT-7: the member's blue-green pools are checked in their soak while it upgrades.
  const check = intent.healthCheck;
  if (check !== undefined)
    await fleet.runtime.commit((tx) => setSoakCheck(tx, intent.cluster, check));
  const started = await startMember(fleet, intent, chosen, watching);
  if (!started.ok && check !== undefined) {
    await fleet.runtime.commit((tx) => clearSoakCheck(tx, intent.cluster));
  }
  return started;
}

async function startMember(
  fleet: FleetContext,
  intent: StartMemberIntent,
  chosen: ChosenImages,
  watching: Watching,
): Promise<Outcome<string>> {
  if (intent.upgrade !== "NodeImageOnly") {
    const version = intent.kubernetesVersion;
    if (version === undefined) {
      return refused(422, "RUN-5: no Kubernetes version to upgrade to", "RUN-5");
    }
    return upgradeCluster(
      fleet,
      intent.cluster,
      {
        version,
        controlPlaneOnly: intent.upgrade === "ControlPlaneOnly",
        images: chosen,
        // Seed 002's members are cloud clusters: pools keep their own strategies.
        workerPools: "STRATEGY",
      },
      watching,
    );
  }
  if (chosen.nodeImage === undefined && chosen.nodeImages === undefined) {
    return refused(422, "RUN-6: no node image chosen", "RUN-6");
  }
  const upgraded = await upgradePools(
    fleet,
    intent.cluster,
    (pool) => {
      const image = poolImage(chosen, pool);
      return image === undefined || image === pool.nodeImage
        ? undefined
        : { nodeImage: image, ignoreMaintenanceWindow: false };
    },
    watching,
    { stopAtRefusal: true },
  );
  if (upgraded.firstRefusal) return upgraded.firstRefusal;
  const first = upgraded.started[0];
  if (first === undefined) {
    return refused(
      409,
      `RUN-9: every node pool of ${intent.cluster} already runs its image (${describeImages(chosen)})`,
      "RUN-9",
    );
  }
  return { ok: true, value: first };
}

/**
 * RUN-5 for a run's batch of START_MEMBER intents (one call from the run object, however
 * many members its decision started): each carried out as {@link startRunMember}, in
 * order; answers each one's outcome at the same index.
 */
export async function startRunMembers(
  fleet: FleetContext,
  run: { fleet: string; run: string },
  intents: readonly StartMemberIntent[],
): Promise<Outcome<string>[]> {
  const outcomes: Outcome<string>[] = [];
  for (const intent of intents) {
    outcomes.push(await startRunMember(fleet, { ...run, cluster: intent.cluster }, intent));
  }
  return outcomes;
}
