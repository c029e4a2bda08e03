import { apiPath } from "@regatta/client";
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
const synced = new Set<() => void>();

/** Reads the control plane's clock, telling no one (a view that keeps its own tick). */
export async function readClock(): Promise<void> {
  try {
    const sim = await getJson<{ now: string; speed: number }>(apiPath("/v1/sim", {}));
    anchor = { virtual: Date.parse(sim.now), wall: Date.now(), speed: sim.speed };
  } catch {
    // Not the sim (404): the control plane runs on wall time.
    anchor = { virtual: Date.now(), wall: Date.now(), speed: 1 };
  }
}

/** Reads the clock and re-renders every view (`useClockSync`). */
export async function syncClock(): Promise<void> {
  await readClock();
  for (const listener of synced) listener();
}

/**
 * Re-renders the caller each time the clock is read from the server: the page paints
 * before the first reading arrives (it does not wait for it), and the sim's clock jumps
 * when a test or an operator advances it. Used once, at the top, so every view follows.
 */
export function useClockSync(): void {
  const [, setSeen] = useState(0);
  useEffect(() => {
    const listener = () => setSeen((n) => n + 1);
    synced.add(listener);
    return () => void synced.delete(listener);
  }, []);
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

/**
 * The control plane's now, kept moving while `running`: re-renders every second and
 * reads the clock from the server every 5 s. A sim driven by hand (speed 0) jumps only
 * when someone advances it, and nothing else tells the page: a running member's bar
 * would otherwise stand still until the run itself changes.
 */
export function useRunningClock(running: boolean): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!running) return;
    let ticks = 0;
    // Only this view re-renders: the rest of the page follows the clock on its own terms.
    const timer = setInterval(() => {
      ticks++;
      if (ticks % 5 === 0) void readClock().then(() => setTick(ticks));
      else setTick(ticks);
    }, 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now();
}

/** A virtual instant as people read it: "Mon 7 Dec, 12:00 UTC (in 3 days)" (format.ts). */
export function when(iso: string | undefined): string {
  return formatWhen(iso, now());
}
