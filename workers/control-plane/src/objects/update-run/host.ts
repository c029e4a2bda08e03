import {
  decideMemberEvent,
  decideUpdateRun,
  type Instant,
  type MemberEvent,
  ok,
  type Result,
  type RunMember,
  refuse,
  type StartMemberIntent,
  type UpdateRun,
  type UpdateRunDecision,
  type UpdateRunEvent,
  type UpdateRunState,
} from "@regatta/engine";
import type { RunReadings } from "@regatta/inventory";
import { deliver, pendingDelivery } from "../../runtime/deliveries.ts";
import type { Tx } from "../../runtime/types.ts";
import type { RunHealthReport, RunMemberReport } from "../fleet/run-members/index.ts";
import { recordHealthChecks } from "./health-requests.ts";
import { notifyRunChanges } from "./notifications.ts";
import { forgetCursorKey } from "./page.ts";
import { reportRunState } from "./run-state.ts";
import {
  decidedInThisTransaction,
  deleteRun,
  flatMembers,
  hasRun,
  lastDecisionAt,
  loadRun,
  loadStarts,
  type PendingStart,
  saveRun,
  saveStarts,
} from "./store.ts";

export { loadRun };

/**
 * The update-run object's state (store.ts: a header, the members in rows of 100, the
 * starts the fleet has not confirmed) fed to the engine. Timers: the machine's wake-up,
 * and deliveries (dispatch.ts, notifications.ts).
 */

/** The machine's wake-up (window openings, stage waits, region re-checks). */
export const RUN_TIMER = "run";

/** Stores a new run; 409 when this object already holds one (run names are not reused). */
export function createRun(tx: Tx, run: UpdateRun): Result<UpdateRun> {
  const existing = loadRun(tx);
  if (existing) {
    return refuse(
      "RUN-4",
      "conflict",
      `update run ${existing.name} already exists in fleet ${existing.fleet}`,
    );
  }
  saveRun(tx, run, undefined);
  return ok(run);
}

/**
 * Empties the object of the run created at `createdAt` (retention); false when the
 * object holds a newer run of the same name, which stays.
 */
export function forgetRun(tx: Tx, createdAt: number): boolean {
  const run = loadRun(tx);
  if (run !== undefined && run.createdAt !== createdAt) return false;
  if (hasRun(tx)) deleteRun(tx);
  forgetCursorKey(tx);
  tx.clearTimer(RUN_TIMER);
  return true;
}

/**
 * Whether a member is under way (a start not yet carried out is one): Running, or Stopped
 * while its stopped run does not track it (RUN-10: a start the run decided before the
 * stop is carried out; its end shows when the run starts again).
 */
function isUnderWay(member: RunMember | undefined): boolean {
  return member?.state === "Running" || member?.state === "Stopped";
}

/**
 * Keeps the decision. A start not yet carried out is dropped once its member is no longer
 * under way (its cluster left the fleet, EXT-8): nothing is started on a cluster that is
 * gone, or on another one created under its name. That is settled once, when the
 * transaction ends, from the run its last decision left (a start answered meanwhile for
 * a member no longer under way is ignored by the machine).
 */
function save(
  tx: Tx,
  before: { run: UpdateRun; state: UpdateRunState },
  decision: UpdateRunDecision,
  at: Instant,
): void {
  if (decision.intents.length > 0) {
    saveStarts(tx, [...loadStarts(tx), ...decision.intents.map((intent) => ({ intent }))]);
  }
  tx.atEnd("update-run:prune-starts", () => pruneStarts(tx));
  saveRun(tx, decision.state, at);
  // Once per transaction: the ends of a batch each decide a start, and one delivery
  // carries them all (the starts still wanted when it ends).
  if (decision.intents.length > 0) tx.atEnd("record-starts", () => recordStarts(tx));
  recordHealthChecks(tx, decision.state, decision.checks);
  notifyOnce(tx, before.run);
  reportRunState(tx, before.state, decision.state, at);
  if (decision.wakeAt === undefined) tx.clearTimer(RUN_TIMER);
  else tx.setTimer({ id: RUN_TIMER, due: decision.wakeAt, kind: RUN_TIMER });
}

/**
 * Feeds one event to the machine, as of `at` (now unless told), and keeps the decision;
 * answers the run as decided (callers that show it build its view).
 */
export function applyRunEvent(
  tx: Tx,
  event: UpdateRunEvent,
  at: Instant = tx.now,
): Result<UpdateRun> {
  const run = loadRun(tx);
  if (!run) return refuse("RUN-1", "conflict", "this update run does not exist");
  const before = { run, state: run.state };
  // A member's answer on the copy an earlier decision of this transaction made is
  // decided in place: a batch of answers copies the run once, not once per answer.
  if (decidedInThisTransaction(tx) && isMemberEvent(event)) {
    const decision = decideMemberEvent(run, event, at);
    save(tx, before, decision, at);
    return ok(decision.state);
  }
  const decision = decideUpdateRun(run, event, at);
  if (!decision.ok) return decision;
  save(tx, before, decision.value, at);
  return ok(decision.value.state);
}

const MEMBER_EVENTS = new Set<UpdateRunEvent["type"]>([
  "MEMBER_STARTED",
  "MEMBER_ENDED",
  "MEMBER_START_REFUSED",
  "HEALTH_CHECKED",
]);

function isMemberEvent(event: UpdateRunEvent): event is MemberEvent {
  return MEMBER_EVENTS.has(event.type);
}

/** The run as each transaction found it, before its first decision. */
const foundRuns = new WeakMap<Tx, UpdateRun>();

/**
 * The run's notifications, once per transaction: what changed between the run as the
 * transaction found it and as its last decision left it. A batch of answers is a
 * decision each, and comparing the whole run after each made the batch cost the square
 * of the run's size; what one decision of a batch changes, a later one of the same
 * instant does not undo (a failed member stays failed, an ended run ended).
 */
function notifyOnce(tx: Tx, found: UpdateRun): void {
  if (foundRuns.has(tx)) return;
  foundRuns.set(tx, found);
  tx.atEnd("update-run:notify", () => {
    const after = loadRun(tx);
    if (after !== undefined) notifyRunChanges(tx, found, after);
  });
}

/**
 * Time passed, with what the host read of the inventory just before: region availability
 * (CH-3) and the members as the fleet holds them now (EXT-8), either of them optional.
 */
export function tickRun(tx: Tx, readings: Partial<RunReadings>, at: Instant = tx.now): void {
  const event: UpdateRunEvent = { type: "TICK", at };
  if (readings.availability !== undefined) event.availability = readings.availability;
  if (readings.membership !== undefined) event.membership = readings.membership;
  applyRunEvent(tx, event, at);
}

/**
 * When a member's end counts (discrete-event time): when the fleet heard it, though the
 * report arrives later (the run was unreachable, or its alarm ran late), but never before
 * a decision the run already took nor after now.
 */
export function reportInstant(tx: Tx, report: RunMemberReport): Instant {
  const since = lastDecisionAt(tx) ?? Number.NEGATIVE_INFINITY;
  return Math.min(tx.now, Math.max(report.at ?? tx.now, since));
}

/** Member starts, as the run sends them to their fleet: many in one call (dispatch.ts). */
export interface StartMembers {
  type: "start-members";
  owner: { fleet: string; run: string };
  intents: StartMemberIntent[];
}

/**
 * Starts per delivery: one call to the fleet carries them all (one RPC, one answer
 * transaction here), yet a message stays small and a call short.
 */
export const STARTS_PER_DELIVERY = 100;

/**
 * Records a delivery for each start the run asked for that none carries yet (a start
 * whose delivery was given up goes out again), up to {@link STARTS_PER_DELIVERY} in
 * each. Done in the transaction that decided the starts: a crash after its commit cannot
 * leave a start that no timer will carry out. Answers the deliveries recorded.
 */
export function recordStarts(tx: Tx): string[] {
  const run = loadRun(tx);
  const recorded: string[] = [];
  while (run) {
    const fresh = pendingStarts(tx)
      .filter((s) => s.delivery === undefined || !pendingDelivery(tx, s.delivery))
      .slice(0, STARTS_PER_DELIVERY);
    const first = fresh[0];
    if (first === undefined) break;
    // A member is in one pending delivery at a time, so its first member names it.
    const id = `starts/${first.intent.cluster}`;
    deliver<StartMembers>(tx, id, {
      type: "start-members",
      owner: { fleet: run.fleet, run: run.name },
      intents: fresh.map((s) => s.intent),
    });
    markDispatched(tx, new Set(fresh.map((s) => s.intent.cluster)), id);
    recorded.push(id);
  }
  return recorded;
}

function pruneStarts(tx: Tx): void {
  const starts = loadStarts(tx);
  if (starts.length === 0) return;
  const run = loadRun(tx);
  const byCluster = new Map(run === undefined ? [] : flatMembers(run).map((m) => [m.cluster, m]));
  const kept = starts.filter((s) => isUnderWay(byCluster.get(s.intent.cluster)));
  if (kept.length !== starts.length) saveStarts(tx, kept);
}

/** Starts the run asked for that the fleet has not confirmed yet. */
export function pendingStarts(tx: Tx): PendingStart[] {
  return loadStarts(tx);
}

/** Notes the delivery that carries each of `clusters`' starts. */
export function markDispatched(tx: Tx, clusters: ReadonlySet<string>, delivery: string): void {
  const starts = loadStarts(tx);
  saveStarts(
    tx,
    starts.map((s) => (clusters.has(s.intent.cluster) ? { ...s, delivery } : s)),
  );
}

function dropStart(tx: Tx, cluster: string): boolean {
  const starts = loadStarts(tx);
  const rest = starts.filter((s) => s.intent.cluster !== cluster);
  if (rest.length === starts.length) return false;
  saveStarts(tx, rest);
  return true;
}

/** The fleet started the member's operation. */
export function memberStarted(tx: Tx, cluster: string, operationId: string): void {
  if (!dropStart(tx, cluster)) return;
  applyRunEvent(tx, { type: "MEMBER_STARTED", cluster, operationId, at: tx.now });
}

/**
 * The fleet refused to start it: the member fails (RUN-11, a preflight finding, a 409),
 * unless its facts, read again since, show it already there (RUN-9: Skipped).
 */
export function memberStartRefused(tx: Tx, cluster: string, message: string): void {
  if (!dropStart(tx, cluster)) return;
  applyRunEvent(tx, { type: "MEMBER_START_REFUSED", cluster, message, at: tx.now });
}

/**
 * A member's operations all ended (the fleet's report, possibly a repeat: taken once).
 * It may arrive before the start was confirmed here: the start is then settled by it.
 */
export function takeReport(
  tx: Tx,
  report: RunMemberReport,
  at: Instant = reportInstant(tx, report),
): boolean {
  return tx.once(`member-end:${report.cluster}:${report.operationIds.join(",")}`, () => {
    const first = report.operationIds[0];
    if (dropStart(tx, report.cluster) && first !== undefined) {
      applyRunEvent(
        tx,
        { type: "MEMBER_STARTED", cluster: report.cluster, operationId: first, at },
        at,
      );
    }
    const ended: UpdateRunEvent = {
      type: "MEMBER_ENDED",
      cluster: report.cluster,
      succeeded: report.succeeded,
      at,
    };
    if (report.message !== undefined) ended.message = report.message;
    applyRunEvent(tx, ended, at);
  });
}

/**
 * EXT-7: a member's health check answered (the URL here, the provider through the
 * member's fleet), or was given up; an answer to an older check is ignored by the engine.
 */
export function takeHealthAnswer(tx: Tx, report: RunHealthReport): void {
  const event: UpdateRunEvent = {
    type: "HEALTH_CHECKED",
    cluster: report.cluster,
    passed: report.passed,
    detail: report.detail,
    requestedAt: report.requestedAt,
    at: Math.min(tx.now, Math.max(report.at, lastDecisionAt(tx) ?? Number.NEGATIVE_INFINITY)),
  };
  if (report.statusCode !== undefined) event.statusCode = report.statusCode;
  applyRunEvent(tx, event, event.at);
}
