import type { Instant } from "../time/instant.ts";
import { DAY } from "../time/instant.ts";
import type { UpgradeKind } from "./exclusion.ts";
import { blockingExclusion } from "./exclusion.ts";
import type { Maintenance } from "./maintenance.ts";
import { nextWindowStart, windowInstanceAt } from "./window-instance.ts";

/** How far MW-3 looks ahead before answering "not within sight". */
export const NEXT_OPEN_HORIZON_DAYS = 400;

/**
 * MW-3: the first instant at or after `at` when an automatic upgrade of `kind` may start —
 * inside a window (or anywhere when none is configured) and outside every exclusion that
 * holds back that kind. When that is already true at `at`, the answer is `at` itself: it
 * is what a caller arms its alarm for, and "now" is the honest next opening. Undefined
 * when nothing opens within NEXT_OPEN_HORIZON_DAYS (e.g. a year-long exclusion).
 *
 * `kind` defaults to PATCH, the kind only ALL exclusions hold back, so without a kind the
 * answer is when the cluster next accepts any automatic upgrade.
 *
 * @example
 * nextWindowOpen({ windows: [{ start: "22:00", durationSeconds: 14400, days: ["SAT"] }] }, Date.UTC(2022, 5, 1))
 * // 2022-06-04T22:00:00Z (the next Saturday)
 */
export function nextWindowOpen(
  maintenance: Maintenance | undefined,
  at: Instant,
  kind: UpgradeKind = "PATCH",
): Instant | undefined {
  const windows = maintenance?.windows ?? [];
  const exclusions = maintenance?.exclusions ?? [];
  const horizon = at + NEXT_OPEN_HORIZON_DAYS * DAY;
  let t = at;
  // Each pass either answers or moves t past an exclusion's end, so passes are bounded
  // by the number of exclusions; the horizon bounds the time searched.
  for (let pass = 0; pass <= exclusions.length && t <= horizon; pass++) {
    if (windows.length > 0 && windowInstanceAt(windows, t) === undefined) {
      const next = nextWindowStart(windows, t);
      if (next === undefined || next.start > horizon) return undefined;
      t = next.start;
    }
    const blocking = blockingExclusion(exclusions, t, kind);
    if (blocking === undefined) return t;
    t = blocking.end;
  }
  return undefined;
}
