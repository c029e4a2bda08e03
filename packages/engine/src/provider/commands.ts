import type { Instant } from "../time/instant.ts";

/**
 * Commands the engine asks a provider (sim or webhook) to carry out. Every command has
 * a stable `id` chosen by the engine, so a retried delivery is recognisable and the
 * provider's answer can be matched to what asked for it.
 */
export type ProviderCommand =
  | CreateNode
  | DeleteNode
  | CordonNode
  | UncordonNode
  | DrainNode
  | UpgradeNode
  | UpgradeControlPlane
  | UpgradeComponent
  | RunPreflight
  | HealthCheck;

export type CommandType = ProviderCommand["type"];

interface CommandBase {
  /** Unique per command; the idempotency key of its execution. */
  id: string;
  cluster: string;
}

export interface CreateNode extends CommandBase {
  type: "CREATE_NODE";
  pool: string;
  zone: string;
  node: string;
  version: string;
  nodeImage: string;
  machineType?: string;
  /** Capacity may come from a reservation (NUP-4: only non-reserved capacity is released). */
  reservation?: string;
}

export interface DeleteNode extends CommandBase {
  type: "DELETE_NODE";
  pool: string;
  zone: string;
  node: string;
  /**
   * NUP-4: the node's capacity comes from a reservation and is kept for `holdFor`, the
   * node recreated in its place, instead of being released to anyone in the zone.
   */
  holdFor?: string;
}

export interface CordonNode extends CommandBase {
  type: "CORDON_NODE";
  pool: string;
  node: string;
}

export interface UncordonNode extends CommandBase {
  type: "UNCORDON_NODE";
  pool: string;
  node: string;
}

export interface DrainNode extends CommandBase {
  type: "DRAIN_NODE";
  pool: string;
  node: string;
  /** false: delete pods without honouring PodDisruptionBudgets (NUP-9 phase 5, forced drains). */
  respectPdb: boolean;
  /** Upper bound of each pod's termination grace period. */
  graceSeconds: number;
  /**
   * LIFE-6, in-place worker pools only: a best-effort drain; a node still draining after
   * this is passed with its pods stuck (reported in a DRAIN_PASSED event).
   */
  passAfterSeconds?: number;
}

/**
 * LIFE-3 on bare metal: the node's kubelet and container runtime are upgraded on the
 * same machine (it was cordoned and drained first, and is uncordoned after); no machine
 * is created or deleted.
 */
export interface UpgradeNode extends CommandBase {
  type: "UPGRADE_NODE";
  pool: string;
  node: string;
  version: string;
  nodeImage: string;
}

/**
 * LIFE-6: how a lifecycle upgrade drains the nodes of a component it upgrades (the
 * control-plane and load-balancer node pools): best effort, PodDisruptionBudgets not
 * honoured, a node still draining after `passAfterSeconds` is passed with its pods stuck
 * (the executor reports them in a DRAIN_PASSED event).
 */
export interface BestEffortDrain {
  respectPdb: false;
  passAfterSeconds: number;
}

export interface UpgradeControlPlane extends CommandBase {
  type: "UPGRADE_CONTROL_PLANE";
  version: string;
  drain?: BestEffortDrain;
}

export interface UpgradeComponent extends CommandBase {
  type: "UPGRADE_COMPONENT";
  component: string;
  version: string;
  drain?: BestEffortDrain;
}

export interface RunPreflight extends CommandBase {
  type: "RUN_PREFLIGHT";
  version: string;
}

export interface HealthCheck extends CommandBase {
  type: "HEALTH_CHECK";
}

/** Why a provider could not carry out a command. */
export type FailureReason =
  | "FAILED"
  | "QUOTA_EXCEEDED"
  | "IP_EXHAUSTED"
  | "HEALTH_CHECK_FAIL"
  | "PREFLIGHT_BLOCKED";

/** What a provider reports back. Duplicate or late reports are ignored by the receiver. */
export type ProviderEvent =
  | { type: "COMMAND_SUCCEEDED"; commandId: string; at: Instant }
  | {
      type: "COMMAND_FAILED";
      commandId: string;
      at: Instant;
      reason: FailureReason;
      message: string;
    }
  /** A node went away on its own (spot/flex-start preemption; NUP-11). */
  | { type: "NODE_PREEMPTED"; cluster: string; pool: string; node: string; at: Instant }
  /**
   * LIFE-6: a best-effort drain of the command's node (an upgrade command's `drain`, or
   * an in-place pool's DRAIN_NODE) ran past its `passAfterSeconds`;
   * the executor passed the node and goes on, leaving these pods behind. The command
   * itself still ends with its own report.
   */
  | { type: "DRAIN_PASSED"; commandId: string; node: string; stuckPods: string[]; at: Instant };
