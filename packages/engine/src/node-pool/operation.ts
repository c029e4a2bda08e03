import type { Decision } from "../machine/decision.ts";
import { isOneOf } from "../machine/states.ts";
import type { FailureReason, ProviderCommand } from "../provider/commands.ts";
import { exponentialBackoff } from "../time/backoff.ts";
import { DAY, HOUR, type Instant, MINUTE, SECOND, toRfc3339 } from "../time/instant.ts";
import type { OperationRef } from "./node-commands.ts";
import type {
  NodeConfig,
  NodeFacts,
  NodePoolEvent,
  OperationEvent,
  OperationState,
  StrategyType,
  WindowInfo,
} from "./types.ts";

/** NUP-3/NUP-4/NUP-10: PodDisruptionBudgets are honoured for at most one hour. */
export const PDB_LIMIT = HOUR;
/**
 * A forced drain that is itself stuck this long is given up and the node deleted: the
 * seed's step 5 (delete the node) removes whatever pods are left.
 */
export const FORCED_DRAIN_LIMIT = 5 * MINUTE;
/** NUP-6: waiting for capacity retries after 30 s, doubling up to 5 min. */
export const CAPACITY_BACKOFF_FIRST = 30 * SECOND;
export const CAPACITY_BACKOFF_MAX = 5 * MINUTE;
/** Any other failure: retried after 30 s then 60 s; the third failure fails the operation. */
export const FAILURE_BACKOFF_FIRST = 30 * SECOND;
export const MAX_FAILURES = 3;
/** NUP-8 / NUP-11: seven days, the soak cap and the short-lived deadline. */
export const SEVEN_DAYS = 7 * DAY;
/** Events kept per operation; older ones are counted in `eventCount` only (cost). */
export const EVENTS_KEPT = 50;

/** Operation-level facts every strategy shares: what `GET /v1/operations/{id}` shows. */
export interface OperationHeader extends OperationRef {
  strategy: StrategyType;
  target: NodeConfig;
  state: OperationState;
  phase: string;
  /** Why the operation is not progressing (EXT-9), led by the rule ID that holds it. */
  reason?: string;
  error?: string;
  progress: { done: number; total: number };
  startedAt: Instant;
  updatedAt: Instant;
  endedAt?: Instant;
  /** The newest {@link EVENTS_KEPT} events; `eventCount` counts all of them. */
  events: OperationEvent[];
  eventCount: number;
}

/**
 * The states a node-pool operation ends in: no provider event or tick moves it on (only
 * a user's resume or rollback of a FAILED one, NUP-7). CANCELLED is not among them: its
 * started nodes still finish.
 */
export const NODE_POOL_TERMINAL_STATES = [
  "SUCCEEDED",
  "FAILED",
  "ROLLED_BACK",
] as const satisfies readonly OperationState[];

/** True for states no event moves on from. @example isTerminal("SUCCEEDED") // true */
export const isTerminal = isOneOf(NODE_POOL_TERMINAL_STATES);

/**
 * QUOTA_EXCEEDED / IP_EXHAUSTED: wait for capacity (NUP-6) instead of failing.
 *
 * @example isCapacityFailure("IP_EXHAUSTED") // true
 */
export function isCapacityFailure(reason: FailureReason): boolean {
  return reason === "QUOTA_EXCEEDED" || reason === "IP_EXHAUSTED";
}

/** NUP-6. @example capacityBackoff(1) // 30_000; capacityBackoff(5) // 300_000 */
export const capacityBackoff = exponentialBackoff({
  first: CAPACITY_BACKOFF_FIRST,
  max: CAPACITY_BACKOFF_MAX,
});

/** @example failureBackoff(2) // 60_000 */
export const failureBackoff = exponentialBackoff({ first: FAILURE_BACKOFF_FIRST });

/**
 * MW-4: no window info means no window (always open); otherwise open while `now` is
 * before `openUntil`.
 *
 * @example windowOpen({ openUntil: null }, now) // false
 */
export function windowOpen(window: WindowInfo | undefined, now: Instant): boolean {
  if (window === undefined) return true;
  return window.openUntil !== null && now < window.openUntil;
}

/** @example at(0) // "1970-01-01T00:00:00.000Z" */
export function at(instant: Instant): string {
  return toRfc3339(instant);
}

/** The earliest of several optional instants. @example earliest(undefined, 5, 3) // 3 */
export function earliest(...times: (Instant | undefined)[]): Instant | undefined {
  let out: Instant | undefined;
  for (const t of times) if (t !== undefined && (out === undefined || t < out)) out = t;
  return out;
}

/**
 * What one decision produces besides the state: commands, notes for the caller, and
 * events for the operation's history. Lives only during one `decide` call.
 *
 * @example
 * const fx = new Effects(now);
 * fx.log("NUP-8: green pool ready");
 */
export class Effects {
  readonly commands: ProviderCommand[] = [];
  readonly notes: string[] = [];
  readonly events: OperationEvent[] = [];
  readonly now: Instant;

  constructor(now: Instant) {
    this.now = now;
  }

  command(command: ProviderCommand): void {
    this.commands.push(command);
  }

  note(text: string): void {
    this.notes.push(text);
  }

  /** A note that also goes into the operation's history. */
  log(text: string): void {
    this.notes.push(text);
    this.events.push({ at: this.now, message: text });
  }

  /** The header with this decision's events appended (bounded) and `updatedAt` set. */
  stamp(header: OperationHeader): OperationHeader {
    if (this.events.length === 0) return { ...header, updatedAt: this.now };
    const events = header.events.concat(this.events);
    return {
      ...header,
      updatedAt: this.now,
      events: events.length > EVENTS_KEPT ? events.slice(events.length - EVENTS_KEPT) : events,
      eventCount: header.eventCount + this.events.length,
    };
  }

  decision<S>(state: S, wakeAt: Instant | undefined): Decision<S> {
    const out: Decision<S> = { state, commands: this.commands, notes: this.notes };
    if (wakeAt !== undefined) out.wakeAt = wakeAt;
    return out;
  }
}

/**
 * A fresh header for an operation starting at `now`.
 *
 * @example newHeader(ref, "SURGE", target, "UPGRADING_NODES", 5, now).state // "RUNNING"
 */
export function newHeader(
  ref: OperationRef,
  strategy: StrategyType,
  target: NodeConfig,
  phase: string,
  total: number,
  now: Instant,
): OperationHeader {
  const header: OperationHeader = {
    id: ref.id,
    cluster: ref.cluster,
    pool: ref.pool,
    strategy,
    target,
    state: "RUNNING",
    phase,
    progress: { done: 0, total },
    startedAt: now,
    updatedAt: now,
    events: [],
    eventCount: 0,
  };
  if (ref.machineType !== undefined) header.machineType = ref.machineType;
  if (ref.bestEffortDrain === true) header.bestEffortDrain = true;
  return header;
}

/**
 * The header moved to a terminal state.
 *
 * @example ended(header, "SUCCEEDED", now).endedAt // now
 */
export function ended(
  header: OperationHeader,
  state: "SUCCEEDED" | "FAILED" | "ROLLED_BACK",
  now: Instant,
): OperationHeader {
  const { reason: _reason, ...rest } = header;
  // A failed or rolled-back operation keeps the phase it stopped in: that is where to look.
  return { ...rest, state, phase: state === "SUCCEEDED" ? "DONE" : rest.phase, endedAt: now };
}

/** A provider's answer to one command. */
export type CommandAnswer = Extract<
  NodePoolEvent,
  { type: "COMMAND_SUCCEEDED" | "COMMAND_FAILED" }
>;

/**
 * One decision of a strategy's machine, on a working copy of its state: what each kind
 * of event does to it; `finish` then settles the state and says what to do next.
 */
export interface MachineRun<S> {
  answer(event: CommandAnswer): void;
  /** A node went away on its own (spot or flex-start preemption). */
  preempted(name: string): void;
  /** The autoscaler removed and added nodes (never the ones under upgrade, NUP-12). */
  scaled(removed: readonly string[], added: readonly NodeFacts[]): void;
  /** The maintenance window opened or closed (MW-4). */
  window(window: WindowInfo): void;
  /** Which nodes hold pods marked not safe to evict now (NUP-10); others ignore it. */
  unevictable?(nodes: readonly string[]): void;
  /** EXT-7: a health check failed during the soak (blue-green); others ignore it. */
  healthCheckFailed?(detail: string): void;
  /** LIFE-6: the executor passed a node of a best-effort drain (in place); others ignore it. */
  drainPassed?(event: Extract<NodePoolEvent, { type: "DRAIN_PASSED" }>): void;
  finish(): Decision<S>;
}

/**
 * Hands one event to the machine's run and finishes the decision: the one place the
 * node-pool machines tell events apart.
 *
 * @example routeEvent(new SurgeRun(op, now), { type: "TICK", at: now }).wakeAt
 */
export function routeEvent<S>(run: MachineRun<S>, event: NodePoolEvent): Decision<S> {
  switch (event.type) {
    case "COMMAND_SUCCEEDED":
    case "COMMAND_FAILED":
      run.answer(event);
      break;
    case "NODE_PREEMPTED":
      run.preempted(event.node);
      break;
    case "POOL_SCALED":
      run.scaled(event.removed, event.added);
      break;
    case "WINDOW":
      run.window(event.window);
      break;
    case "UNEVICTABLE_PODS":
      run.unevictable?.(event.nodes);
      break;
    case "HEALTH_CHECK_FAILED":
      run.healthCheckFailed?.(event.detail);
      break;
    case "DRAIN_PASSED":
      run.drainPassed?.(event);
      break;
    case "TICK":
      break;
    default:
      return event satisfies never;
  }
  return run.finish();
}
