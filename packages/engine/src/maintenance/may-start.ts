import type { Instant } from "../time/instant.ts";
import { toRfc3339 } from "../time/instant.ts";
import type { UpgradeKind } from "./exclusion.ts";
import { blockingExclusion } from "./exclusion.ts";
import type { Maintenance } from "./maintenance.ts";
import { NEXT_OPEN_HORIZON_DAYS, nextWindowOpen } from "./next-open.ts";
import type { WindowInstance } from "./window-instance.ts";
import { windowInstanceAt } from "./window-instance.ts";

/**
 * Whether an automatic upgrade may start now. When it may, `window` is the occurrence it
 * starts in (undefined when no window is configured), whose `end` MW-4 surge upgrades
 * pause at. When it may not, the rule, a reason for the cluster status, and the next
 * instant it may (MW-3).
 */
export type StartDecision =
  | { allowed: true; window: WindowInstance | undefined }
  | { allowed: false; rule: "MW-1" | "MW-2"; reason: string; nextOpen: Instant | undefined };

function whenNext(nextOpen: Instant | undefined): string {
  return nextOpen === undefined
    ? `nothing opens within ${NEXT_OPEN_HORIZON_DAYS} days`
    : `next opening ${toRfc3339(nextOpen)}`;
}

/**
 * MW-1 and MW-2 together: an automatic upgrade of `kind` starts only inside a window and
 * outside every exclusion that holds back that kind. An exclusion is reported before the
 * window when both apply: it is the deliberate choice a user will look for in the status.
 *
 * @example
 * mayStartAutomaticUpgrade({ windows: [{ start: "22:00", durationSeconds: 14400, days: ["SAT"] }] }, Date.UTC(2022, 5, 1), "PATCH")
 * // {allowed: false, rule: "MW-1", reason: "MW-1: outside the maintenance windows; next opening 2022-06-04T22:00:00.000Z", nextOpen}
 */
export function mayStartAutomaticUpgrade(
  maintenance: Maintenance | undefined,
  at: Instant,
  kind: UpgradeKind,
): StartDecision {
  const windows = maintenance?.windows ?? [];
  const blocking = blockingExclusion(maintenance?.exclusions ?? [], at, kind);
  if (blocking !== undefined) {
    const { start, end, scope } = blocking.exclusion;
    const nextOpen = nextWindowOpen(maintenance, at, kind);
    return {
      allowed: false,
      rule: "MW-2",
      reason: `MW-2: ${kind} upgrades are excluded from ${start} to ${end} (scope ${scope}); ${whenNext(nextOpen)}`,
      nextOpen,
    };
  }
  if (windows.length === 0) return { allowed: true, window: undefined };
  const window = windowInstanceAt(windows, at);
  if (window !== undefined) return { allowed: true, window };
  const nextOpen = nextWindowOpen(maintenance, at, kind);
  return {
    allowed: false,
    rule: "MW-1",
    reason: `MW-1: outside the maintenance windows; ${whenNext(nextOpen)}`,
    nextOpen,
  };
}
