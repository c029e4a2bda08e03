import type { WindowInfo } from "../maintenance/window-info.ts";
import type { ProviderEvent } from "../provider/commands.ts";
import type { Instant } from "../time/instant.ts";
import type { ZoneRoom } from "./capacity.ts";

/**
 * The four node-pool upgrade strategies of NUP-1 (API `upgradeStrategy.type`), and
 * IN_PLACE, which no pool configures: a cluster upgrade uses it for bare-metal worker
 * pools (LIFE-3). Each has its module in the table of strategies/index.ts.
 */
export type StrategyType =
  | "SURGE"
  | "BLUE_GREEN"
  | "AUTOSCALED_BLUE_GREEN"
  | "SHORT_LIVED"
  | "IN_PLACE";

/** Node states as the API shows them (`GET /v1/clusters/{cluster}/nodes`). */
export type NodeState = "READY" | "PROVISIONING" | "CORDONED" | "DRAINING" | "DELETING";

/** Blue = the nodes being replaced, green = their replacements (NUP-8, NUP-10). */
export type NodeColor = "BLUE" | "GREEN";

/** What a node runs: the upgrade target, or a node's original configuration. */
export interface NodeConfig {
  version: string;
  nodeImage: string;
}

/** A node as the caller knows it when an upgrade starts or the autoscaler adds one. */
export interface NodeFacts extends NodeConfig {
  name: string;
  zone: string;
  /** The node's capacity comes from a reservation (NUP-4: kept while it is recreated). */
  reserved?: boolean;
}

/** A node as the operation tracks and shows it. */
export interface PoolNode extends NodeFacts {
  state: NodeState;
  color?: NodeColor;
}

/**
 * `upgradeStrategy` of a node pool (API.md), as the inventory stores it: every field
 * optional, validated and defaulted by each strategy's settings.ts.
 */
export interface UpgradeStrategySettings {
  type?: StrategyType;
  maxSurge?: number;
  maxUnavailable?: number;
  batchNodeCount?: number;
  batchPercent?: number;
  batchSoakSeconds?: number;
  nodePoolSoakSeconds?: number;
  waitSeconds?: number;
}

/** Facts about the pool and its cluster that an upgrade is planned from. */
export interface NodePoolFacts {
  cluster: string;
  pool: string;
  /** NUP-10 needs ≥ 1.34.0-gke.2201000; VER-7 caps the node target by it. */
  controlPlaneVersion: string;
  autopilotCluster?: boolean;
  autopilotManaged?: boolean;
  /** LIFE-3: a bare-metal worker pool in a cluster upgrade: upgraded in place. */
  inPlace?: boolean;
  flexStart?: boolean;
  queuedProvisioning?: boolean;
  autoscalingEnabled?: boolean;
  machineType?: string;
  upgradeStrategy?: UpgradeStrategySettings;
  nodes: NodeFacts[];
  /** Nodes holding pods marked not safe to evict, when the caller knows them (NUP-10). */
  unevictableNodes?: string[];
  /**
   * Room for more of the pool's nodes per zone (see {@link zoneRoom}), when the caller
   * knows it. NUP-8 checks it before any green node is created; a zone that is absent
   * has no quota and is not checked.
   */
  freeCapacity?: Record<string, ZoneRoom>;
}

/** Operation states of `GET /v1/operations/{id}`. */
export type OperationState =
  | "RUNNING"
  | "PAUSED"
  | "SUCCEEDED"
  | "FAILED"
  | "ROLLED_BACK"
  | "CANCELLED";

/** One line of an operation's time-stamped history. */
export interface OperationEvent {
  at: Instant;
  message: string;
}

/** MW-4: what a running upgrade knows of its window (the maintenance capability's word). */
export type { WindowInfo };

/** Time passed: timers (drain bounds, soaks, backoff) are checked against `now`. */
export interface TickEvent {
  type: "TICK";
  at: Instant;
}

/** MW-4: the window opened or closed (or its end moved). */
export interface WindowEvent {
  type: "WINDOW";
  at: Instant;
  window: WindowInfo;
}

/**
 * The autoscaler added or removed nodes of this pool (NUP-10 green grows and blue
 * shrinks through it; NUP-12 says which nodes it may touch).
 */
export interface PoolScaledEvent {
  type: "POOL_SCALED";
  at: Instant;
  added: NodeFacts[];
  removed: string[];
}

/**
 * The pool's nodes that hold pods marked not safe to evict
 * (`cluster-autoscaler.kubernetes.io/safe-to-evict: "false"`), as the cluster's latest
 * workloads show them: NUP-10 keeps such blue nodes until 7 days after the cordon.
 */
export interface UnevictablePodsEvent {
  type: "UNEVICTABLE_PODS";
  at: Instant;
  nodes: string[];
}

/**
 * EXT-7: the health check of the update-run scope that started this upgrade failed while
 * the pool soaked; blue-green rolls back (other strategies have no soak and ignore it).
 */
export interface HealthCheckFailedEvent {
  type: "HEALTH_CHECK_FAILED";
  at: Instant;
  /** What the check said. */
  detail: string;
}

/** Everything a node-pool upgrade machine reacts to; controls are functions (controls.ts). */
export type NodePoolEvent =
  | ProviderEvent
  | TickEvent
  | WindowEvent
  | PoolScaledEvent
  | UnevictablePodsEvent
  | HealthCheckFailedEvent;
