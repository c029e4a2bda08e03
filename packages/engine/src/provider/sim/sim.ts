import type { Instant } from "../../time/instant.ts";
import type { ProviderCommand, ProviderEvent } from "../commands.ts";
import { holdNode, releaseNode, zonesFromConfig } from "./capacity.ts";
import { resolveSettings, type SimConfig } from "./config.ts";
import { putFault } from "./faults.ts";
import { seedRandom } from "./prng.ts";
import { type Pending, queueInsert, queuePeek, queueTakeDue } from "./queue.ts";
import { noSeenIds, rememberIds } from "./seen-ids.ts";
import { type Running, startCommand } from "./start.ts";
import type { SimState } from "./state.ts";

/**
 * A new sim at virtual time `now`. Throws a RangeError on settings no sim could honour
 * (negative durations, jitter outside 0..1).
 *
 * @example
 * const sim = createSim({ seed: 7, capacity: { "zone-a": { quotaNodes: 3 } } }, start);
 */
export function createSim(config: SimConfig, now: Instant): SimState {
  return {
    seed: config.seed,
    settings: resolveSettings(config),
    now,
    rng: seedRandom(config.seed),
    seq: 0,
    zones: zonesFromConfig(config.capacity),
    faults: (config.faults ?? []).reduce(putFault, []),
    queue: [],
    seen: noSeenIds(),
    stuck: [],
  };
}

/**
 * Starts commands at `now`, in array order. The command id is the idempotency key: a
 * command whose id the sim has seen before (in any earlier call or earlier in this
 * batch) is ignored, whatever its content, so redelivering an outbox is harmless.
 *
 * @example
 * const check: HealthCheck = { id: "c1", type: "HEALTH_CHECK", cluster: "prod-1" };
 * sim = simSubmit(sim, [check], now);
 * sim = simSubmit(sim, [check], later); // no-op: "c1" is known
 */
export function simSubmit(
  state: SimState,
  commands: readonly ProviderCommand[],
  now: Instant,
): SimState {
  const at = Math.max(now, state.now);
  const { seen, fresh } = rememberIds(
    state.seen,
    commands.map((command) => command.id),
  );
  let running: Running = {
    zones: state.zones,
    faults: state.faults,
    rng: state.rng,
    stuck: state.stuck,
  };
  let seq = state.seq;
  const entries: Pending[] = [];
  commands.forEach((command, index) => {
    if (!fresh[index]) return;
    const started = startCommand(running, state.settings, command, at, seq);
    seq += 1;
    running = started.running;
    if (started.before !== undefined) entries.push(started.before);
    if (started.entry !== undefined) entries.push(started.entry);
  });
  if (seq === state.seq) return at === state.now ? state : { ...state, now: at };
  return { ...state, ...running, now: at, seq, seen, queue: queueInsert(state.queue, entries) };
}

/**
 * Moves virtual time to `now` and returns every report due at or before it, in time
 * order; reports due at the same instant come in submission order. Capacity freed by
 * a finished delete or a preemption is free from the instant of that report.
 *
 * @example
 * const { state: next, events } = simAdvance(sim, now);
 * for (const event of events) engineState = decide(engineState, event, event.at);
 */
export function simAdvance(
  state: SimState,
  now: Instant,
): { state: SimState; events: ProviderEvent[] } {
  const at = Math.max(now, state.now);
  const { queue, due } = queueTakeDue(state.queue, now);
  if (due.length === 0) {
    return { state: at === state.now ? state : { ...state, now: at }, events: [] };
  }
  let zones = state.zones;
  for (const pending of due) {
    if (pending.release !== undefined) zones = releaseNode(zones, pending.release);
    if (pending.hold !== undefined) zones = holdNode(zones, pending.hold.zone, pending.hold.node);
  }
  return {
    state: { ...state, now: at, queue, zones },
    events: due.map((pending) => pending.event),
  };
}

/**
 * When the sim next has something to report; undefined when nothing is pending (stuck
 * drains never report). A Durable Object sets its alarm from this.
 *
 * @example const wakeAt = simNextEventAt(sim); // feed to the object's timer table
 */
export function simNextEventAt(state: SimState): Instant | undefined {
  return queuePeek(state.queue)?.event.at;
}
