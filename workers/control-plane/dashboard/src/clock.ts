import { useEffect, useState } from "preact/hooks";
import { getJson } from "./api.ts";
import { when as formatWhen } from "./format.ts";

export { duration } from "./format.ts";

/**
 * The control plane's "now": in sim mode the virtual clock (`GET /v1/sim`), which runs
 * `speed` times wall time (0 when a test drives it); otherwise wall time. Run times,
 * soaks and the Gantt's axis are all on this clock.
 */
let anchor = { virtual: Date.now(), wall: Date.now(), speed: 1 };

export async function syncClock(): Promise<void> {
  try {
    const sim = await getJson<{ now: string; speed: number }>("/v1/sim");
    anchor = { virtual: Date.parse(sim.now), wall: Date.now(), speed: sim.speed };
  } catch {
    // Not the sim (404): the control plane runs on wall time.
    anchor = { virtual: Date.now(), wall: Date.now(), speed: 1 };
  }
}

export function now(): number {
  return anchor.virtual + (Date.now() - anchor.wall) * anchor.speed;
}

/** Re-renders every second, for countdowns. */
export function useTick(): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((t) => t + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  return tick;
}

/** A virtual instant as people read it: "Mon 7 Dec, 12:00 UTC (in 3 days)" (format.ts). */
export function when(iso: string | undefined): string {
  return formatWhen(iso, now());
}
