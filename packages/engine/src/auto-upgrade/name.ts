/** Run names are DNS labels (the contract's `Name`): at most 63 characters. */
const MAX_NAME = 63;
/** Room the goal part of a name may take, so the profile's name stays recognisable. */
const MAX_GOAL = 30;

/** `1.18.6` → `1-18-6`; `cos-110+ubuntu-2204` (several images) → `node-images`. */
function goalSlug(key: string): string {
  const target = key.slice(key.indexOf(":") + 1);
  if (target.includes("+")) return "node-images";
  const slug = target
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug.slice(0, MAX_GOAL).replace(/-+$/, "") || "goal";
}

/**
 * EXT-5: the name of a profile's `generation`-th generated run, `<profile>-<goal>-<n>`,
 * the same for every caller that generates it (two ticks racing meet on one name, and
 * the fleet refuses the second with 409). The profile part is shortened to fit 63
 * characters.
 *
 * @example generatedRunName("stable", "Full:1.18.6", 3) // "stable-1-18-6-3"
 * @example generatedRunName("images", "NodeImageOnly:cos-110", 1) // "images-cos-110-1"
 */
export function generatedRunName(profile: string, key: string, generation: number): string {
  const suffix = `-${goalSlug(key)}-${generation}`;
  const head = profile.slice(0, MAX_NAME - suffix.length).replace(/-+$/, "");
  return `${head}${suffix}`;
}
