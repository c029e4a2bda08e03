import type { Instant } from "@regatta/engine";
import { type Inventory, wakeupsFrom } from "@regatta/inventory";
import type { SimClockParams } from "../../clock/clock.ts";
import { saveSimClock } from "../../clock/sim-clock-store.ts";
import type { Env } from "../../env.ts";
import { wakeDueObjects, wakeObjects } from "../../objects/wakeups.ts";

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
  // What was already overdue goes first, at the instant the jump starts.
  await wakeDueObjects(env, db, from);
  let at = from;
  let steps = 0;
  let rounds = 0;
  while (true) {
    // Past its rounds, an instant whose objects still claim it (one failing, say) is
    // left behind: they catch up on their own once the jump is over.
    const since = rounds >= ROUNDS_PER_INSTANT ? at + 1 : at;
    const batch = await wakeupsFrom(db, since, WAKES_PER_ROUND);
    const due = batch[0]?.due;
    if (due === undefined || due > to) break;
    if (due > at) {
      if (steps >= MAX_STEPS) break;
      at = due;
      steps++;
      rounds = 0;
      await saveSimClock(db, frozenAt(at));
    }
    rounds++;
    await wakeObjects(env, batch);
  }
  return steps;
}

function frozenAt(at: Instant): SimClockParams {
  return { anchorWallMs: Date.now(), anchorVirtualMs: at, speed: 0 };
}
