import { toRfc3339 } from "@regatta/engine";
import { type CommandBatch, signatureHeaders } from "@regatta/protocol";
import type { Env } from "../env.ts";
import {
  DeliveryFailure,
  type Effects,
  type OutboxBatch,
  type OutboxExecutor,
} from "../runtime/types.ts";

/** How long one POST may take before it counts as failed (and is retried). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** What a test (or a deployment's wiring) may choose besides the bindings. */
export interface WebhookOptions {
  /** The fetch to POST with (default: the platform's). */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * Hands each batch of commands to the user's automation. Delivery is at least once:
 * a crash after the POST and before the outbox row is cleared sends the batch again,
 * so receivers deduplicate by command id (every command carries a stable one).
 */
export class WebhookExecutor implements OutboxExecutor {
  readonly provider = "webhook";
  private readonly post: typeof fetch;
  private readonly timeoutMs: number;

  constructor(
    private readonly env: Pick<Env, "WEBHOOK_URL" | "WEBHOOK_SECRET">,
    options: WebhookOptions = {},
  ) {
    this.post = options.fetch ?? ((input, init) => fetch(input, init));
    this.timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  }

  async execute(batch: OutboxBatch, effects: Effects): Promise<void> {
    const url = this.env.WEBHOOK_URL;
    const secret = this.env.WEBHOOK_SECRET;
    if (!url || !secret) throw new Error("webhook provider needs WEBHOOK_URL and WEBHOOK_SECRET");
    const message: CommandBatch = {
      batch: batch.id,
      sentAt: toRfc3339(effects.now),
      commands: batch.commands,
    };
    const body = JSON.stringify(message);
    // Wall time, whatever the deployment's clock: the receiver checks it against its own.
    const signed = await signatureHeaders(
      secret,
      { method: "POST", path: new URL(url).pathname, body },
      Date.now(),
    );
    let response: Response;
    try {
      response = await this.post(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "idempotency-key": batch.id,
          ...signed,
        },
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      throw new DeliveryFailure(
        timedOut ? `timed out after ${this.timeoutMs / 1000} s` : `no answer: ${String(error)}`,
        false,
      );
    }
    if (response.ok) return;
    // The body is not needed; release the connection.
    await response.body?.cancel();
    throw new DeliveryFailure(`HTTP ${response.status}`, isPermanent(response.status));
  }
}

/**
 * A 4xx says this request will never be taken, except 408 (timeout) and 429 (slow down),
 * which say "later", like a 5xx.
 */
function isPermanent(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}
