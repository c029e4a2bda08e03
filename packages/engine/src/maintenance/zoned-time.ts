import type { Instant } from "../time/instant.ts";
import { DAY, SECOND } from "../time/instant.ts";

/**
 * Wall-clock arithmetic in IANA time zones on the platform's Intl (STYLE: the platform
 * over a date library). A "wall clock" is the local date and time read as if it were UTC
 * epoch milliseconds, so calendar maths on it is plain addition.
 */

// Building an Intl.DateTimeFormat costs far more than using one; windows reuse few zones.
// Only valid zones are cached (an invalid one throws before `set`), so the map stays small.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

// Most windows are in UTC; skipping Intl for them keeps the common case cheap.
function isUtc(timeZone: string | undefined): timeZone is undefined | "UTC" {
  return timeZone === undefined || timeZone === "UTC";
}

/**
 * Whether Intl knows the zone (an IANA name such as `Asia/Jakarta`, or `UTC`).
 *
 * @example isValidTimeZone("America/New_York") // true
 * @example isValidTimeZone("Mars/Olympus_Mons") // false
 */
export function isValidTimeZone(timeZone: string): boolean {
  if (timeZone.length === 0) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The zone's offset from UTC at an instant, in milliseconds (UTC+7 → 25,200,000).
 *
 * @example utcOffsetAt("Asia/Jakarta", Date.UTC(2022, 5, 1)) // 25200000
 */
export function utcOffsetAt(timeZone: string | undefined, at: Instant): number {
  if (isUtc(timeZone)) return 0;
  let year = 1970;
  let month = 1;
  let day = 1;
  let hour = 0;
  let minute = 0;
  let second = 0;
  for (const part of formatterFor(timeZone).formatToParts(at)) {
    const value = Number(part.value);
    switch (part.type) {
      case "year":
        year = value;
        break;
      case "month":
        month = value;
        break;
      case "day":
        day = value;
        break;
      case "hour":
        hour = value % 24; // some ICU builds print midnight as 24 even with h23
        break;
      case "minute":
        minute = value;
        break;
      case "second":
        second = value;
        break;
    }
  }
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  // Intl shows whole seconds; compare against the instant truncated the same way.
  return wall - Math.floor(at / SECOND) * SECOND;
}

/**
 * The local wall clock at an instant.
 *
 * @example wallClockAt("Asia/Jakarta", Date.UTC(2022, 5, 1, 20)) === Date.UTC(2022, 5, 2, 3) // true
 */
export function wallClockAt(timeZone: string | undefined, at: Instant): number {
  return at + utcOffsetAt(timeZone, at);
}

/**
 * The instant a local wall clock shows. Local times that happen twice (clocks go back)
 * resolve to the first occurrence; local times that never happen (clocks go forward)
 * move forward by the gap, so 02:30 on a spring-forward night in New York is 03:30 EDT.
 * This is what RFC 5545 and Temporal's "compatible" mode do, and it means a window never
 * silently disappears on a DST night. Assumes at most one transition within a day either
 * side, which holds for every zone in the IANA database.
 *
 * @example instantAtWallClock("America/New_York", Date.UTC(2022, 2, 13, 2, 30)) === Date.UTC(2022, 2, 13, 7, 30) // true
 */
export function instantAtWallClock(timeZone: string | undefined, wall: number): Instant {
  if (isUtc(timeZone)) return wall;
  const before = utcOffsetAt(timeZone, wall - DAY);
  const after = utcOffsetAt(timeZone, wall + DAY);
  const early = wall - before;
  if (before === after) return early;
  // When clocks go back `before > after`, so `early` is the first of the two readings.
  if (utcOffsetAt(timeZone, early) === before) return early;
  const late = wall - after;
  if (utcOffsetAt(timeZone, late) === after) return late;
  return early; // in the gap: the offset before the jump carries the time past it
}
