import { type ChosenImages, poolImage, type StartMemberIntent } from "@regatta/engine";
import { readUpgradeReadings } from "@regatta/inventory";
import { type Outcome, refused } from "../../../outcome.ts";
import type { FleetContext } from "../capability.ts";
import { watchedOperations } from "../ends.ts";
import { clearSoakCheck, setSoakCheck } from "../node-pool/index.ts";
import { upgradeClusters, upgradePools, type Watching } from "../upgrades.ts";
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
 * (LIFE-3) with the run's node image for its worker pools, or, when its control plane is
 * already at the target, one node-pool upgrade per pool still behind (RUN-9);
 * ControlPlaneOnly → the cluster upgrade without worker pools; NodeImageOnly → one
 * node-pool upgrade per pool not yet on its image. Each pool gets the image chosen for it (RUN-6: by its OS family).
 * Answers the first operation's id. A start asked again (its answer was lost) answers
 * the operation already started instead of starting another.
 */
export async function startRunMember(
  fleet: FleetContext,
  owner: RunOwner,
  intent: StartMemberIntent,
): Promise<Outcome<string>> {
  const [outcome] = await startRunMembers(fleet, owner, [intent]);
  return outcome!;
}

/** One intent of a batch, with what it needs to start. */
interface MemberStart {
  at: number;
  intent: StartMemberIntent;
  watching: Watching;
  chosen: ChosenImages;
}

/**
 * RUN-5 for a run's batch of START_MEMBER intents (one call from the run object, however
 * many members its decision started), each as {@link startRunMember} describes; answers
 * each one's outcome at its index. Cluster upgrades of the batch start together
 * (upgrades.ts `upgradeClusters`): a few transactions and D1 round trips for the whole
 * batch, not per member.
 */
export async function startRunMembers(
  fleet: FleetContext,
  run: { fleet: string; run: string },
  intents: readonly StartMemberIntent[],
): Promise<Outcome<string>[]> {
  const outcomes: Outcome<string>[] = [];
  const starts: MemberStart[] = intents.map((intent, at) => {
    const owner = { ...run, cluster: intent.cluster };
    return {
      at,
      intent,
      watching: { watch: memberWatch(owner), waiter: { kind: "run-member", ...owner } },
      chosen: {
        ...(intent.nodeImage === undefined ? {} : { nodeImage: intent.nodeImage }),
        ...(intent.nodeImages === undefined ? {} : { nodeImages: intent.nodeImages }),
      },
    };
  });
  const existing = await fleet.runtime.read((tx) =>
    starts.map((start) => watchedOperations(tx, start.watching.watch)[0]),
  );
  const fresh = starts.filter((start) => {
    const id = existing[start.at];
    if (id !== undefined) outcomes[start.at] = { ok: true, value: id };
    return id === undefined;
  });
  // EXT-7: the member's blue-green pools are checked in their soak while it upgrades.
  const checked = fresh.filter((start) => start.intent.healthCheck !== undefined);
  if (checked.length > 0) {
    await fleet.runtime.commit((tx) => {
      for (const { intent } of checked) setSoakCheck(tx, intent.cluster, intent.healthCheck!);
    });
  }
  const clusters: MemberStart[] = [];
  // What the cluster upgrades read, in one round trip: the Full members' control-plane
  // versions here (RUN-9), the rest when they start.
  const upgrading = fresh.filter((start) => start.intent.upgrade !== "NodeImageOnly");
  const readings =
    upgrading.length === 0
      ? undefined
      : await readUpgradeReadings(
          fleet.inventory,
          upgrading.map((start) => start.intent.cluster),
        );
  for (const start of fresh) {
    const target = start.intent.kubernetesVersion;
    if (start.intent.upgrade === "NodeImageOnly") {
      outcomes[start.at] = await startPools(fleet, start, undefined);
    } else if (target === undefined) {
      outcomes[start.at] = refused(
        "refused",
        "RUN-5: no Kubernetes version to upgrade to",
        "RUN-5",
      );
    } else if (
      start.intent.upgrade === "Full" &&
      readings?.clusters.get(start.intent.cluster)?.statusVersion === target
    ) {
      // RUN-9: a Full member whose control plane is already there still has pools behind
      // (else the run had skipped it); a cluster upgrade would refuse (VER-8), so its
      // pools upgrade on their own, as a NodeImageOnly member's do.
      outcomes[start.at] = await startPools(fleet, start, target);
    } else clusters.push(start);
  }
  const upgraded = await upgradeClusters(
    fleet,
    clusters.map(({ intent, chosen, watching }) => ({
      cluster: intent.cluster,
      input: {
        version: intent.kubernetesVersion!,
        controlPlaneOnly: intent.upgrade === "ControlPlaneOnly",
        images: chosen,
        // Seed 002's members are cloud clusters: pools keep their own strategies.
        workerPools: "STRATEGY" as const,
      },
      watching,
    })),
    readings,
  );
  clusters.forEach((start, i) => {
    outcomes[start.at] = upgraded[i]!;
  });
  const failedChecks = checked.filter((start) => !outcomes[start.at]!.ok);
  if (failedChecks.length > 0) {
    await fleet.runtime.commit((tx) => {
      for (const { intent } of failedChecks) clearSoakCheck(tx, intent.cluster);
    });
  }
  return outcomes;
}

/**
 * NodeImageOnly (`version` undefined): one node-pool upgrade per pool not yet on its
 * image (RUN-6). A Full member whose control plane is at `version`: one per pool not yet
 * on `version` and its image.
 */
async function startPools(
  fleet: FleetContext,
  start: MemberStart,
  version: string | undefined,
): Promise<Outcome<string>> {
  const { intent, chosen, watching } = start;
  if (version === undefined && chosen.nodeImage === undefined && chosen.nodeImages === undefined) {
    return refused("refused", "RUN-6: no node image chosen", "RUN-6");
  }
  const upgraded = await upgradePools(
    fleet,
    intent.cluster,
    (pool) => {
      const image = poolImage(chosen, pool);
      const reimage = image !== undefined && image !== pool.nodeImage;
      const behind = version !== undefined && pool.version !== version;
      if (!reimage && !behind) return undefined;
      return {
        ...(behind ? { version } : {}),
        ...(reimage ? { nodeImage: image } : {}),
        ignoreMaintenanceWindow: false,
      };
    },
    watching,
    { stopAtRefusal: true },
  );
  if (upgraded.firstRefusal) return upgraded.firstRefusal;
  const first = upgraded.started[0];
  if (first === undefined) {
    const there =
      version === undefined
        ? `every node pool of ${intent.cluster} already runs its image (${describeImages(chosen)})`
        : `${intent.cluster} and every node pool already run ${version}`;
    return refused("conflict", `RUN-9: ${there}`, "RUN-9");
  }
  return { ok: true, value: first };
}
