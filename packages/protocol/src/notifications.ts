import { hmacSha256, SIGNATURE_HEADER, TIMESTAMP_HEADER, toHex } from "./signature.ts";

/**
 * Notifications (API.md "Watching and being told"): each delivery is one CloudEvents 1.0
 * event in structured mode, POSTed to a subscriber and signed with its secret. Shared by
 * the control plane (which records, signs and sends them) and any receiver written in
 * TypeScript (which verifies them).
 */

/**
 * Every event a subscription may ask for, `dev.regatta.` + this on the wire. The order
 * is the catalogue's, documented in docs/notifications.md. `updaterun.gate.pending` is
 * reserved for update-run gates (EXT), which do not exist yet: nothing emits it today.
 */
export const NOTIFICATION_EVENTS = [
  "updaterun.started",
  "updaterun.completed",
  "updaterun.failed",
  "updaterun.stopped",
  "updaterun.member.failed",
  "updaterun.gate.pending",
  "operation.succeeded",
  "operation.failed",
  "operation.rolledback",
  "rollout.group.started",
  "rollout.group.soaking",
  "rollout.group.completed",
  "rollout.group.stalled",
  "rollout.stage.started",
  "rollout.stage.soaking",
  "rollout.stage.completed",
  "rollout.paused",
  "rollout.resumed",
  "autoscaler.backoff",
] as const;

export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** The CloudEvents `type` prefix of every Regatta event. */
export const EVENT_TYPE_PREFIX = "dev.regatta.";

/** The media type of a structured-mode CloudEvent. */
export const CLOUDEVENTS_CONTENT_TYPE = "application/cloudevents+json";

/** One event as delivered (CloudEvents 1.0, structured mode, JSON data). */
export interface CloudEvent {
  specversion: "1.0";
  /** Unique per event and stable across redeliveries: receivers deduplicate on it. */
  id: string;
  /** The object that recorded it, as an API path (`/v1/fleets/prod`). */
  source: string;
  /** `dev.regatta.<event>`. */
  type: `${typeof EVENT_TYPE_PREFIX}${NotificationEvent}`;
  /** What it is about, as an API path relative to /v1 (`fleets/prod/update-runs/r1`). */
  subject: string;
  /** RFC 3339: when the state changed, on the deployment's clock (virtual in sim mode). */
  time: string;
  datacontenttype: "application/json";
  data: Record<string, unknown>;
}

/**
 * Whether an event matches a subscription's pattern: the event's own name, a prefix
 * ending in `.*` (`updaterun.*` matches `updaterun.member.failed` too), or `*`.
 *
 * @example matchesPattern("updaterun.*", "updaterun.completed") // true
 */
export function matchesPattern(pattern: string, event: NotificationEvent): boolean {
  if (pattern === "*") return true;
  if (pattern.endsWith(".*")) return event.startsWith(pattern.slice(0, -1));
  return pattern === event;
}

/** Whether a pattern can match any event of the catalogue (a typo matches none). */
export function patternMatchesAny(pattern: string): boolean {
  return NOTIFICATION_EVENTS.some((event) => matchesPattern(pattern, event));
}

/**
 * `sha256=hex(HMAC-SHA256(secret, ts + "." + body))`: unlike the executor protocol the
 * method and path are not covered, since a subscriber's URL is its own choice.
 *
 * @example await signNotification(secret, 1767225600, body) // "sha256=3f…"
 */
export async function signNotification(
  secret: string,
  timestamp: number,
  body: string,
): Promise<string> {
  return `sha256=${toHex(await hmacSha256(secret, `${timestamp}.${body}`))}`;
}

/**
 * The headers of one delivery signed at `wallNowMs` (the sender's wall clock, which the
 * receiver compares with its own).
 *
 * @example await fetch(url, { method: "POST", headers: await notificationHeaders(secret, body, Date.now()), body })
 */
export async function notificationHeaders(
  secret: string,
  body: string,
  wallNowMs: number,
): Promise<Record<string, string>> {
  const timestamp = Math.floor(wallNowMs / 1000);
  return {
    "content-type": CLOUDEVENTS_CONTENT_TYPE,
    [TIMESTAMP_HEADER]: String(timestamp),
    [SIGNATURE_HEADER]: await signNotification(secret, timestamp, body),
  };
}
