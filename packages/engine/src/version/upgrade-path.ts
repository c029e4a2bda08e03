import type { Result } from "../rules/violation.ts";
import { ok, refuse } from "../rules/violation.ts";
import { compareVersions } from "./compare.ts";
import type { Version } from "./version.ts";
import { formatVersion, parseVersion } from "./version.ts";

/**
 * What moving from one version to another is: nothing (same version), a patch upgrade
 * inside the minor (VER-3; a newer `-gke.N` build of the same patch counts as one), or a
 * step to the next minor (VER-4).
 */
export type UpgradeStepKind = "NO_OP" | "PATCH" | "MINOR";

export interface UpgradeStep {
  kind: UpgradeStepKind;
  from: Version;
  to: Version;
}

function skippedMinors(from: Version, to: Version): string {
  const first = `${from.major}.${from.minor + 1}`;
  const last = `${to.major}.${to.minor - 1}`;
  return first === last ? `minor ${first}` : `minors ${first} to ${last}`;
}

/**
 * VER-2, VER-3, VER-4 on parsed versions: no downgrade, any higher patch of the same
 * minor, or the next minor at any patch. A major change is refused by VER-4 too: the
 * seed only allows the next minor, and the next minor of 1.N is 1.N+1, never 2.0.
 *
 * @example classifyUpgrade(tryParseVersion("1.14.3")!, tryParseVersion("1.15.11")!) // ok({kind: "MINOR", …})
 * @example classifyUpgrade(tryParseVersion("1.13.0")!, tryParseVersion("1.15.0")!) // refused "VER-4: 1.13.0 → 1.15.0 skips minor 1.14"
 */
export function classifyUpgrade(from: Version, to: Version): Result<UpgradeStep> {
  const order = compareVersions(from, to);
  if (order === 0) return ok({ kind: "NO_OP", from, to });
  const arrow = `${formatVersion(from)} → ${formatVersion(to)}`;
  if (order > 0) {
    return refuse(
      "VER-2",
      "refused",
      `VER-2: ${formatVersion(to)} is below the current ${formatVersion(from)}; clusters cannot be downgraded`,
    );
  }
  if (from.major !== to.major) {
    return refuse("VER-4", "refused", `VER-4: ${arrow} changes the major version`);
  }
  if (from.minor === to.minor) return ok({ kind: "PATCH", from, to });
  if (to.minor === from.minor + 1) return ok({ kind: "MINOR", from, to });
  return refuse("VER-4", "refused", `VER-4: ${arrow} skips ${skippedMinors(from, to)}`);
}

/**
 * May a cluster at `current` be set to `target`? VER-1 (400 on either string), then
 * VER-2/3/4 (422). Setting the version a cluster already has is an allowed no-op.
 *
 * @example checkUpgradePath("1.14.0", "1.14.1") // ok({kind: "PATCH", …})
 * @example checkUpgradePath("1.22.3", "1.21.0") // refused "VER-2: 1.21.0 is below the current 1.22.3; …"
 */
export function checkUpgradePath(current: string, target: string): Result<UpgradeStep> {
  const from = parseVersion(current);
  if (!from.ok) return from;
  const to = parseVersion(target);
  if (!to.ok) return to;
  return classifyUpgrade(from.value, to.value);
}
