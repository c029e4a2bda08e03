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
 * The images a member's pools move to, as intents and the status carry them: one
 * `nodeImage` when every pool gets the same, else `nodeImages` by pool name (pools of
 * several OS families, RUN-6).
 */
export interface ChosenImages {
  nodeImage?: string;
  nodeImages?: Record<string, string>;
}

/**
 * {@link ChosenImages} from one image per pool.
 *
 * @example chosenImages({ np: "cos-110", gpu: "cos-110" }) // { nodeImage: "cos-110" }
 * @example chosenImages({ np: "cos-110", gpu: "ubuntu-2204-v2" }) // { nodeImages: { np: "cos-110", gpu: "ubuntu-2204-v2" } }
 */
export function chosenImages(byPool: Readonly<Record<string, string>>): ChosenImages {
  const distinct = new Set(Object.values(byPool));
  if (distinct.size === 0) return {};
  if (distinct.size === 1) return { nodeImage: [...distinct][0]! };
  return { nodeImages: { ...byPool } };
}

/**
 * RUN-6: the image `pool` moves to — the one chosen for it by name, else the member's
 * one image when it has the pool's OS family; undefined when the pool keeps its own (a
 * pool the run did not know, of another family).
 *
 * @example poolImage({ nodeImage: "cos-110" }, { name: "gpu", nodeImage: "ubuntu-2004" }) // undefined
 */
export function poolImage(chosen: ChosenImages, pool: MemberPool): string | undefined {
  const named = chosen.nodeImages?.[pool.name];
  if (named !== undefined) return named;
  const one = chosen.nodeImage;
  return one !== undefined && imageFits(one, pool) ? one : undefined;
}

/**
 * RUN-6 Latest for one OS family: the newest image published in `region` of `family`
 * (any family when none is given); undefined when the region has none yet.
 *
 * @example latestImage(availability, "europe-west1", "cos") // "cos-110"
 */
export function latestImage(
  availability: Availability,
  region: string,
  family?: string,
): string | undefined {
  for (let i = availability.nodeImages.length - 1; i >= 0; i--) {
    const image = availability.nodeImages[i]!;
    if (!image.regions.includes(region)) continue;
    if (family === undefined || imageFamily(image.version) === family) return image.version;
  }
  return undefined;
}

/** What RUN-6 Latest finds for a member: an image for each pool, or the first pool without. */
export type LatestImages =
  | { kind: "found"; byPool: Record<string, string> }
  | { kind: "missing"; pool: MemberPool };

/**
 * RUN-6 Latest when the member's upgrade starts: for each pool, the newest image of that
 * pool's OS family published in the member's region (a cos pool and an ubuntu pool each
 * get their own); the first pool whose family has none there yet holds it (RUN-8).
 */
export function latestImages(availability: Availability, member: MemberFacts): LatestImages {
  const byPool: Record<string, string> = {};
  for (const pool of member.pools) {
    const image = latestImage(availability, member.region, imageFamily(pool.nodeImage));
    if (image === undefined) return { kind: "missing", pool };
    byPool[pool.name] = image;
  }
  return { kind: "found", byPool };
}

/**
 * RUN-6 Consistent: the newest image (of `family`, when given) published in every one of
 * `regions`; undefined when no image is common to all of them.
 *
 * @example consistentImage({ versionRegions: {}, nodeImages: [{ version: "cos-1", regions: ["a", "b"] }, { version: "cos-2", regions: ["a"] }] }, ["a", "b"]) // "cos-1"
 */
export function consistentImage(
  availability: Availability,
  regions: readonly string[],
  family?: string,
): string | undefined {
  for (let i = availability.nodeImages.length - 1; i >= 0; i--) {
    const image = availability.nodeImages[i]!;
    if (family !== undefined && imageFamily(image.version) !== family) continue;
    if (regions.every((region) => image.regions.includes(region))) return image.version;
  }
  return undefined;
}

/**
 * RUN-6 Consistent at run start: for each OS family of the members' pools, the newest
 * image of that family published in every region of the members that have such a pool;
 * a family with none common to them is left out (its pools have no consistent image).
 *
 * @example consistentImages(availability, [{ ...facts, region: "eu", pools: [{ name: "np", nodeImage: "cos-97" }] }]) // { cos: "cos-110" }
 */
export function consistentImages(
  availability: Availability,
  members: readonly MemberFacts[],
): Record<string, string> {
  const regionsOf = new Map<string, Set<string>>();
  for (const member of members) {
    for (const pool of member.pools) {
      const family = imageFamily(pool.nodeImage);
      const regions = regionsOf.get(family) ?? new Set<string>();
      regions.add(member.region);
      regionsOf.set(family, regions);
    }
  }
  const chosen: Record<string, string> = {};
  for (const [family, regions] of [...regionsOf].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const image = consistentImage(availability, [...regions], family);
    if (image !== undefined) chosen[family] = image;
  }
  return chosen;
}
