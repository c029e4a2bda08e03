/**
 * SEC-3: a what-if plan simulates a whole run or sequence, on whoever asks (a viewer too).
 * Its answer depends only on its inputs (the facts, the states, the sim's durations and
 * the instant), so the same inputs within {@link PLAN_CACHE_SECONDS} are answered from the
 * platform's cache instead of planning again: a dashboard or a script polling an unchanged
 * fleet costs one plan, not one per request. A frozen sim clock keeps the instant, and the
 * key, the same; a running one moves it, and a new plan follows the world.
 */
import { hex } from "../auth/secrets.ts";

export const PLAN_CACHE_SECONDS = 30;

// Never resolved by DNS: the cache key only names the entry.
const CACHE_ORIGIN = "https://plans.regatta.invalid";

export async function cachedPlan<T>(fleet: string, inputs: unknown, plan: () => T): Promise<T> {
  const digest = await crypto.subtle.digest(
    "SHA-256",
    new TextEncoder().encode(JSON.stringify(inputs)),
  );
  const key = `${CACHE_ORIGIN}/${encodeURIComponent(fleet)}/${hex(new Uint8Array(digest))}`;
  const cache = await caches.open("regatta-plans");
  const hit = await cache.match(key);
  if (hit !== undefined) return hit.json<T>();
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
  return answer;
}
