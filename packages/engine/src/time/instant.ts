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

/**
 * Renderings of recent instants: a run's status shows thousands of times, most of them
 * the same few instants (members end together). Bounded: cleared when full.
 */
const rendered = new Map<Instant, string>();
const RENDERED_KEPT = 4_096;

/** RFC 3339 (UTC) rendering used everywhere the API shows a time. */
export function toRfc3339(at: Instant): string {
  const known = rendered.get(at);
  if (known !== undefined) return known;
  const text = new Date(at).toISOString();
  if (rendered.size >= RENDERED_KEPT) rendered.clear();
  rendered.set(at, text);
  return text;
}

/** Parses an RFC 3339 string; undefined when it is not one. */
export function parseRfc3339(text: string): Instant | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) {
    return undefined;
  }
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : at;
}
