import type { Result } from "../rules/violation.ts";
import { refuse } from "../rules/violation.ts";
import { compareVersions } from "./compare.ts";
import type { Version } from "./version.ts";
import { formatVersion, minorOf, parseVersion, tryParseVersion } from "./version.ts";

// How many known versions of the same minor a VER-6 refusal lists as alternatives.
const SUGGESTIONS = 3;

function knownForMinor(target: Version, catalogue: ReadonlySet<string>): string[] {
  const minor = minorOf(target);
  const known: Version[] = [];
  for (const text of catalogue) {
    const version = tryParseVersion(text);
    if (version !== undefined && minorOf(version) === minor) known.push(version);
  }
  known.sort((a, b) => compareVersions(b, a));
  return known.slice(0, SUGGESTIONS).map(formatVersion);
}

/**
 * VER-6: a cluster can only be upgraded to a version the release catalogue publishes
 * (seed 003: bmctl installs only its own version). The catalogue holds canonical version
 * strings; parsing is strict, so a parseable target is canonical and a string lookup is
 * exact. Unknown → 422 naming the newest known versions of the same minor.
 *
 * @example checkInCatalogue("1.24.5-gke.600", new Set(["1.24.5-gke.600"])) // ok(version)
 * @example checkInCatalogue("1.24.9-gke.1", new Set(["1.24.5-gke.600"])) // refused "VER-6: 1.24.9-gke.1 is not in the release catalogue (known for 1.24: 1.24.5-gke.600)"
 */
export function checkInCatalogue(target: string, catalogue: ReadonlySet<string>): Result<Version> {
  const parsed = parseVersion(target);
  if (!parsed.ok || catalogue.has(target)) return parsed;
  const known = knownForMinor(parsed.value, catalogue);
  const hint =
    known.length === 0
      ? `no version of ${minorOf(parsed.value)} is published`
      : `known for ${minorOf(parsed.value)}: ${known.join(", ")}`;
  return refuse("VER-6", "refused", `VER-6: ${target} is not in the release catalogue (${hint})`);
}
