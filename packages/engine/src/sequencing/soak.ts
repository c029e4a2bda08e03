import type { Result } from "../rules/violation.ts";
import { ok, refuse } from "../rules/violation.ts";
import type { Instant } from "../time/instant.ts";
import { addSeconds, DAY } from "../time/instant.ts";

/** SEQ-7: the longest soak a group may set, 30 days in seconds. */
export const MAX_SOAK_SECONDS = 30 * 24 * 3600;

/** SEQ-5/6/10: a phase enters soak at the latest this long after it started. */
export const FORCED_SOAK_AFTER = 30 * DAY;

/** A group's soak settings (API `defaultSoakSeconds`, `soakOverrides`). */
export interface SoakSettings {
  defaultSoakSeconds: number;
  soakOverrides: Readonly<Record<string, number>>;
}

/**
 * SEQ-7: the soak of `version` in a group — its override when set (0 proceeds at once),
 * else the group's default.
 *
 * @example soakSecondsFor({ defaultSoakSeconds: 604800, soakOverrides: { "1.21.14-gke.4300": 0 } }, "1.21.14-gke.4300") // 0
 */
export function soakSecondsFor(settings: SoakSettings, version: string): number {
  return Object.hasOwn(settings.soakOverrides, version)
    ? (settings.soakOverrides[version] ?? settings.defaultSoakSeconds)
    : settings.defaultSoakSeconds;
}

/** SEQ-7/SEQ-14: when a soak that started at `soakStartedAt` ends, under today's settings. */
export function soakEndsAt(
  settings: SoakSettings,
  version: string,
  soakStartedAt: Instant,
): Instant {
  return addSeconds(soakStartedAt, soakSecondsFor(settings, version));
}

function checkSeconds(seconds: number, path: string): Result<number> {
  return Number.isInteger(seconds) && seconds >= 0 && seconds <= MAX_SOAK_SECONDS
    ? ok(seconds)
    : refuse(
        "SEQ-7",
        "refused",
        `SEQ-7: ${path} ${seconds} is outside 0..${MAX_SOAK_SECONDS} seconds (0 to 30 days)`,
      );
}

/**
 * SEQ-7: the default and every override within 0..30 days, one override per version.
 *
 * @example validateSoak(2678400, []) // refused "SEQ-7: defaultSoakSeconds 2678400 is outside 0..2592000 seconds (0 to 30 days)"
 */
export function validateSoak(
  defaultSoakSeconds: number,
  overrides: readonly { version: string; soakSeconds: number }[],
): Result<SoakSettings> {
  const base = checkSeconds(defaultSoakSeconds, "defaultSoakSeconds");
  if (!base.ok) return { ok: false, error: base.error };
  const soakOverrides: Record<string, number> = {};
  for (const [index, override] of overrides.entries()) {
    const seconds = checkSeconds(override.soakSeconds, `soakOverrides[${index}].soakSeconds`);
    if (!seconds.ok) return { ok: false, error: seconds.error };
    if (Object.hasOwn(soakOverrides, override.version)) {
      return refuse(
        "SEQ-7",
        "refused",
        `SEQ-7: soakOverrides names ${override.version} twice; one override per version`,
      );
    }
    soakOverrides[override.version] = seconds.value;
  }
  return ok({ defaultSoakSeconds, soakOverrides });
}
