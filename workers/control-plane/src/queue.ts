import type { Env } from "./env.ts";
import type { NotificationQueueMessage } from "./objects/notifications/queue-message.ts";
import { consumeDeadLetters, consumeNotifications } from "./services/notifications/consumer.ts";

/** The queue the platform gives up messages to (wrangler.toml `dead_letter_queue`). */
export const DEAD_LETTER_QUEUE = "regatta-notifications-dead";

/**
 * The `queue()` handler: the worker consumes its own notifications queue and that
 * queue's dead-letter queue (docs/notifications.md); which one a batch comes from is its
 * `queue` name.
 */
export function runQueue(batch: MessageBatch<NotificationQueueMessage>, env: Env): Promise<void> {
  return batch.queue === DEAD_LETTER_QUEUE
    ? consumeDeadLetters(batch, env)
    : consumeNotifications(batch, env);
}
