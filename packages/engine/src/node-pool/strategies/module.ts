import type { Decision } from "../../machine/decision.ts";
import type { Result, RuleId } from "../../rules/violation.ts";
import type { Instant } from "../../time/instant.ts";
import type { OperationRef } from "../node-commands.ts";
import type { NodeTable } from "../node-steps/node-table.ts";
import type { OperationHeader } from "../operation.ts";
import type { PoolScalingPolicy } from "../scaling.ts";
import type {
  NodeConfig,
  NodePoolEvent,
  NodePoolFacts,
  NodeState,
  PoolNode,
  StrategyType,
  UpgradeStrategySettings,
  WindowInfo,
} from "../types.ts";

/** What the operation of every strategy has, plain JSON. */
export interface StrategyOperation {
  kind: StrategyType;
  header: OperationHeader;
  /** Fixed when the operation starts. */
  plan: unknown;
  nodes: NodeTable;
}

/** A validated upgrade request with the strategy's resolved settings. */
export interface StartRequest<S> {
  ref: OperationRef;
  target: NodeConfig;
  pool: NodePoolFacts;
  settings: S;
  /** MW-4: the window as the caller sees it now; absent = no window. */
  window?: WindowInfo;
}

/** `/cancel`, `/resume`, `/rollback`, `/complete`: each acts or refuses with its rule. */
export interface StrategyControls<Op> {
  cancel(op: Op, now: Instant): Result<Decision<Op>>;
  resume(op: Op, now: Instant): Result<Decision<Op>>;
  rollback(op: Op, now: Instant): Result<Decision<Op>>;
  complete(op: Op, now: Instant): Result<Decision<Op>>;
}

/**
 * One node-pool upgrade strategy (NUP-1) as a unit: its settings, its machine, its
 * controls, what it shows and what it lets the autoscaler do. Registered once in the
 * table of strategies/index.ts; the node-pool functions look the module up by the
 * operation's `kind` instead of switching on it.
 */
export interface StrategyModule<Op extends StrategyOperation, S> {
  /** NUP-1: the pool's configured settings for this strategy, validated and defaulted. */
  resolve(settings: UpgradeStrategySettings, pool: NodePoolFacts): Result<S>;
  /** Plans the upgrade and makes the first decision (refusing when a precondition fails). */
  start(request: StartRequest<S>, now: Instant): Result<Decision<Op>>;
  /** One provider answer, tick, window change or scaling report. */
  decide(op: Op, event: NodePoolEvent, now: Instant): Decision<Op>;
  /** The rule the strategy's control refusals cite. */
  rule: RuleId;
  controls: StrategyControls<Op>;
  /** Fields of the operation that hold keyed collections (see parts.ts). */
  collections: readonly string[];
  /** Every node of the pool as the API lists it, in any order. */
  poolNodes(op: Op): PoolNode[];
  /** Node steps still waiting on the provider. */
  workInFlight(op: Op): number;
  /** Why the pool cannot take a new upgrade once this one ended, beyond work in flight. */
  blocked(op: Op): string | undefined;
  /** NUP-12 while the upgrade runs. */
  scaling(op: Op): PoolScalingPolicy;
  /** Configuration of nodes the autoscaler adds now (the original one while rolling back). */
  addedNodeConfig(op: Op): NodeConfig;
  /** NUP-12: nodes an upgrade step is working on. */
  underUpgrade(op: Op): Set<string>;
  /** NUP-12: states in which a node that is not under upgrade may be scaled away. */
  removableStates: readonly NodeState[];
}
