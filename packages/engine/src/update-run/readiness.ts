import { mayStartAutomaticUpgrade } from "../maintenance/may-start.ts";
import { HOUR, type Instant } from "../time/instant.ts";
import { compareVersions } from "../version/compare.ts";
import { minorOf, tryParseVersion } from "../version/version.ts";
import {
  type ChosenImages,
  chosenImages,
  imageFamily,
  latestImages,
  poolImage,
} from "./node-image.ts";
import type { MemberFacts, RunMember, UpdateGoal, UpdateRun } from "./types.ts";

/**
 * How often a member Pending on region availability (CH-3) is looked at again: the host
 * brings fresh availability with each tick.
 */
export const REGION_RECHECK = HOUR;

/** What trying a member at `now` comes to. */
export type Readiness =
  | { kind: "skip"; message: string }
  | { kind: "pending"; message: string; retryAt: Instant | undefined }
  | { kind: "start"; images: ChosenImages };

function minorChange(from: string, to: string): boolean {
  const a = tryParseVersion(from);
  const b = tryParseVersion(to);
  return a !== undefined && b !== undefined && minorOf(a) !== minorOf(b);
}

/**
 * RUN-9: why the member has nothing left to do — already at the target Kubernetes
 * version (ControlPlaneOnly: its control plane; Full: its control plane and every node
 * pool, since seed 002's Full upgrade moves the nodes too), or every pool already on
 * `nodeImage` (NodeImageOnly) — judged on its facts as they are; undefined when it has
 * work to do.
 *
 * @example alreadyThere(run.goal, { ...facts, version: "1.28.3" }, {}) // "RUN-9: already at the target Kubernetes version 1.28.3" for a ControlPlaneOnly goal to 1.28.3
 */
export function alreadyThere(
  goal: UpdateGoal,
  facts: MemberFacts,
  images: ChosenImages,
): string | undefined {
  const target = goal.kubernetesVersion;
  if (goal.type !== "NodeImageOnly") {
    if (target === undefined) return undefined;
    if (pastTarget(facts.version, target)) {
      return `RUN-9: already past the target Kubernetes version ${target} (runs ${facts.version}; VER-2: a cluster is never downgraded)`;
    }
    if (facts.version !== target) return undefined;
    // A pool without a known version (a run created before pools carried one) counts as there.
    const lagging = goal.type === "Full" ? laggingPools(facts, target) : [];
    return lagging.length === 0
      ? `RUN-9: already at the target Kubernetes version ${target}`
      : undefined;
  }
  if (facts.pools.length === 0) return "RUN-9: no node pools, nothing to re-image";
  if (facts.pools.every((pool) => pool.nodeImage === poolImage(images, pool))) {
    const shown = images.nodeImage ?? "its image";
    return `RUN-9: every node pool already runs ${shown}`;
  }
  return undefined;
}

/** VER-2: a control plane upgraded (by hand) beyond `target` never comes back to it. */
function pastTarget(version: string, target: string): boolean {
  const from = tryParseVersion(version);
  const to = tryParseVersion(target);
  return from !== undefined && to !== undefined && compareVersions(from, to) > 0;
}

/** RUN-5 Full: the member's node pools not yet on `target`. */
function laggingPools(facts: MemberFacts, target: string): string[] {
  return facts.pools
    .filter((pool) => pool.version !== undefined && pool.version !== target)
    .map((pool) => pool.name);
}

/**
 * RUN-6 Consistent for a member: each pool's image is the one chosen at run start for its
 * OS family, a pool added after the start included. RUN-9: a pool without one — its
 * family had no image common to the regions, or it was added after the start with a
 * family none was chosen for (the seed's new VM SKU) — skips the member.
 */
function consistentFor(
  run: UpdateRun,
  member: RunMember,
): { kind: "skip"; message: string } | { kind: "images"; images: ChosenImages } {
  // A run started before images were chosen per family kept only its one image.
  const chosen =
    run.consistentImages ??
    (run.nodeImage === undefined ? {} : { [imageFamily(run.nodeImage)]: run.nodeImage });
  const shown = Object.values(chosen).join(", ");
  const noun = Object.keys(chosen).length > 1 ? "images" : "image";
  const byPool: Record<string, string> = {};
  for (const pool of member.facts.pools) {
    const family = imageFamily(pool.nodeImage);
    const image = chosen[family];
    const added = member.poolsAtStart !== undefined && !member.poolsAtStart.includes(pool.name);
    // No family had an image common to the members' regions: there is none to name.
    if (Object.keys(chosen).length === 0) {
      return {
        kind: "skip",
        message: `RUN-9: no ${family} node image is published in every region of the run's members, so node pool ${pool.name} (${pool.nodeImage}) has no consistent image`,
      };
    }
    // A pool added since the start takes the image when its family has one (seed 002
    // skips only when no target image can be found for a pool).
    if (image === undefined) {
      const have = Object.keys(chosen).length > 1 ? "have" : "has";
      return {
        kind: "skip",
        message: `RUN-9: the consistent node ${noun} ${shown} ${have} no version for node pool ${pool.name} (${pool.nodeImage})${added ? ": the pool was added after the run started" : ""}`,
      };
    }
    byPool[pool.name] = image;
  }
  return { kind: "images", images: chosenImages(byPool) };
}

/**
 * RUN-9 system skips, then RUN-8's three Pending reasons (target version not in the
 * member's region, node image not in the region, window not open), else the member may
 * start with the node image RUN-6 picks for it.
 */
export function readiness(run: UpdateRun, member: RunMember, now: Instant): Readiness {
  const { goal, availability } = run;
  const facts = member.facts;
  const target = goal.kubernetesVersion;
  if (goal.type !== "NodeImageOnly") {
    const done = alreadyThere(goal, facts, {});
    if (done !== undefined) return { kind: "skip", message: done };
  }
  if (goal.type !== "NodeImageOnly" && target !== undefined) {
    const regions = availability.versionRegions[target];
    if (regions !== undefined && !regions.includes(facts.region)) {
      return {
        kind: "pending",
        message: `RUN-8: Kubernetes ${target} is not yet available in region ${facts.region}; see the release tracker (GET /v1/releases)`,
        retryAt: now + REGION_RECHECK,
      };
    }
  }
  let images: ChosenImages = {};
  if (
    goal.type !== "ControlPlaneOnly" &&
    (member.nodeImage !== undefined || member.nodeImages !== undefined)
  ) {
    // EXT-4: only an earlier attempt sets a member's images; a retry keeps them.
    images = {
      ...(member.nodeImage === undefined ? {} : { nodeImage: member.nodeImage }),
      ...(member.nodeImages === undefined ? {} : { nodeImages: member.nodeImages }),
    };
  } else if (goal.type !== "ControlPlaneOnly" && facts.pools.length > 0) {
    if (goal.nodeImageSelection === "Consistent") {
      const consistent = consistentFor(run, member);
      if (consistent.kind === "skip") return consistent;
      images = consistent.images;
    } else {
      const latest = latestImages(availability, facts);
      if (latest.kind === "missing") {
        return {
          kind: "pending",
          message: `RUN-8: no node image for node pool ${latest.pool.name} (${latest.pool.nodeImage}) is available in region ${facts.region} yet; see the release tracker (GET /v1/releases)`,
          retryAt: now + REGION_RECHECK,
        };
      }
      images = chosenImages(latest.byPool);
    }
  }
  if (goal.type === "NodeImageOnly") {
    const done = alreadyThere(goal, facts, images);
    if (done !== undefined) return { kind: "skip", message: done };
  }
  const kind =
    goal.type === "NodeImageOnly"
      ? "NODE"
      : target !== undefined && minorChange(facts.version, target)
        ? "MINOR"
        : "PATCH";
  const window = mayStartAutomaticUpgrade(facts.maintenance, now, kind);
  if (!window.allowed) {
    return { kind: "pending", message: `RUN-8: ${window.reason}`, retryAt: window.nextOpen };
  }
  return { kind: "start", images };
}
