export type { ZoneCapacity } from "./capacity.ts";
export {
  DEFAULT_REJECTION_DELAY_SECONDS,
  DEFAULT_SIM_DURATIONS,
  type SimConfig,
  type SimDurations,
  type SimSettings,
  type ZoneCapacityConfig,
} from "./config.ts";
export * from "./controls.ts";
export {
  FAULT_EFFECTS,
  type FaultEffect,
  type FaultMatch,
  faultApplies,
  type SimFault,
} from "./faults.ts";
export type { Pending, Queue, Run } from "./queue.ts";
export type { SeenIds } from "./seen-ids.ts";
export * from "./sim.ts";
export type { SimState } from "./state.ts";
export * from "./usage.ts";
