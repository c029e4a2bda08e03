import { consistentImage, imageFamily, latestImage } from "../update-run/node-image.ts";
import type { Availability, MemberFacts, NodeImageSelection } from "../update-run/types.ts";

/** Whether `candidate` was published after `current` (an unpublished image counts as older). */
function isNewer(availability: Availability, candidate: string, current: string): boolean {
  const order = availability.nodeImages.map((image) => image.version);
  return order.lastIndexOf(candidate) > order.lastIndexOf(current);
}

/**
 * EXT-5 NodeImage: the newer images `members`' pools would move to, the way the run will
 * choose them (RUN-6): Latest, the newest image of each pool's OS family in the member's
 * region; Consistent, the newest of that family common to every region of `members` with
 * such a pool. Keyed by cluster; a member with nothing newer is absent.
 *
 * @example newerImages(availability, [{ cluster: "a", region: "eu", pools: [{ name: "np", nodeImage: "cos-105" }], … }], "Latest") // Map { "a" => ["cos-110"] }
 */
export function newerImages(
  availability: Availability,
  members: readonly MemberFacts[],
  selection: NodeImageSelection,
): Map<string, string[]> {
  const regionsOf = new Map<string, Set<string>>();
  for (const member of members) {
    for (const pool of member.pools) {
      const family = imageFamily(pool.nodeImage);
      const regions = regionsOf.get(family) ?? new Set<string>();
      regions.add(member.region);
      regionsOf.set(family, regions);
    }
  }
  const result = new Map<string, string[]>();
  for (const member of members) {
    const images = new Set<string>();
    for (const pool of member.pools) {
      const family = imageFamily(pool.nodeImage);
      const image =
        selection === "Latest"
          ? latestImage(availability, member.region, family)
          : consistentImage(availability, [...(regionsOf.get(family) ?? [])], family);
      if (image !== undefined && isNewer(availability, image, pool.nodeImage)) images.add(image);
    }
    if (images.size > 0) result.set(member.cluster, [...images].sort());
  }
  return result;
}
