import type { SimClockParams } from "../clock/clock.ts";
import { loadSimClock as load, saveSimClock as save } from "../clock/sim-clock-store.ts";
import { inventoryDb } from "../db.ts";

// The sim clock moved to src/clock/ and takes the inventory handle; this path keeps the
// D1 form for the test helpers that import it from here.
export { configuredSpeed } from "../clock/sim-clock-store.ts";

export function loadSimClock(d1: D1Database, speed: number): Promise<SimClockParams> {
  return load(inventoryDb(d1), speed);
}

export function saveSimClock(d1: D1Database, params: SimClockParams): Promise<void> {
  return save(inventoryDb(d1), params);
}
