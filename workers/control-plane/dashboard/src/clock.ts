import { useEffect, useState } from "preact/hooks";
import { getJson } from "./api.ts";

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

/** "3d 4h", "12m 5s": the largest two units. */
export function duration(ms: number): string {
  let seconds = Math.max(0, Math.round(ms / 1000));
  const parts: string[] = [];
  for (const [unit, size] of [
    ["d", 86_400],
    ["h", 3_600],
    ["m", 60],
    ["s", 1],
  ] as const) {
    const n = Math.floor(seconds / size);
    seconds -= n * size;
    if (n > 0 || (parts.length === 0 && unit === "s")) parts.push(`${n}${unit}`);
  }
  return parts.slice(0, 2).join(" ");
}

const format = new Intl.DateTimeFormat(undefined, {
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});

/** A virtual instant as people read it (UTC, as the API reports it). */
export function when(iso: string | undefined): string {
  return iso ? `${format.format(new Date(iso))} UTC` : "—";
}
