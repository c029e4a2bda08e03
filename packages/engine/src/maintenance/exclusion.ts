import type { Result } from "../rules/violation.ts";
import { ok, refuse } from "../rules/violation.ts";
import type { Instant } from "../time/instant.ts";
import { parseRfc3339 } from "../time/instant.ts";

/** MW-2 scopes: every upgrade, minor control-plane upgrades, or minor and node upgrades. */
export type ExclusionScope = "ALL" | "MINOR" | "MINOR_AND_NODE";

export const EXCLUSION_SCOPES: readonly ExclusionScope[] = ["ALL", "MINOR", "MINOR_AND_NODE"];

/**
 * What an automatic upgrade would do: a control-plane patch, a control-plane minor, or a
 * node upgrade.
 */
export type UpgradeKind = "PATCH" | "MINOR" | "NODE";

/** MW-2: no automatic upgrade of the scope starts from `start` (inclusive) to `end` (exclusive). */
export interface MaintenanceExclusion {
  start: string;
  end: string;
  scope: ExclusionScope;
}

/**
 * Whether an exclusion of `scope` holds back an upgrade of `kind`. MINOR stops only minor
 * control-plane upgrades; MINOR_AND_NODE also stops node upgrades but lets control-plane
 * patches through, so security patches keep flowing while minors are frozen.
 *
 * @example scopeBlocks("MINOR_AND_NODE", "PATCH") // false
 */
export function scopeBlocks(scope: ExclusionScope, kind: UpgradeKind): boolean {
  switch (scope) {
    case "ALL":
      return true;
    case "MINOR":
      return kind === "MINOR";
    case "MINOR_AND_NODE":
      return kind === "MINOR" || kind === "NODE";
    default:
      return scope satisfies never;
  }
}

/** An exclusion with its instants; undefined for an invalid one, which blocks nothing. */
function rangeOf(exclusion: MaintenanceExclusion): { start: Instant; end: Instant } | undefined {
  const start = parseRfc3339(exclusion.start);
  const end = parseRfc3339(exclusion.end);
  return start === undefined || end === undefined || end <= start ? undefined : { start, end };
}

/**
 * MW-2: the exclusion that holds back a `kind` upgrade at `at`, or undefined. When several
 * do, the one that ends last, so a caller can jump past all of them at once.
 *
 * @example blockingExclusion([{ start: "2022-12-20T00:00:00Z", end: "2023-01-05T00:00:00Z", scope: "ALL" }], Date.UTC(2022, 11, 24), "PATCH") // that exclusion
 */
export function blockingExclusion(
  exclusions: readonly MaintenanceExclusion[],
  at: Instant,
  kind: UpgradeKind,
): { exclusion: MaintenanceExclusion; end: Instant } | undefined {
  let found: { exclusion: MaintenanceExclusion; end: Instant } | undefined;
  for (const exclusion of exclusions) {
    if (!scopeBlocks(exclusion.scope, kind)) continue;
    const range = rangeOf(exclusion);
    if (range === undefined || at < range.start || at >= range.end) continue;
    if (found === undefined || range.end > found.end) found = { exclusion, end: range.end };
  }
  return found;
}

/**
 * MW-2: whether an exclusion holds back a `kind` upgrade at `at`.
 *
 * @example isExcluded([{ start: "2022-12-20T00:00:00Z", end: "2023-01-05T00:00:00Z", scope: "MINOR" }], Date.UTC(2022, 11, 24), "PATCH") // false
 */
export function isExcluded(
  exclusions: readonly MaintenanceExclusion[],
  at: Instant,
  kind: UpgradeKind,
): boolean {
  return blockingExclusion(exclusions, at, kind) !== undefined;
}

/**
 * MW-2 validation with a 400 naming the field: RFC 3339 `start` and `end`, `end` after
 * `start`, a known scope.
 *
 * @example validateExclusion({ start: "2023-01-05T00:00:00Z", end: "2022-12-20T00:00:00Z", scope: "ALL" })
 * // malformed "MW-2: exclusion.end 2022-12-20T00:00:00Z is not after start 2023-01-05T00:00:00Z"
 */
export function validateExclusion(
  exclusion: MaintenanceExclusion,
  path = "exclusion",
): Result<MaintenanceExclusion> {
  const fail = (problem: string) =>
    refuse<MaintenanceExclusion>("MW-2", "malformed", `MW-2: ${path}${problem}`);
  const start = typeof exclusion.start === "string" ? parseRfc3339(exclusion.start) : undefined;
  if (start === undefined) {
    return fail(`.start ${JSON.stringify(exclusion.start)} is not an RFC 3339 time`);
  }
  const end = typeof exclusion.end === "string" ? parseRfc3339(exclusion.end) : undefined;
  if (end === undefined)
    return fail(`.end ${JSON.stringify(exclusion.end)} is not an RFC 3339 time`);
  if (end <= start) return fail(`.end ${exclusion.end} is not after start ${exclusion.start}`);
  if (!EXCLUSION_SCOPES.includes(exclusion.scope)) {
    return fail(
      `.scope ${JSON.stringify(exclusion.scope)} is not one of ${EXCLUSION_SCOPES.join(", ")}`,
    );
  }
  return ok(exclusion);
}
