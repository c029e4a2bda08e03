import type { Instant } from "@regatta/engine";

/**
 * An object's clock. Real mode is wall time; sim mode runs virtual time `speed` times
 * faster than the wall from a shared anchor, so every object agrees on "now" and a
 * 14-day soak passes in minutes. The engine only ever sees `now()`.
 */
export interface Clock {
  now(): Instant;
  /** Wall-clock ms at which `virtual` arrives, or undefined when time is frozen. */
  wallFor(virtual: Instant): number | undefined;
  /**
   * Wall-clock ms now. Signatures, their 5-minute skew bound and the inbox that
   * recognises re-deliveries use wall time even in sim mode: a sim jump of days must not
   * make a callback signed a second ago look stale, nor forget one applied a second ago.
   */
  wall(): number;
}

export const wallClock: Clock = {
  now: () => Date.now(),
  wallFor: (virtual) => virtual,
  wall: () => Date.now(),
};

/** The shared sim clock: virtual = anchorVirtual + (wall − anchorWall) × speed. */
export interface SimClockParams {
  anchorWallMs: number;
  anchorVirtualMs: number;
  speed: number;
  /**
   * The wall instant up to which this process holds the clock (sim-clock-store.ts): past
   * it the clock stands still until the lease is renewed, so no instant is ever read
   * that a process started after a crash would not resume from.
   */
  leaseWallMs?: number;
}

/** The virtual instant at wall time `wall`, ignoring the lease. */
export function virtualAt(params: SimClockParams, wall: number): number {
  return params.anchorVirtualMs + (wall - params.anchorWallMs) * params.speed;
}

export function simClock(params: SimClockParams, wallNow: () => number = Date.now): Clock {
  const lease = params.leaseWallMs ?? Number.POSITIVE_INFINITY;
  return {
    now: () => virtualAt(params, Math.min(wallNow(), lease)),
    wallFor: (virtual) =>
      params.speed > 0
        ? params.anchorWallMs + (virtual - params.anchorVirtualMs) / params.speed
        : undefined,
    wall: wallNow,
  };
}

/** Re-anchors at the current instant, optionally jumping ahead and changing speed. */
export function reanchor(
  params: SimClockParams,
  wallNow: number,
  change: { advanceSeconds?: number; speed?: number },
): SimClockParams {
  const virtualNow = simClock(params, () => wallNow).now();
  return {
    anchorWallMs: wallNow,
    anchorVirtualMs: virtualNow + (change.advanceSeconds ?? 0) * 1000,
    speed: change.speed ?? params.speed,
  };
}
