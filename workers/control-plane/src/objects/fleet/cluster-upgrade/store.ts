import {
  type ClusterUpgrade,
  fnv1a,
  type LifecycleStep,
  type Maintenance,
  type NodePoolFacts,
} from "@regatta/engine";
import type { Tx } from "../../../runtime/types.ts";

/** What the fleet object keeps per cluster upgrade beside the engine's state. */
export interface HostedClusterUpgrade {
  op: ClusterUpgrade;
  /** Worker pools as the inventory had them at the start: their upgrades plan from these. */
  pools: Record<string, NodePoolFacts>;
  poolUids: Record<string, string>;
  /** Ids the service indexed in D1 for each pool's first upgrade (readable by id). */
  poolOperationIds: Record<string, string>;
  maintenance?: Maintenance;
  retentionMs: number;
  /** The cluster was deleted while it ran: it ended for good and is not retried. */
  clusterDeleted?: true;
  /** The key of the step plan it shares with the fleet's other upgrades ({@link sharePlan}). */
  plan?: string;
}

/**
 * Storage of cluster upgrades: one row per operation (`cu:<id>`), rewritten by every
 * decision, and one row per distinct step plan (`cu-plan:<hash>`) shared by every
 * upgrade planned alike.
 *
 * Why the plan is shared: a step's id, phase, action, order and downtime are fixed when
 * the upgrade is planned (LIFE-3), and an update run's members all plan the same steps.
 * They were most of each row (about 2.5 of 4.6 KB), written again at every decision of
 * every member. An upgrade that shares its plan stores only each step's progress; the
 * plan is written once, and counted (`cu-plan-refs:<hash>`, packed with the fleet's small
 * values) so the last upgrade to be retired takes it along.
 */

/** A step's part that its plan fixes at the start. */
type PlannedStep = Pick<LifecycleStep, "id" | "phase" | "action" | "after" | "downtime">;
/** A step's part that decisions change. */
type StepProgress = Omit<LifecycleStep, keyof PlannedStep>;

/** A cluster upgrade as stored: with a plan, its steps are progress only, in plan order. */
interface StoredClusterUpgrade extends Omit<HostedClusterUpgrade, "op"> {
  op: Omit<ClusterUpgrade, "steps"> & { steps: StepProgress[] };
}

const upgradeKey = (id: string) => `cu:${id}`;
const PLAN_PREFIX = "cu-plan:";
const PLAN_REFS_PREFIX = "cu-plan-refs:";
const refsKey = (plan: string) => `${PLAN_REFS_PREFIX}${plan.slice(PLAN_PREFIX.length)}`;

/** The plan reference counts are small and change with every start and retirement: packed. */
export const packsPlanRefs = (key: string): boolean => key.startsWith(PLAN_REFS_PREFIX);

/**
 * Each stored row's upgrade with its steps whole again, while the runtime keeps the row
 * parsed: an upgrade is loaded several times per decision, and expanded once.
 */
const expanded = new WeakMap<StoredClusterUpgrade, HostedClusterUpgrade>();
/** Each plan's JSON text, to tell a shared plan from a hash collision without re-encoding it. */
const planText = new WeakMap<readonly PlannedStep[], string>();

/** The row an upgrade is stored in, to read ahead for a batch of them. */
export const upgradeRowKey = upgradeKey;

export function loadClusterUpgrade(tx: Tx, id: string): HostedClusterUpgrade | undefined {
  const stored = tx.getState<StoredClusterUpgrade>(upgradeKey(id));
  // Whole: stored before plans were shared, on a collision, or put by this transaction.
  if (stored === undefined || stored.plan === undefined || isWhole(stored.op.steps)) {
    return stored as HostedClusterUpgrade | undefined;
  }
  const known = expanded.get(stored);
  if (known) return known;
  const plan = loadPlan(tx, stored.plan);
  const progress = stored.op.steps;
  if (plan === undefined || plan.length !== progress.length) {
    throw new Error(`cluster upgrade ${id}: its step plan ${stored.plan} is missing or differs`);
  }
  const hosted: HostedClusterUpgrade = {
    ...stored,
    op: { ...stored.op, steps: plan.map((step, i) => ({ ...step, ...progress[i]! })) },
  };
  expanded.set(stored, hosted);
  return hosted;
}

/**
 * Stores an upgrade. Within the transaction it stays the object given (what a later
 * load in it sees, changes made after included); at the end only its steps' progress is
 * written when it shares a plan.
 */
export function storeClusterUpgrade(tx: Tx, hosted: HostedClusterUpgrade): void {
  const key = upgradeKey(hosted.op.id);
  tx.putState(key, hosted);
  if (hosted.plan !== undefined) tx.atEnd(key, () => compact(tx, key));
}

function compact(tx: Tx, key: string): void {
  const hosted = tx.getState<HostedClusterUpgrade>(key);
  if (hosted === undefined || hosted.plan === undefined || !isWhole(hosted.op.steps)) return;
  const plan = loadPlan(tx, hosted.plan);
  if (plan === undefined || !followsPlan(hosted.op.steps, plan)) {
    // Never expected (the machine plans its steps once): kept whole rather than lost.
    releasePlan(tx, hosted);
    return;
  }
  const stored: StoredClusterUpgrade = {
    ...hosted,
    op: { ...hosted.op, steps: hosted.op.steps.map(progressOf) },
  };
  expanded.set(stored, hosted);
  tx.putState(key, stored);
}

export function deleteClusterUpgrade(tx: Tx, hosted: HostedClusterUpgrade): void {
  releasePlan(tx, hosted);
  tx.deleteState(upgradeKey(hosted.op.id));
}

/**
 * A new upgrade takes the fleet's copy of its step plan, written now if it is the first
 * planned so; on a hash collision with another plan it keeps its steps whole.
 */
export function sharePlan(tx: Tx, hosted: HostedClusterUpgrade): void {
  const planned = hosted.op.steps.map(plannedOf);
  const text = JSON.stringify(planned);
  const key = keyOf(text);
  const existing = loadPlan(tx, key);
  if (existing === undefined) {
    planText.set(deepFreeze(planned), text);
    tx.putState(key, planned);
  } else if (textOf(existing) !== text) {
    return;
  }
  tx.putState(refsKey(key), (tx.getState<number>(refsKey(key)) ?? 0) + 1);
  hosted.plan = key;
}

function releasePlan(tx: Tx, hosted: HostedClusterUpgrade): void {
  const key = hosted.plan;
  if (key === undefined) return;
  hosted.plan = undefined;
  const refs = (tx.getState<number>(refsKey(key)) ?? 1) - 1;
  if (refs > 0) {
    tx.putState(refsKey(key), refs);
    return;
  }
  tx.deleteState(refsKey(key));
  tx.deleteState(key);
}

/** A plan as the runtime keeps it parsed, frozen: every upgrade that shares it reads it. */
function loadPlan(tx: Tx, key: string): readonly PlannedStep[] | undefined {
  const plan = tx.getState<PlannedStep[]>(key);
  return plan === undefined || Object.isFrozen(plan) ? plan : deepFreeze(plan);
}

/**
 * The plan's key by its text, remembered for the few plans a fleet has at once: a run's
 * members plan alike, and hashing each one's plan again was a cost of every start.
 */
const keys = new Map<string, string>();
const KEYS_KEPT = 64;
function keyOf(text: string): string {
  let key = keys.get(text);
  if (key === undefined) {
    key = `${PLAN_PREFIX}${fnv1a(text).toString(36)}.${fnv1a(text, 0x5bd1e995).toString(36)}`;
    if (keys.size >= KEYS_KEPT) keys.clear();
    keys.set(text, key);
  }
  return key;
}

function textOf(plan: readonly PlannedStep[]): string {
  const known = planText.get(plan);
  if (known !== undefined) return known;
  const text = JSON.stringify(plan);
  planText.set(plan, text);
  return text;
}

/** Steps as the machine has them (progress alone has no id). */
function isWhole(steps: readonly (LifecycleStep | StepProgress)[]): steps is LifecycleStep[] {
  return steps.length === 0 || "id" in steps[0]!;
}

function followsPlan(steps: readonly LifecycleStep[], plan: readonly PlannedStep[]): boolean {
  return steps.length === plan.length && steps.every((step, i) => step.id === plan[i]!.id);
}

function plannedOf(step: LifecycleStep): PlannedStep {
  const { id, phase, action, after, downtime } = step;
  return downtime === undefined
    ? { id, phase, action, after }
    : { id, phase, action, after, downtime };
}

function progressOf(step: LifecycleStep): StepProgress {
  const {
    id: _id,
    phase: _phase,
    action: _action,
    after: _after,
    downtime: _downtime,
    ...progress
  } = step;
  return progress;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
