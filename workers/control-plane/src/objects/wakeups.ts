import type { Instant } from "@regatta/engine";
import {
  allPages,
  dueWakeups,
  type Inventory,
  listFleets,
  pendingWakeups,
  type Wakeup,
} from "@regatta/inventory";
import type { Env } from "../env.ts";
import { atMost, WAKE_CONCURRENCY } from "./concurrency.ts";

/**
 * The object namespaces that record their next wake-up in the inventory's registry, and
 * how each is woken: the names live here, the inventory stores them as text.
 */
const TICK = {
  fleet: (env: Env, name: string) => env.FLEET.get(env.FLEET.idFromName(name)).tick(),
  "update-run": (env: Env, name: string) =>
    env.UPDATE_RUN.get(env.UPDATE_RUN.idFromName(name)).tick(),
  "rollout-sequence": (env: Env, name: string) =>
    env.ROLLOUT_SEQUENCE.get(env.ROLLOUT_SEQUENCE.idFromName(name)).tick(),
} satisfies Record<string, (env: Env, name: string) => Promise<unknown>>;

/** A namespace whose objects keep their next wake-up in the registry. */
export type WakeupKind = keyof typeof TICK;

/** Objects read from the wake-up registry per query. */
const PAGE = 1_000;
/** Pages of due objects one call wakes (objects that keep failing stay due). */
const DUE_PAGES = 20;

/**
 * Wakes `objects` a few at a time, each running what fell due (`tick`): one that is slow
 * does not hold the others back, a thousand do not mean a thousand calls at once, and
 * one that fails is logged and left to its own alarm. An object already running its
 * alarm joins that run (see `ObjectRuntime.runAlarm`).
 */
export async function wakeObjects(env: Env, objects: readonly Wakeup[]): Promise<void> {
  await atMost(WAKE_CONCURRENCY, objects, async (object) => {
    try {
      await tick(env, object);
    } catch (error) {
      console.error(`${object.kind} ${object.name} did not run its timers`, error);
    }
  });
}

/** Runs what fell due in the object a wake-up names. */
async function tick(env: Env, object: Wakeup): Promise<void> {
  // Only this worker writes the registry: a name it does not know is a bug, not a wake.
  if (!isWakeupKind(object.kind)) throw new Error(`no object namespace ${object.kind}`);
  await TICK[object.kind](env, object.name);
}

function isWakeupKind(kind: string): kind is WakeupKind {
  return Object.hasOwn(TICK, kind);
}

/** Wakes the objects whose recorded wake-up is due by `now`; answers how many. */
export async function wakeDueObjects(env: Env, db: Inventory, now: Instant): Promise<number> {
  let woken = 0;
  for (let page = 0; page < DUE_PAGES; page++) {
    const due = await dueWakeups(db, now, PAGE);
    await wakeObjects(env, due);
    woken += due.length;
    // A woken object moves its wake-up past `now`: a short page was the last.
    if (due.length < PAGE) break;
  }
  return woken;
}

/**
 * Wakes every object with anything pending, so their alarms follow a clock that changed
 * speed or jumped; answers how many.
 */
export async function wakePendingObjects(env: Env, db: Inventory): Promise<number> {
  let woken = 0;
  let after: Wakeup | undefined;
  while (true) {
    const page = await pendingWakeups(db, after, PAGE);
    await wakeObjects(env, page);
    woken += page.length;
    after = page.at(-1);
    if (page.length < PAGE) return woken;
  }
}

/**
 * Wakes every fleet object, whether or not it recorded a wake-up: the hourly sweep that
 * catches an object whose record was lost (a D1 write that failed) or predates it.
 */
export async function wakeEveryFleet(env: Env, db: Inventory): Promise<number> {
  const fleets = await allPages((page) => listFleets(db, page));
  await wakeObjects(
    env,
    fleets.map(({ name }) => ({ kind: "fleet", name, due: 0 })),
  );
  return fleets.length;
}
