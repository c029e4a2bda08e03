import type { Instant } from "@regatta/engine";
import { dueWakeups, type Inventory, nextWakeupAfter, type Wakeup } from "@regatta/inventory";
import type { SimClockParams } from "../../clock/clock.ts";
import { saveSimClock } from "../../clock/sim-clock-store.ts";
import type { Env } from "../../env.ts";

/** Objects woken at once within one instant; the rest wait for a free slot. */
const WAKE_CONCURRENCY = 8;
/** Objects woken per round (a sweep of the rest follows the jump). */
const WAKES_PER_ROUND = 1_000;
/**
 * Rounds of wake-ups at one instant: an object told something by another (a member's
 * end, an upstream's qualification) takes it as a timer due at that same instant, which
 * the next round runs before the clock moves on.
 */
const ROUNDS_PER_INSTANT = 8;
/**
 * Instants one jump steps through. Past this the clock moves to the end of the jump at
 * once and each object catches up on its own (still in due order within it).
 */
export const MAX_STEPS = 50_000;

/**
 * Moves the frozen sim clock from `from` to `to` through every instant at which some
 * object has work due, waking the objects due at each one before the clock moves on.
 * Objects that talk to each other (a run and its members' fleets, the groups of a rollout
 * sequence) then hear each other at the instant things happened, whatever the size of
 * the jump: the same decisions and timestamps as if time had moved one second at a time.
 * Returns the number of instants stepped through.
 */
export async function stepClock(
  env: Env,
  db: Inventory,
  from: Instant,
  to: Instant,
): Promise<number> {
  let at = from;
  let steps = 0;
  // What was already overdue goes first, at the instant the jump starts.
  await wakeDue(env, db, at);
  while (steps < MAX_STEPS) {
    const next = await nextWakeupAfter(db, at);
    if (next === undefined || next > to) break;
    at = next;
    steps++;
    await saveSimClock(db, frozenAt(at));
    await wakeDue(env, db, at);
  }
  return steps;
}

function frozenAt(at: Instant): SimClockParams {
  return { anchorWallMs: Date.now(), anchorVirtualMs: at, speed: 0 };
}

async function wakeDue(env: Env, db: Inventory, at: Instant): Promise<void> {
  for (let round = 0; round < ROUNDS_PER_INSTANT; round++) {
    const due = await dueWakeups(db, at, WAKES_PER_ROUND);
    if (due.length === 0) return;
    await wakeAll(env, due);
  }
}

async function wakeAll(env: Env, due: readonly Wakeup[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < due.length) await wake(env, due[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(WAKE_CONCURRENCY, due.length) }, worker));
}

async function wake(env: Env, object: Wakeup): Promise<void> {
  try {
    if (object.kind === "fleet") await env.FLEET.get(env.FLEET.idFromName(object.name)).tick();
    else await env.UPDATE_RUN.get(env.UPDATE_RUN.idFromName(object.name)).tick();
  } catch (error) {
    console.error(`sim clock: ${object.kind} ${object.name} did not run its timers`, error);
  }
}
