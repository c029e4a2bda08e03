import type { Instant } from "../../time/instant.ts";
import type { ZoneCapacity } from "./capacity.ts";
import type { SimFault } from "./faults.ts";
import { queueSize } from "./queue.ts";
import { countSeenIds } from "./seen-ids.ts";
import type { SimState } from "./state.ts";

/**
 * What the sim is doing, for `GET /v1/sim` and benchmarks. A zone without `capacity`
 * (and `free`) is unlimited.
 */
export interface SimUsage {
  now: Instant;
  zones: Record<string, ZoneCapacity & { free?: number }>;
  /** Commands and preemptions still to report. */
  pending: number;
  /** Drains held forever by a STUCK_DRAIN fault. */
  stuckDrains: number;
  /** Distinct command ids accepted so far. */
  commandsSeen: number;
  faults: readonly SimFault[];
}

/**
 * @example simUsage(sim).zones["zone-a"] // { capacity: 3, used: 2, free: 1 }
 */
export function simUsage(state: SimState): SimUsage {
  const zones = Object.fromEntries(
    Object.entries(state.zones).map(([name, zone]) => [
      name,
      zone.capacity === undefined
        ? { ...zone }
        : { ...zone, free: Math.max(0, zone.capacity - zone.used) },
    ]),
  );
  return {
    now: state.now,
    zones,
    pending: queueSize(state.queue),
    stuckDrains: state.stuck.length,
    commandsSeen: countSeenIds(state.seen),
    faults: state.faults,
  };
}
