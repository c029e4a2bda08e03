import type { Instant } from "../time/instant.ts";
import type { Maintenance } from "./maintenance.ts";
import { nextWindowOpen } from "./next-open.ts";
import { windowInstanceAt } from "./window-instance.ts";

/**
 * MW-4: the cluster's maintenance window as a running upgrade sees it. `openUntil` null
 * means closed now; a number means open until then (the operation treats it as closed
 * from that instant on without being told). `nextOpenAt` only feeds the reason text.
 * No window info at all means "no window": always open.
 */
export interface WindowInfo {
  openUntil: Instant | null;
  nextOpenAt?: Instant;
}

/**
 * MW-4: the window as an upgrade started or woken at `now` sees it; undefined when no
 * window is configured. Exclusions (MW-2) are not in it: they hold back starts, and a
 * surge upgrade already running pauses only at a window's end.
 *
 * @example
 * const saturdayNight = { start: "22:00", durationSeconds: 14_400, days: ["SAT"] };
 * windowInfo({ windows: [saturdayNight] }, Date.UTC(2022, 5, 4, 23)) // { openUntil: Date.UTC(2022, 5, 5, 2) }
 * windowInfo({ windows: [saturdayNight] }, Date.UTC(2022, 5, 1, 12)) // { openUntil: null, nextOpenAt: Date.UTC(2022, 5, 4, 22) }
 */
export function windowInfo(
  maintenance: Maintenance | undefined,
  now: Instant,
): WindowInfo | undefined {
  if (!maintenance?.windows?.length) return undefined;
  const open = windowInstanceAt(maintenance.windows, now);
  if (open) return { openUntil: open.end };
  const next = nextWindowOpen(maintenance, now);
  return next === undefined ? { openUntil: null } : { openUntil: null, nextOpenAt: next };
}
