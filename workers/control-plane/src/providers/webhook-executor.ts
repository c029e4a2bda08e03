import { toRfc3339 } from "@regatta/engine";
import type { Env } from "../env.ts";
import type { Effects, OutboxBatch, OutboxExecutor } from "../objects/runtime/types.ts";
import { sign } from "./signature.ts";

/**
 * Hands each batch of commands to the user's automation. Delivery is at least once:
 * a crash after the POST and before the outbox row is cleared sends the batch again,
 * so receivers deduplicate by command id (every command carries a stable one).
 */
export class WebhookExecutor implements OutboxExecutor {
  constructor(private readonly env: Pick<Env, "WEBHOOK_URL" | "WEBHOOK_SECRET">) {}

  async execute(batch: OutboxBatch, effects: Effects): Promise<void> {
    const url = this.env.WEBHOOK_URL;
    const secret = this.env.WEBHOOK_SECRET;
    if (!url || !secret) throw new Error("webhook provider needs WEBHOOK_URL and WEBHOOK_SECRET");
    const body = JSON.stringify({
      batch: batch.id,
      sentAt: toRfc3339(effects.now),
      commands: batch.commands,
    });
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "idempotency-key": batch.id,
        "x-regatta-signature": await sign(secret, body),
      },
      body,
    });
    if (!response.ok) throw new Error(`webhook answered ${response.status}`);
  }
}
