import type { CommandType } from "../commands.ts";
import type { SimFault } from "./faults.ts";

/** Seconds each command takes in the sim, per command type. */
export type SimDurations = Record<CommandType, number>;

/**
 * Defaults from the product docs. A node's create includes waiting for it to be
 * ready, because the engine only acts once the node can take pods.
 *
 * @example DEFAULT_SIM_DURATIONS.CREATE_NODE // 120
 */
export const DEFAULT_SIM_DURATIONS: Readonly<SimDurations> = {
  CREATE_NODE: 120,
  DELETE_NODE: 30,
  CORDON_NODE: 1,
  UNCORDON_NODE: 1,
  DRAIN_NODE: 60,
  // Bare metal: kubelet and containerd upgraded on the machine, then it rejoins.
  UPGRADE_NODE: 180,
  UPGRADE_CONTROL_PLANE: 600,
  UPGRADE_COMPONENT: 120,
  RUN_PREFLIGHT: 60,
  HEALTH_CHECK: 10,
};

/**
 * How long a refused create (no capacity, or an injected quota or IP fault) takes to
 * fail: a cloud API refuses at once, but not within the same instant.
 *
 * @example DEFAULT_REJECTION_DELAY_SECONDS // 5
 */
export const DEFAULT_REJECTION_DELAY_SECONDS = 5;

/**
 * Node capacity of one zone. Capacity is `quotaNodes + reservedNodes`; `inUse` counts
 * nodes that already exist when the sim starts.
 *
 * @example const zone: ZoneCapacityConfig = { quotaNodes: 10, reservedNodes: 2, inUse: 9 };
 */
export interface ZoneCapacityConfig {
  quotaNodes: number;
  /** Sum of the zone's reservation counts. */
  reservedNodes?: number;
  inUse?: number;
}

/**
 * What a sim is created with. Zones not listed in `capacity` have unlimited capacity
 * (their usage is still counted), so a sim without capacity settings never refuses.
 *
 * @example
 * const config: SimConfig = {
 *   seed: 42,
 *   durations: { DRAIN_NODE: 300 },
 *   jitter: 0.1,
 *   capacity: { "us-central1-a": { quotaNodes: 3 } },
 * };
 */
export interface SimConfig {
  seed: number;
  /** Overrides of {@link DEFAULT_SIM_DURATIONS}, in seconds. */
  durations?: Partial<SimDurations>;
  /** 0..1: each duration is scaled by a seeded factor in [1 − jitter, 1 + jitter). */
  jitter?: number;
  rejectionDelaySeconds?: number;
  capacity?: Record<string, ZoneCapacityConfig>;
  /** Faults active from the start, as if set with `simSetFault` in this order. */
  faults?: SimFault[];
}

/** The timing settings a running sim keeps, with every default filled in. */
export interface SimSettings {
  durations: SimDurations;
  jitter: number;
  rejectionDelaySeconds: number;
}

/**
 * Fills in defaults and rejects settings no sim could honour. Throws a RangeError: a
 * bad config is a caller bug, the API validates user input before it gets here.
 *
 * @example resolveSettings({ seed: 1, jitter: 0.2 }).durations.DRAIN_NODE // 60
 */
export function resolveSettings(config: SimConfig): SimSettings {
  const durations = { ...DEFAULT_SIM_DURATIONS, ...config.durations };
  for (const [type, seconds] of Object.entries(durations)) {
    requireNonNegative(`durations.${type}`, seconds);
  }
  const jitter = config.jitter ?? 0;
  if (!(jitter >= 0 && jitter <= 1)) {
    throw new RangeError(`sim jitter must be within 0..1, got ${jitter}`);
  }
  const rejectionDelaySeconds = config.rejectionDelaySeconds ?? DEFAULT_REJECTION_DELAY_SECONDS;
  requireNonNegative("rejectionDelaySeconds", rejectionDelaySeconds);
  for (const [zone, capacity] of Object.entries(config.capacity ?? {})) {
    requireNonNegative(`capacity.${zone}.quotaNodes`, capacity.quotaNodes);
    requireNonNegative(`capacity.${zone}.reservedNodes`, capacity.reservedNodes ?? 0);
    requireNonNegative(`capacity.${zone}.inUse`, capacity.inUse ?? 0);
  }
  return { durations, jitter, rejectionDelaySeconds };
}

function requireNonNegative(field: string, value: number): void {
  if (!(Number.isFinite(value) && value >= 0)) {
    throw new RangeError(`sim ${field} must be a finite number ≥ 0, got ${value}`);
  }
}
