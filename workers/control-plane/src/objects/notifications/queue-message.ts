import type { CloudEvent } from "@regatta/protocol";

/**
 * What travels on the notifications queue (wrangler.toml `regatta-notifications`): an
 * event to fan out to its subscriptions, then one delivery per subscription, so that one
 * subscriber's failures are retried (and dead-lettered) without sending the others again.
 */
export type NotificationQueueMessage =
  | { kind: "event"; fleet: string; event: CloudEvent }
  | { kind: "delivery"; subscription: string; eventId: string };
