import type { Inventory } from "@regatta/inventory";
import type { Env } from "../../env.ts";
import type { Capability, CapabilityCourier, Message } from "../../runtime/capabilities.ts";
import type { ObjectRuntime } from "../../runtime/runtime.ts";

/**
 * What the update-run object lends its capabilities (capabilities.ts) while one of their
 * timers or deliveries runs: the same context for each.
 */
export interface RunContext {
  runtime: ObjectRuntime;
  env: Env;
  inventory: Inventory;
  /**
   * Carries out what the run asked for (member starts, health checks) and hands its
   * notifications to the queue: what follows any change of the run.
   */
  dispatch(): Promise<void>;
}

/** One capability of the update-run object (runtime/capabilities.ts). */
export type RunCapability = Capability<RunContext>;

/** Carries one type of message out for the run (runtime/capabilities.ts). */
export type RunCourier<M extends Message, A = unknown> = CapabilityCourier<RunContext, M, A>;
