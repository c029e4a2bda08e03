import type { Result } from "../rules/violation.ts";
import { ok, refuse } from "../rules/violation.ts";
import { isValidTimeZone } from "./zoned-time.ts";

/** Days of the week as the API spells them. */
export const WEEKDAYS = ["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"] as const;

export type Weekday = (typeof WEEKDAYS)[number];

/**
 * MW-1 recurring window: on each listed day, in `timeZone` (UTC when absent), a window
 * opens at local `start` and stays open for `durationSeconds` of elapsed time. The day is
 * the day the window opens, so `SAT 22:00` for 4 h runs into Sunday 02:00.
 */
export interface MaintenanceWindow {
  start: string;
  durationSeconds: number;
  days: readonly Weekday[];
  timeZone?: string;
}

/**
 * A week: longer would make a window overlap its own next occurrence, which says nothing
 * a shorter one cannot. One second is the floor so that a window can open at all.
 */
export const MAX_WINDOW_SECONDS = 7 * 24 * 60 * 60;

const START = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * Minutes after local midnight of an `HH:MM` start, or undefined when it is not one.
 *
 * @example startMinutes("22:30") // 1350
 */
export function startMinutes(start: string): number | undefined {
  const match = START.exec(start);
  return match === null ? undefined : Number(match[1]) * 60 + Number(match[2]);
}

function invalid(path: string, problem: string): Result<MaintenanceWindow> {
  return refuse("MW-1", "malformed", `MW-1: ${path} ${problem}`);
}

/**
 * MW-1 validation with a 400 naming the field: `start` is `HH:MM` 00:00–23:59,
 * `durationSeconds` an integer 1..604800, `days` non-empty without repeats, `timeZone`
 * a zone Intl knows.
 *
 * @example validateWindow({ start: "24:00", durationSeconds: 3600, days: ["MON"] }, "windows[0]")
 * // malformed 'MW-1: windows[0].start "24:00" is not a time HH:MM between 00:00 and 23:59'
 */
export function validateWindow(
  window: MaintenanceWindow,
  path = "window",
): Result<MaintenanceWindow> {
  if (typeof window.start !== "string" || startMinutes(window.start) === undefined) {
    return invalid(
      `${path}.start`,
      `${JSON.stringify(window.start)} is not a time HH:MM between 00:00 and 23:59`,
    );
  }
  const duration = window.durationSeconds;
  if (!Number.isInteger(duration) || duration < 1 || duration > MAX_WINDOW_SECONDS) {
    return invalid(
      `${path}.durationSeconds`,
      `${duration} is not a whole number of seconds between 1 and ${MAX_WINDOW_SECONDS}`,
    );
  }
  if (!Array.isArray(window.days) || window.days.length === 0) {
    return invalid(`${path}.days`, "must name at least one day");
  }
  const seen = new Set<string>();
  for (const day of window.days) {
    if (!(WEEKDAYS as readonly string[]).includes(day)) {
      return invalid(`${path}.days`, `${JSON.stringify(day)} is not one of ${WEEKDAYS.join(", ")}`);
    }
    if (seen.has(day)) return invalid(`${path}.days`, `names ${day} twice`);
    seen.add(day);
  }
  const zone = window.timeZone;
  if (zone !== undefined && (typeof zone !== "string" || !isValidTimeZone(zone))) {
    return invalid(`${path}.timeZone`, `${JSON.stringify(zone)} is not an IANA time zone`);
  }
  return ok(window);
}
