import {
  type ClusterUpgrade,
  exponentialBackoff,
  type Instant,
  isTerminal,
  type NodePoolOperation,
} from "@regatta/engine";
import type { Env } from "../../../env.ts";
import type { ObjectRuntime } from "../../../runtime/runtime.ts";
import type { Timer, Tx } from "../../../runtime/types.ts";
import { timerId } from "../../../runtime/types.ts";
import { activeRuns, noteRunStates } from "./runs-index.ts";

/**
 * Members of update runs (RUN-5): the operations a run started on a member report their
 * end back to the run object by RPC, durably. The owner is recorded in the transaction
 * that starts the operation; when every operation of the member has ended, a report row
 * and a timer stay until the run object acknowledges (it takes each report once), with
 * backoff between attempts. No polling on either side.
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

interface MemberEntry {
  owner: RunOwner;
  /** Operation id → its end (null while it runs). */
  ops: Record<string, { succeeded: boolean; error?: string } | null>;
}

interface PendingReport {
  owner: RunOwner;
  report: RunMemberReport;
  attempts: number;
}

/** The fleet timer that delivers a member's report to its run. */
export const RUN_REPORT_TIMER = "run-report";

const memberKey = (o: RunOwner) => `run-member:${o.run}/${o.cluster}`;
const opOwnerKey = (op: string) => `run-op-owner:${op}`;
const reportKey = (o: RunOwner) => `run-report:${o.run}/${o.cluster}`;
const retryWait = exponentialBackoff({ first: 5_000, max: 600_000 });

/** The run object of a run; one per fleet and run name. */
export function runObjectName(fleet: string, run: string): string {
  return `${fleet}/${run}`;
}

/** Records, in the starting transaction, that `operationId` is part of `owner`'s upgrade. */
export function ownRunMember(tx: Tx, owner: RunOwner, operationId: string): void {
  const entry = tx.getState<MemberEntry>(memberKey(owner)) ?? { owner, ops: {} };
  entry.ops[operationId] = null;
  tx.putState(memberKey(owner), entry);
  tx.putState(opOwnerKey(operationId), memberKey(owner));
}

/** The operations already started for a member (a run retrying a start asks first). */
export function runMemberOperations(tx: Tx, owner: RunOwner): string[] {
  return Object.keys(tx.getState<MemberEntry>(memberKey(owner))?.ops ?? {});
}

/** Hook for cluster upgrades: a run member's Full or ControlPlaneOnly upgrade ended. */
export function reportRunClusterEnd(tx: Tx, op: ClusterUpgrade): void {
  if (op.state !== "SUCCEEDED" && op.state !== "FAILED") return;
  operationEnded(tx, op.id, op.state === "SUCCEEDED", op.error);
}

/** Hook for node-pool operations: a run member's NodeImageOnly pool upgrade ended. */
export function reportRunPoolEnd(
  tx: Tx,
  before: NodePoolOperation | undefined,
  op: NodePoolOperation,
): void {
  if (!isTerminal(op.header.state)) return;
  if (before !== undefined && isTerminal(before.header.state)) return;
  const error = op.header.error ?? (op.header.state === "SUCCEEDED" ? undefined : op.header.state);
  operationEnded(tx, op.header.id, op.header.state === "SUCCEEDED", error);
}

function operationEnded(tx: Tx, operationId: string, succeeded: boolean, error?: string): void {
  const key = tx.getState<string>(opOwnerKey(operationId));
  if (key === undefined) return;
  tx.deleteState(opOwnerKey(operationId));
  const entry = tx.getState<MemberEntry>(key);
  if (!entry) return;
  entry.ops[operationId] = error === undefined ? { succeeded } : { succeeded, error };
  const ends = Object.values(entry.ops);
  if (ends.some((end) => end === null)) {
    tx.putState(key, entry);
    return;
  }
  tx.deleteState(key);
  const failed = Object.entries(entry.ops).filter(([, end]) => end && !end.succeeded);
  const report: RunMemberReport = {
    cluster: entry.owner.cluster,
    operationIds: Object.keys(entry.ops),
    succeeded: failed.length === 0,
    at: tx.now,
  };
  if (failed.length > 0) {
    report.message = failed.map(([id, end]) => `${id}: ${end?.error ?? "failed"}`).join("; ");
  }
  const pending: PendingReport = { owner: entry.owner, report, attempts: 0 };
  tx.putState(reportKey(entry.owner), pending);
  tx.setTimer({
    id: timerId(RUN_REPORT_TIMER, reportKey(entry.owner)),
    due: tx.now,
    kind: RUN_REPORT_TIMER,
    payload: reportKey(entry.owner),
  });
}

/**
 * The report timer: one RPC to the run object; acknowledged → forgotten, else tried
 * again with backoff. The run takes a report once, so a repeat after a lost ack is safe.
 */
export async function deliverRunReport(
  runtime: ObjectRuntime,
  env: Env,
  timer: Timer,
): Promise<void> {
  const key = timer.payload ?? "";
  const pending = await runtime.commit((tx) => tx.getState<PendingReport>(key));
  if (!pending) return;
  const { owner } = pending;
  let delivered = false;
  try {
    const stub = env.UPDATE_RUN.get(
      env.UPDATE_RUN.idFromName(runObjectName(owner.fleet, owner.run)),
    );
    await stub.memberEnded(pending.report);
    delivered = true;
  } catch (error) {
    console.error(`run report ${key} not delivered`, error);
  }
  await runtime.commit((tx) => {
    if (delivered) {
      tx.deleteState(key);
      tx.clearTimer(timer.id);
      return;
    }
    const attempts = pending.attempts + 1;
    tx.putState(key, { ...pending, attempts });
    tx.setTimer({ ...timer, due: tx.now + retryWait(attempts) });
  });
}

/**
 * The fleet's tick (alarm, cron, sim clock moves) wakes its unfinished runs, so their
 * timers (windows opening, stage waits) run on the same clock; a run that answers with a
 * terminal state is not woken again.
 */
export async function wakeRuns(runtime: ObjectRuntime, env: Env): Promise<void> {
  const runs = await runtime.commit((tx) => activeRuns(tx));
  if (runs.length === 0) return;
  const states: Record<string, string> = {};
  for (const run of runs) {
    try {
      const stub = env.UPDATE_RUN.get(
        env.UPDATE_RUN.idFromName(runObjectName(run.fleet, run.name)),
      );
      states[run.name] = (await stub.tick()).state;
    } catch (error) {
      console.error(`update run ${run.name} did not tick`, error);
    }
  }
  await runtime.commit((tx) => noteRunStates(tx, states));
}
