import type { Instant } from "../../time/instant.ts";
import type { Zones } from "./capacity.ts";
import type { SimSettings } from "./config.ts";
import type { SimFault } from "./faults.ts";
import type { Queue } from "./queue.ts";
import type { SeenIds } from "./seen-ids.ts";

/**
 * Everything a sim knows, as plain JSON data: a Durable Object stores it as is and
 * a reload continues exactly where it left off (the generator state included).
 *
 * @example const copy: SimState = JSON.parse(JSON.stringify(state)); // behaves the same
 */
export interface SimState {
  seed: number;
  settings: SimSettings;
  /** The latest instant the sim was given; earlier `now`s are treated as this one. */
  now: Instant;
  /** mulberry32 state for duration jitter. */
  rng: number;
  /** Next submission sequence number (orders reports due at the same instant). */
  seq: number;
  zones: Zones;
  faults: readonly SimFault[];
  queue: Queue;
  seen: SeenIds;
  /** Ids of PDB-respecting drains held by a STUCK_DRAIN fault; they never report. */
  stuck: readonly string[];
}
