import { z } from "@hono/zod-openapi";
import { fleetInstant } from "./clocks.ts";
import { distinct } from "./common.ts";

/** Days of week of a maintenance window. */
export const Weekday = z.enum(["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"]).openapi("Weekday");

/** True when `zone` is an IANA time zone the runtime knows (Node and workerd ship ICU). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A recurring maintenance window (MW-1): `start` is `HH:MM` in `timeZone`, UTC when absent. */
export const MaintenanceWindow = z
  .strictObject({
    start: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "start must be HH:MM (00:00..23:59)" })
      .openapi({ example: "02:00" }),
    durationSeconds: z
      .int()
      .min(1)
      .max(604_800)
      .openapi({ example: 14_400, description: "At most a week, as the engine allows (MW-1)." }),
    days: z
      .array(Weekday)
      .min(1)
      .max(7)
      .refine(distinct, { error: "days must not repeat" })
      .openapi({ example: ["SAT", "SUN"] }),
    timeZone: z
      .string()
      .min(1)
      .max(64)
      .refine(isTimeZone, {
        error: (issue) => `${JSON.stringify(issue.input)} is not an IANA time zone`,
      })
      .optional()
      .openapi({ example: "Europe/Berlin" }),
  })
  .openapi("MaintenanceWindow");

/** A date range in which no automatic upgrade of `scope` starts (MW-2). */
export const MaintenanceExclusion = z
  .strictObject({
    start: fleetInstant(),
    end: fleetInstant(),
    scope: z.enum(["ALL", "MINOR", "MINOR_AND_NODE"]),
  })
  .refine((e) => Date.parse(e.end) > Date.parse(e.start), {
    error: "end must be after start",
    path: ["end"],
  })
  .openapi("MaintenanceExclusion");

/** A cluster's maintenance windows and exclusions (MW-1, MW-2); both lists may be empty. */
export const Maintenance = z
  .strictObject({
    windows: z.array(MaintenanceWindow).max(32).default([]),
    exclusions: z.array(MaintenanceExclusion).max(64).default([]),
  })
  .openapi("Maintenance");
