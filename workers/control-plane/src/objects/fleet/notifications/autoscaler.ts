import type { Instant } from "@regatta/engine";
import type { Tx } from "../../../runtime/types.ts";
import { recordNotification } from "../../notifications/record.ts";

/**
 * `autoscaler.backoff`: a pool the provider refused (quota, IP space) enters backoff
 * (CA-4). Recorded with the decision that put it there, once per entry: the passes that
 * find it still backing off record BACKOFF decisions too, but tell nobody again.
 */
export function notifyBackoff(
  tx: Tx,
  cluster: string,
  decision: { pool: string | null; reason: string; at: Instant; blockedBy?: string },
): void {
  const pool = decision.pool ?? undefined;
  recordNotification(tx, {
    event: "autoscaler.backoff",
    subject: pool === undefined ? `clusters/${cluster}` : `clusters/${cluster}/node-pools/${pool}`,
    data: {
      cluster,
      ...(pool === undefined ? {} : { pool }),
      reason: decision.reason,
      ...(decision.blockedBy === undefined ? {} : { blockedBy: decision.blockedBy }),
    },
  });
}
