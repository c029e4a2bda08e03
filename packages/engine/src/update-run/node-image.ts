import type { Availability, MemberFacts, MemberPool } from "./types.ts";

/**
 * The OS family of an image (`cos-105-17412-1` → `cos`): an image has a version for a
 * pool only when the families match (RUN-9: a pool with another VM SKU or OS has none).
 */
export function imageFamily(image: string): string {
  const dash = image.indexOf("-");
  return dash < 0 ? image : image.slice(0, dash);
}

/** RUN-9: whether `image` has a version for `pool`. */
export function imageFits(image: string, pool: MemberPool): boolean {
  return imageFamily(image) === imageFamily(pool.nodeImage);
}

/**
 * RUN-6 Latest: the newest image published in the member's region that fits its pools'
 * family (its first pool's); undefined when the region has none yet.
 */
export function latestImage(availability: Availability, member: MemberFacts): string | undefined {
  const first = member.pools[0];
  for (let i = availability.nodeImages.length - 1; i >= 0; i--) {
    const image = availability.nodeImages[i]!;
    if (!image.regions.includes(member.region)) continue;
    if (first === undefined || imageFits(image.version, first)) return image.version;
  }
  return undefined;
}

/**
 * RUN-6 Consistent: at run start, the newest image published in every member region;
 * undefined when no image is common to all of them.
 *
 * @example consistentImage({ versionRegions: {}, nodeImages: [{ version: "cos-1", regions: ["a", "b"] }, { version: "cos-2", regions: ["a"] }] }, ["a", "b"]) // "cos-1"
 */
export function consistentImage(
  availability: Availability,
  regions: readonly string[],
): string | undefined {
  for (let i = availability.nodeImages.length - 1; i >= 0; i--) {
    const image = availability.nodeImages[i]!;
    if (regions.every((region) => image.regions.includes(region))) return image.version;
  }
  return undefined;
}
