/**
 * Engine time. Instants are epoch milliseconds; durations in settings are seconds,
 * as in the API. The engine never reads a clock: `now` is always an argument.
 */
export type Instant = number;

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** @example addSeconds(t, 3600) // one hour after t */
export function addSeconds(at: Instant, seconds: number): Instant {
  return at + seconds * SECOND;
}

/** RFC 3339 (UTC) rendering used everywhere the API shows a time. */
export function toRfc3339(at: Instant): string {
  return new Date(at).toISOString();
}

/** Parses an RFC 3339 string; undefined when it is not one. */
export function parseRfc3339(text: string): Instant | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) {
    return undefined;
  }
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : at;
}
