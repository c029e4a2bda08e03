import { getSimClock, type Inventory, initSimClock, putSimClock } from "@regatta/inventory";
import type { SimClockParams } from "./clock.ts";

const DEFAULT_SPEED = 3600;

/** The sim speed configured for this deployment (`SIM_SPEED`, default 3600). */
export function configuredSpeed(raw: string | undefined): number {
  const speed = raw === undefined || raw === "" ? DEFAULT_SPEED : Number(raw);
  return Number.isFinite(speed) && speed >= 0 ? speed : DEFAULT_SPEED;
}

/**
 * The shared sim clock lives in D1 so every object and the API agree on virtual "now".
 * The first reader anchors it at the current wall time.
 *
 * @example const clock = simClock(await loadSimClock(db, configuredSpeed(env.SIM_SPEED)));
 */
export async function loadSimClock(db: Inventory, speed: number): Promise<SimClockParams> {
  const stored = await getSimClock(db);
  if (stored) return stored;
  const now = Date.now();
  await initSimClock(db, { anchorWallMs: now, anchorVirtualMs: now, speed });
  return (await getSimClock(db)) ?? { anchorWallMs: now, anchorVirtualMs: now, speed };
}

/** @example await saveSimClock(db, reanchor(params, Date.now(), { speed: 0 })); */
export async function saveSimClock(db: Inventory, params: SimClockParams): Promise<void> {
  await putSimClock(db, params);
}
