import type { ExecutorClock } from "../clock.ts";
import type { ExecutorConfig } from "../config.ts";
import { acknowledged, failedForNow, oldestCallbacks, rejected } from "./outbox.ts";
import { sendCallback } from "./send.ts";

/** Reports sent per run; a larger backlog goes on in the next run, due at once. */
export const DELIVERIES_PER_RUN = 100;
/** Pending rows looked at per run (only their heads per operation are sent). */
const ROWS_PER_RUN = 1_000;

export interface DeliveryReport {
  delivered: number;
  retried: number;
  rejected: number;
  /** The run stopped at its limit with reports still due. */
  more: boolean;
}

/**
 * Sends the reports that are due, oldest first. Reports of one operation go in the
 * order they happened: one that fails holds back that operation's later ones (its
 * DRAIN_PASSED before its COMMAND_SUCCEEDED), never another operation's.
 */
export async function deliverDue(
  sql: SqlStorage,
  config: Pick<ExecutorConfig, "controlPlaneUrl" | "callbackSecret">,
  clock: ExecutorClock,
  post?: typeof fetch,
): Promise<DeliveryReport> {
  const now = clock.now();
  const held = new Set<string>();
  const report: DeliveryReport = { delivered: 0, retried: 0, rejected: 0, more: false };
  for (const callback of oldestCallbacks(sql, ROWS_PER_RUN)) {
    if (held.has(callback.operation)) continue;
    if (callback.nextAttempt > now) {
      held.add(callback.operation);
      continue;
    }
    if (report.delivered + report.retried + report.rejected >= DELIVERIES_PER_RUN) {
      report.more = true;
      break;
    }
    const outcome = await sendCallback(config, callback, clock.wall(), post);
    switch (outcome.kind) {
      case "acknowledged":
        acknowledged(sql, callback.seq);
        report.delivered++;
        break;
      case "refused":
        rejected(sql, callback, outcome.status, outcome.detail, clock.wall());
        report.rejected++;
        break;
      case "failed":
        held.add(callback.operation);
        failedForNow(sql, callback, outcome.detail, now, clock.wall());
        report.retried++;
        break;
      default:
        outcome satisfies never;
    }
  }
  return report;
}
