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
export async function loadSimClock(db: D1Database, speed: number): Promise<SimClockParams> {
  const row = await db
    .prepare("SELECT anchor_wall_ms, anchor_virtual_ms, speed FROM sim_clock WHERE id = 1")
    .first<{ anchor_wall_ms: number; anchor_virtual_ms: number; speed: number }>();
  if (row) {
    return {
      anchorWallMs: row.anchor_wall_ms,
      anchorVirtualMs: row.anchor_virtual_ms,
      speed: row.speed,
    };
  }
  const now = Date.now();
  await db
    .prepare(
      "INSERT OR IGNORE INTO sim_clock (id, anchor_wall_ms, anchor_virtual_ms, speed) VALUES (1, ?, ?, ?)",
    )
    .bind(now, now, speed)
    .run();
  return loadSimClock(db, speed);
}

export async function saveSimClock(db: D1Database, params: SimClockParams): Promise<void> {
  await db
    .prepare(
      "INSERT INTO sim_clock (id, anchor_wall_ms, anchor_virtual_ms, speed) VALUES (1, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET anchor_wall_ms = excluded.anchor_wall_ms, anchor_virtual_ms = excluded.anchor_virtual_ms, speed = excluded.speed",
    )
    .bind(params.anchorWallMs, params.anchorVirtualMs, params.speed)
    .run();
}
