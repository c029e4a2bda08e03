import type { CommandType, StrategyType, UpgradeStrategySettings } from "@regatta/engine";
/**
 * Shapes of the JSON text columns. They mirror API.md field for field so a validated
 * request body from `@regatta/contract` can be stored without reshaping; the inventory
 * does not depend on the contract, so they are declared here as plain types.
 */

/** Day of week of a maintenance window (MW-1). */
export type Weekday = "MON" | "TUE" | "WED" | "THU" | "FRI" | "SAT" | "SUN";

/** A recurring maintenance window (MW-1): `start` is `HH:MM` in `timeZone` (UTC if absent). */
export interface MaintenanceWindow {
  start: string;
  durationSeconds: number;
  days: Weekday[];
  timeZone?: string;
}

/** A date range in which automatic upgrades do not start (MW-2); times are RFC 3339. */
export interface MaintenanceExclusion {
  start: string;
  end: string;
  scope: "ALL" | "MINOR" | "MINOR_AND_NODE";
}

/** A cluster's maintenance policy (MW-1, MW-2). */
export interface Maintenance {
  windows: MaintenanceWindow[];
  exclusions: MaintenanceExclusion[];
}

/**
 * Per-component lifecycle status of a cluster (LIFE-4), owned by the engine; the
 * inventory stores it verbatim.
 */
export type ClusterComponents = Record<string, unknown>;

/** TPU slice of a node pool (CA-13). */
export interface TpuConfig {
  topology: string;
  multiHost: boolean;
}

/** A node pool's taint (CA-3). */
export interface TaintConfig {
  key: string;
  value?: string;
  effect: "NoSchedule" | "PreferNoSchedule" | "NoExecute";
}

/** Autoscaling settings of a node pool (CA-1, CA-10, CA-11). */
export interface AutoscalingConfig {
  enabled: boolean;
  minNodes?: number;
  maxNodes?: number;
  totalMinNodes?: number;
  totalMaxNodes?: number;
  locationPolicy?: "BALANCED" | "ANY";
  profile?: "balanced" | "optimize-utilization";
}

/**
 * Node pool upgrade strategy and its settings (NUP-1, NUP-2, NUP-8, NUP-10): the
 * engine's settings, stored with their type always set.
 */
export type UpgradeStrategyConfig = UpgradeStrategySettings & { type: StrategyType };

/** Auto-upgrade targets of a release, keyed by current minor: `{"1.20": "1.21.14-gke.4300"}` (CH-1). */
export type ReleaseTargets = Record<string, string>;

/** A node image and the regions it is published in (CH-3). */
export interface NodeImageAvailability {
  version: string;
  regions: string[];
}

/** Regions each version is published in, keyed by version (CH-3). */
export type VersionRegions = Record<string, string[]>;

/** What a simulated fault applies to; absent fields match anything. */
export interface SimFaultMatch {
  cluster?: string;
  pool?: string;
  node?: string;
  operation?: CommandType;
}

/** One rule of a compute class (CA-15). */
export interface ComputeClassRuleConfig {
  machineType?: string;
  spot?: boolean;
  accelerator?: { type?: string; count: number };
}

/** CA-15: active migration of a compute class. */
export interface ComputeClassMigration {
  optimizeRulePriority: boolean;
}
