import type { Instant } from "@regatta/engine";
import type { Env } from "../../../env.ts";
import { type Collection, collect, uncollected } from "../../../runtime/deliveries.ts";
import type { Tx } from "../../../runtime/types.ts";
import { clearSoakCheck } from "../node-pool/index.ts";
import type { OperationEnd, Waiter } from "../waiters.ts";

/**
 * Members of update runs (RUN-5): the operations a run started on a member are watched
 * (ends.ts) from the transaction that starts them; when all ended, the member's report
 * goes to the run object as a durable delivery, one per run collecting the ends heard
 * until it is taken. No polling on either side: a run wakes on its own alarm, and tells
 * the fleet's index its state when it changes (runs-index.ts `noteRunState`).
 */

/** Which run member an operation belongs to. */
export interface RunOwner {
  fleet: string;
  run: string;
  cluster: string;
}

/** What the run object hears when a member's operations have all ended. */
export interface RunMemberReport {
  cluster: string;
  operationIds: string[];
  succeeded: boolean;
  message?: string;
  /** When the fleet heard the end (absent in reports stored before it was kept). */
  at?: Instant;
}

/**
 * What the fleet sends a run: members whose operations all ended, in the order it heard
 * them. One delivery per run collects the ends heard until it is taken, so many ends
 * (every member of a zero-duration batch) reach the run in one call.
 */
export interface MembersEnded {
  type: "members-ended";
  run: { fleet: string; run: string };
  reports: RunMemberReport[];
}

/** The delivery that collects a run's ends until it is taken. */
const endsDelivery = (run: string) => `run-ends/${run}`;
/**
 * Reports one delivery carries at most: a stage of thousands of members that end at once
 * (with their failure messages) stays far below the 2 MB a stored value may take.
 */
export const REPORTS_PER_DELIVERY = 1_000;
/**
 * A full collection set apart. Its timer's id sorts before the collecting one's at the
 * same instant (`-` before `/`), so older ends go first; the run takes a report at no
 * earlier instant than its last decision in any case.
 */
const fullEndsDelivery = (run: string, at: number) =>
  `run-ends-full/${run}/${String(at).padStart(15, "0")}-${crypto.randomUUID()}`;

/** How a run's ends collect (runtime/deliveries.ts `Collection`). */
function endsOf(run: { fleet: string; run: string }): Collection<MembersEnded, RunMemberReport> {
  return {
    items: (message) => message.reports,
    message: (reports) => ({ type: "members-ended", run, reports }),
    key: (report) => `${report.cluster}:${report.operationIds.join(",")}`,
    max: REPORTS_PER_DELIVERY,
    apart: (tx) => fullEndsDelivery(run.run, tx.now),
  };
}

/** The ends a pending delivery still holds once `sent` (an earlier revision) was taken. */
export function unsentEnds(sent: MembersEnded, current: MembersEnded): { rest?: MembersEnded } {
  return uncollected(endsOf(current.run), sent, current);
}

/** The watch (ends.ts) of a run member's operations. */
export const memberWatch = (owner: RunOwner) => `run/${owner.run}/${owner.cluster}`;

/** The run object of a run; one per fleet and run name. */
export function runObjectName(fleet: string, run: string): string {
  return `${fleet}/${run}`;
}

/**
 * Hears that every operation of a member ended and sends the run its report, durably
 * (runtime/deliveries.ts): the run takes a report once, so a repeat is safe.
 */
export function hearMemberEnd(
  tx: Tx,
  waiter: Extract<Waiter, { kind: "run-member" }>,
  ends: readonly OperationEnd[],
): void {
  const owner: RunOwner = { fleet: waiter.fleet, run: waiter.run, cluster: waiter.cluster };
  const failed = ends.filter((end) => !end.succeeded);
  const report: RunMemberReport = {
    cluster: owner.cluster,
    operationIds: ends.map((end) => end.operation),
    succeeded: failed.length === 0,
    at: tx.now,
  };
  if (failed.length > 0) {
    // EXT-9: the member's message is led by the rule that failed it, then names the operation.
    report.message = failed
      .map(
        (end) =>
          `${end.error ?? `RUN-11: ${end.operation} ended ${end.state}`} (operation ${end.operation})`,
      )
      .join("; ");
  }
  const run = { fleet: owner.fleet, run: owner.run };
  collect(tx, endsDelivery(owner.run), report, endsOf(run));
  clearSoakCheck(tx, owner.cluster);
}

/** Carries the ends of a run's members to its run object; true once the run took them. */
export function sendMembersEnded(env: Env, message: MembersEnded): Promise<boolean> {
  const { fleet, run } = message.run;
  return env.UPDATE_RUN.get(env.UPDATE_RUN.idFromName(runObjectName(fleet, run))).membersEnded(
    message.reports,
  );
}
