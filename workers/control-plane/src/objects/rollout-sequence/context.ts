import type { Inventory } from "@regatta/inventory";
import type { Env } from "../../env.ts";
import type { Capability, CapabilityCourier, Message } from "../../runtime/capabilities.ts";
import type { ObjectRuntime } from "../../runtime/runtime.ts";

/** What the rollout-sequence object lends its capabilities while one of them runs. */
export interface SequenceContext {
  /** The sequence's name (the object's name). */
  name: string;
  runtime: ObjectRuntime;
  env: Env;
  inventory: Inventory;
}

/** One capability of the rollout-sequence object (runtime/capabilities.ts). */
export type SequenceCapability = Capability<SequenceContext>;

/** Carries one type of message out for the sequence (runtime/capabilities.ts). */
export type SequenceCourier<M extends Message, A = unknown> = CapabilityCourier<
  SequenceContext,
  M,
  A
>;
