import type { CheckHealthIntent, HealthCheckSpec, Instant, UpdateRun } from "@regatta/engine";
import { deliver } from "../../runtime/deliveries.ts";
import type { Tx } from "../../runtime/types.ts";
import type { RunOwner } from "../fleet/run-members/index.ts";

/**
 * EXT-7: the health checks a run decided, recorded as durable deliveries in the
 * transaction of the decision (runtime/deliveries.ts), so a crash between the decision
 * and the check loses neither; health-checks.ts carries them out.
 */

/** One member's check, as the run records it. */
export interface CheckMemberHealth {
  type: "check-health";
  owner: RunOwner;
  check: HealthCheckSpec;
  /** Which check of the member (an EXT-4 retry asks again). */
  requestedAt: Instant;
  /** The member's operation: the provider's answer travels under its id (webhook callbacks). */
  operation?: string;
}

const PREFIX = "health/";

/** One delivery per member: a newer check replaces an older one not yet carried out. */
export const healthDeliveryId = (cluster: string) => `${PREFIX}${cluster}`;

export function isHealthDelivery(id: string): boolean {
  return id.startsWith(PREFIX);
}

/** Records a delivery for each check of the decision. */
export function recordHealthChecks(
  tx: Tx,
  run: UpdateRun,
  checks: readonly CheckHealthIntent[],
): void {
  for (const intent of checks) {
    const member = run.stages
      .flatMap((s) => s.groups.flatMap((g) => g.members))
      .find((m) => m.cluster === intent.cluster);
    const message: CheckMemberHealth = {
      type: "check-health",
      owner: { fleet: run.fleet, run: run.name, cluster: intent.cluster },
      check: intent.check,
      requestedAt: intent.requestedAt,
    };
    if (member?.operationId !== undefined) message.operation = member.operationId;
    deliver(tx, healthDeliveryId(intent.cluster), message);
  }
}
