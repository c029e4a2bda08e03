import type { Instant, ProviderCommand } from "@regatta/engine";
import type { PackedKeys } from "./packed-row.ts";

/**
 * What the runtime, its transactions and the executors share. A leaf: the runtime and
 * its transaction both depend on these, never on each other for them.
 */

/**
 * A timer as stored: its due time, a kind the host dispatches on, optional payload. Due
 * is virtual time (the world: soaks, windows, backoff) unless `clock` is "wall": then it
 * is the deployment's wall clock, for bookkeeping (retention) that must not pass in
 * minutes when the sim runs at 3,600×. A wall timer fires at the object's "now" once
 * its wall instant has passed, after the virtual timers then due.
 */
export interface Timer {
  id: string;
  due: Instant;
  kind: string;
  payload?: string;
  clock?: "wall";
}

/** One persisted batch of commands, as produced by one engine decision. */
export interface OutboxBatch {
  id: string;
  commands: ProviderCommand[];
}

/** What any executor may add to carrying commands. */
interface ExecutorHooks {
  /** Loads what the executor needs from outside the object before a transaction. */
  prepare?(): Promise<void>;
  /**
   * When an executor keeping its own state here (the sim) next has something to report.
   * It is a timer of kind {@link PROVIDER_TIMER} read from that state rather than a row
   * of its own, which would be rewritten with every command.
   */
  wakeAt?(tx: Tx): Instant | undefined;
}

/**
 * Carries commands to a provider outside the object, from the outbox once the state
 * that sent them has committed. Must be idempotent by command id: after a crash
 * between execution and acknowledgement the same batch is delivered again.
 */
export interface OutboxExecutor extends ExecutorHooks {
  /** Names the provider in the reason of a batch set aside ("webhook delivery failed …"). */
  readonly provider?: string;
  /**
   * Resolves once the provider took the batch. Throws {@link DeliveryFailure} to say
   * whether trying again can help; any other error counts as retryable.
   */
  execute(batch: OutboxBatch, effects: Effects): Promise<void>;
}

/**
 * A provider's refusal of a batch. `permanent` refusals (a 4xx other than 408/429: the
 * same bytes get the same answer) set the batch aside at once; the others are retried
 * with backoff until the attempts run out.
 */
export class DeliveryFailure extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** A batch taken out of the outbox after its delivery failed for good, kept to be looked at. */
export interface SetAsideBatch {
  id: string;
  attempts: number;
  reason: string;
  /** Wall-clock ms when it was set aside. */
  at: number;
  commands: number;
}

/** What the runtime tells its host while it runs the alarm. */
export interface AlarmHost {
  /**
   * A batch was set aside: the host makes the operation it belongs to show `why` (inside
   * the same transaction that moved the batch out of the outbox).
   */
  onBatchSetAside?(tx: Tx, batch: OutboxBatch, why: string): void;
}

/**
 * Where a test may make the object "die" (the runtime throws {@link ObjectCrash}): after a commit and
 * before anything else, after a batch was delivered and before the outbox forgot it,
 * between two timers of an alarm, and after a write-back reached the inventory.
 */
export type CrashPoint = "after-commit" | "after-delivery" | "between-timers" | "after-write-back";

/** Test-only hooks of a runtime; production objects have none. */
export interface RuntimeHooks {
  /** Called at each crash point; true ends the object there ({@link ObjectCrash}). */
  crash?(point: CrashPoint): boolean;
}

/** The object died (a test's simulated restart): nothing after it runs, not even re-arming. */
export class ObjectCrash extends Error {
  constructor(readonly point: CrashPoint) {
    super(`simulated object crash at ${point}`);
  }
}

/**
 * A provider whose whole effect is a write to this object's own storage (the embedded
 * sim) carries commands out inside the deciding transaction: the effect then commits
 * with the state that asked for it, which is what the outbox exists to guarantee for
 * providers outside the object, without writing and deleting an outbox row.
 */
export interface InTransactionExecutor extends ExecutorHooks {
  executeInTransaction(commands: ProviderCommand[], tx: Tx): void;
}

/** Carries an object's commands to its provider. */
export type Executor = OutboxExecutor | InTransactionExecutor;

/** The kind of the executor's wake-up (see `ExecutorHooks.wakeAt`). */
export const PROVIDER_TIMER = "provider";
/**
 * The timer kind of every durable delivery (runtime/deliveries.ts, payload: its id). At
 * one instant deliveries fire after the other timers: what the instant's work hands on
 * (a batch of member ends, notifications) goes out once, after all of it was done.
 */
export const DELIVERY_TIMER = "delivery";

/** The one timer of a kind an owner has (an operation, a cluster, a group). */
export const timerId = (kind: string, id: string) => `${kind}:${id}`;

/** What an executor may use: the time, and the object's own storage for its own state. */
export interface Effects {
  now: Instant;
  transact<R>(change: (tx: Tx) => R): R;
}

/** The synchronous view of storage a commit callback writes through. */
export interface Tx {
  now: Instant;
  /** The deployment's wall clock when the transaction began (bookkeeping, wall timers). */
  wall: number;
  getState<T>(key: string): T | undefined;
  /**
   * Reads `keys` ahead, in one statement per hundred, so the `getState`s that follow are
   * answered from memory: a batch asks for many keys that do not exist yet (a new
   * operation's, a new watch's), and a statement each was most of what it read.
   */
  prefetch(keys: readonly string[]): void;
  putState(key: string, value: unknown): void;
  deleteState(key: string): void;
  setTimer(timer: Timer): void;
  clearTimer(id: string): void;
  /** Persists commands in the same transaction; they run after it commits. */
  send(commands: ProviderCommand[]): void;
  /**
   * Applies `change` only the first time `key` is seen (event intake): returns false,
   * changing nothing, for a duplicate or late re-delivery.
   */
  once(key: string, change: () => void): boolean;
  /** Whether `once(key, …)` has already applied `key` (and still remembers it). */
  seen(key: string): boolean;
  /** SEC-7: whether `command` went to an outside executor and has no final answer yet. */
  awaits(command: string): boolean;
  /** SEC-7: `command` has its final answer; a later report on it is refused. */
  answered(command: string): void;
  /**
   * Runs `finish` once, when the change is done and before the transaction commits, however
   * often it is asked for under `key`: what many decisions of one transaction each ask for
   * (the starts they decided) is recorded once, from the state they left.
   */
  atEnd(key: string, finish: () => void): void;
}

/** How a runtime is set up beyond its storage, clock and executor. */
export interface RuntimeOptions {
  /** Which state keys are packed into one row (none when absent). */
  packs?: PackedKeys | undefined;
  /** How long the inbox remembers an event, in wall-clock ms (runtime/inbox.ts). */
  inboxRetentionMs?: number | undefined;
  /**
   * How long after it was signed a delivered event may still arrive (older callbacks are
   * refused), so the inbox remembers events at least twice that long. The object passes
   * its provider protocol's window; the runtime knows no protocol. None (0) when absent.
   */
  replayWindowMs?: number | undefined;
  /** Test-only hooks (crash points). */
  hooks?: RuntimeHooks | undefined;
  /**
   * Told the object's next wake-up (virtual time) whenever it changes, `undefined` when
   * nothing is pending: the deployment keeps it where the sim's clock and sweeps look.
   */
  onNextWake?: ((due: Instant | undefined) => Promise<void>) | undefined;
  /**
   * Told after each committed transaction that wrote rows (the object's watchers,
   * runtime/watchers.ts): one hook here reaches every commit path.
   */
  onChange?: ((at: Instant) => void) | undefined;
}
