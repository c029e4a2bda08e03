import type { StrategyType } from "../types.ts";
import { autoscaledBlueGreen } from "./autoscaled-blue-green/index.ts";
import type {
  AutoscaledBlueGreenOperation,
  AutoscaledBlueGreenSettings,
} from "./autoscaled-blue-green/operation.ts";
import { blueGreen } from "./blue-green/index.ts";
import type { BlueGreenOperation, BlueGreenSettings } from "./blue-green/operation.ts";
import { inPlace } from "./in-place/index.ts";
import type { InPlaceOperation, InPlaceSettings } from "./in-place/operation.ts";
import type { StrategyModule } from "./module.ts";
import { shortLived } from "./short-lived/index.ts";
import type { ShortLivedOperation, ShortLivedSettings } from "./short-lived/operation.ts";
import { surge } from "./surge/index.ts";
import type { SurgeOperation, SurgeSettings } from "./surge/operation.ts";

/** A node-pool upgrade of any strategy; `kind` tells which module runs it. */
export type NodePoolOperation =
  | SurgeOperation
  | BlueGreenOperation
  | AutoscaledBlueGreenOperation
  | ShortLivedOperation
  | InPlaceOperation;

/** A strategy with every setting validated and defaulted. */
export type ResolvedStrategy =
  | SurgeSettings
  | BlueGreenSettings
  | AutoscaledBlueGreenSettings
  | ShortLivedSettings
  | InPlaceSettings;

/** Any strategy's module, seen through the operations and settings of all of them. */
export type AnyStrategyModule = StrategyModule<NodePoolOperation, ResolvedStrategy>;

/**
 * The one table of node-pool upgrade strategies (NUP-1), keyed by strategy type. The
 * compiler checks that every type has its module and that each module runs the
 * operation of its own `kind`.
 */
export const STRATEGIES: {
  [K in StrategyType]: StrategyModule<
    Extract<NodePoolOperation, { kind: K }>,
    Extract<ResolvedStrategy, { type: K }>
  >;
} = {
  SURGE: surge,
  BLUE_GREEN: blueGreen,
  AUTOSCALED_BLUE_GREEN: autoscaledBlueGreen,
  SHORT_LIVED: shortLived,
  IN_PLACE: inPlace,
};

/**
 * The module of a strategy type. The table is keyed so that the module found for an
 * operation's `kind` (or a resolved strategy's `type`) is the one that handles it.
 *
 * @example strategyModule(op.kind).decide(op, event, now)
 */
export function strategyModule(type: StrategyType): AnyStrategyModule {
  return STRATEGIES[type];
}
