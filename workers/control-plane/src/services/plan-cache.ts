/**
 * SEC-3: a what-if plan simulates a whole run or sequence, on whoever asks (a viewer too).
 * Its answer depends only on its inputs (the facts, the states, the sim's durations and
 * the instant), so the same inputs within {@link PLAN_CACHE_SECONDS} are answered from the
 * platform's cache instead of planning again: a dashboard or a script polling an unchanged
 * fleet costs one plan, not one per request. A frozen sim clock keeps the instant, and the
 * key, the same; a running one moves it, and a new plan follows the world. A plan not in
 * the cache is computed only while its fleet's object grants the fleet's one planning
 * slot, so the same fleet is never planned twice at once, across isolates too; a request
 * that finds the slot taken is told to ask again shortly.
 */
import { hex } from "../auth/secrets.ts";
import { accepted, type Outcome } from "../outcome.ts";

export const PLAN_CACHE_SECONDS = 30;
/** How long a planning slot may be held: past it, a slot whose isolate died lapses. */
const PLANNING_SLOT_MS = 60_000;
/** What a request that found the slot taken is told: a plan takes seconds at most. */
export const PLANNING_RETRY_SECONDS = 5;

/** The fleet object's planning slot (`FleetObject.claimPlanning`). */
export interface PlanningSlot {
  claimPlanning(forMs: number): Promise<string | undefined>;
  releasePlanning(claim: string): Promise<void>;
}

// Never resolved by DNS: the cache key only names the entry.
const CACHE_ORIGIN = "https://plans.regatta.invalid";

export async function cachedPlan<T>(
  fleet: string,
  slot: PlanningSlot,
  inputs: unknown,
  plan: () => T,
): Promise<Outcome<T>> {
  const digest = await crypto.subtle.digest(
    "SHA-256",
    new TextEncoder().encode(JSON.stringify(inputs)),
  );
  const key = `${CACHE_ORIGIN}/${encodeURIComponent(fleet)}/${hex(new Uint8Array(digest))}`;
  const cache = await caches.open("regatta-plans");
  const hit = await cache.match(key);
  if (hit !== undefined) return accepted(await hit.json<T>());
  const claim = await slot.claimPlanning(PLANNING_SLOT_MS);
  if (claim === undefined) {
    return {
      ok: false,
      error: {
        kind: "busy",
        detail: `SEC-3: a plan of fleet ${fleet} is being computed; ask again in ${PLANNING_RETRY_SECONDS} s`,
        rule: "SEC-3",
        retryAfterSeconds: PLANNING_RETRY_SECONDS,
      },
    };
  }
  try {
    const answer = plan();
    await cache.put(
      key,
      new Response(JSON.stringify(answer), {
        headers: {
          "content-type": "application/json",
          "cache-control": `max-age=${PLAN_CACHE_SECONDS}`,
        },
      }),
    );
    return accepted(answer);
  } finally {
    await slot.releasePlanning(claim);
  }
}
