import { type Instant, operationOfCommand, type ProviderEvent } from "@regatta/engine";
import type { Env } from "../../../env.ts";
import { deliver } from "../../../runtime/deliveries.ts";
import type { Tx } from "../../../runtime/types.ts";
import type { FleetCapability, FleetCourier } from "../capability.ts";
import { type RunOwner, runObjectName } from "./members.ts";

/**
 * EXT-7, the fleet's side of a provider health check after a run member's upgrade: the
 * run asks (a durable delivery of its own), the fleet sends the provider's HEALTH_CHECK
 * for the member's cluster and, when the provider answers, reports the answer to the run
 * as a durable delivery, as it reports member ends (members.ts). The command travels
 * under the member's operation id (`<operation>:ext7-health:<requestedAt>`), so a
 * webhook executor's callback finds this fleet through the operations index; this
 * capability sits before the operations' own in the table and claims exactly the
 * commands it sent.
 */

/** What the run asks of the member's fleet. */
export interface RunHealthRequest {
  owner: RunOwner;
  requestedAt: Instant;
  /** The member's operation, whose id the command carries. */
  operation: string;
}

/** A member's health check as the run hears it. */
export interface RunHealthReport {
  cluster: string;
  requestedAt: Instant;
  passed: boolean;
  statusCode?: number;
  detail: string;
  at: Instant;
}

/** What the fleet sends a run: a member's provider health check answered. */
interface MemberHealthChecked {
  type: "member-health";
  owner: RunOwner;
  report: RunHealthReport;
}

interface PendingCheck {
  owner: RunOwner;
  requestedAt: Instant;
}

const commandKey = (command: string) => `run-health:${command}`;

const HEALTH_COMMAND = ":ext7-health:";

/** The HEALTH_CHECK command of one check: a repeat of the request sends nothing new. */
const commandId = (request: RunHealthRequest) =>
  `${request.operation}${HEALTH_COMMAND}${request.requestedAt}`;

/** Sends the provider's HEALTH_CHECK for the member's cluster, once per check. */
export function checkRunMemberHealth(tx: Tx, request: RunHealthRequest): void {
  const id = commandId(request);
  if (!tx.once(`run-health-asked:${id}`, () => {})) return;
  tx.putState(commandKey(id), {
    owner: request.owner,
    requestedAt: request.requestedAt,
  } satisfies PendingCheck);
  tx.send([{ id, type: "HEALTH_CHECK", cluster: request.owner.cluster }]);
}

/** Takes the answers to the checks it sent; the rest goes on. */
function claimHealthAnswers(tx: Tx, events: readonly ProviderEvent[]): ProviderEvent[] {
  const rest: ProviderEvent[] = [];
  for (const event of events) {
    // Every command's answer passes here: only a check's own id is looked up (a miss reads
    // storage, and a zero-duration run answers thousands of upgrade commands an instant).
    const answer = event.type === "COMMAND_SUCCEEDED" || event.type === "COMMAND_FAILED";
    if (!answer || !event.commandId.includes(HEALTH_COMMAND)) {
      rest.push(event);
      continue;
    }
    const pending = tx.getState<PendingCheck>(commandKey(event.commandId));
    if (pending === undefined) {
      rest.push(event);
      continue;
    }
    tx.deleteState(commandKey(event.commandId));
    const passed = event.type === "COMMAND_SUCCEEDED";
    const report: RunHealthReport = {
      cluster: pending.owner.cluster,
      requestedAt: pending.requestedAt,
      passed,
      detail: passed ? "HEALTH_CHECK passed" : `HEALTH_CHECK ${event.reason}: ${event.message}`,
      at: event.at,
    };
    deliver<MemberHealthChecked>(
      tx,
      `run-health/${operationOfCommand(event.commandId) ?? ""}/${pending.requestedAt}`,
      { type: "member-health", owner: pending.owner, report },
    );
  }
  return rest;
}

function sendHealthChecked(env: Env, message: MemberHealthChecked): Promise<boolean> {
  const { fleet, run } = message.owner;
  return env.UPDATE_RUN.get(
    env.UPDATE_RUN.idFromName(runObjectName(fleet, run)),
  ).memberHealthChecked(message.report);
}

const memberHealth: FleetCourier<MemberHealthChecked> = {
  send: (fleet, message) => sendHealthChecked(fleet.env, message),
};

/** EXT-7: provider health checks of update-run members. */
export const runMemberHealth: FleetCapability = {
  name: "update-run member health checks",
  claimEvents: claimHealthAnswers,
  deliveries: { "member-health": memberHealth },
};
