import { getSimClock, initSimClock, putSimClock } from "@regatta/inventory";
import { inventoryDb } from "../db.ts";
import type { SimClockParams } from "../objects/runtime/clock.ts";

const DEFAULT_SPEED = 3600;

/** The sim speed configured for this deployment (`SIM_SPEED`, default 3600). */
export function configuredSpeed(raw: string | undefined): number {
  const speed = raw === undefined || raw === "" ? DEFAULT_SPEED : Number(raw);
  return Number.isFinite(speed) && speed >= 0 ? speed : DEFAULT_SPEED;
}

/**
 * The shared sim clock lives in D1 so every object and the API agree on virtual "now".
 * The first reader anchors it at the current wall time.
 */
export async function loadSimClock(d1: D1Database, speed: number): Promise<SimClockParams> {
  const db = inventoryDb(d1);
  const stored = await getSimClock(db);
  if (stored) return stored;
  const now = Date.now();
  await initSimClock(db, { anchorWallMs: now, anchorVirtualMs: now, speed });
  return (await getSimClock(db)) ?? { anchorWallMs: now, anchorVirtualMs: now, speed };
}

export async function saveSimClock(d1: D1Database, params: SimClockParams): Promise<void> {
  await putSimClock(inventoryDb(d1), params);
}
