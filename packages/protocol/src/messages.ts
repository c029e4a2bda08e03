import type { FailureReason, ProviderCommand } from "@regatta/engine";
import { z } from "zod";

/**
 * The two bodies of the webhook protocol (API.md "Executors"): what the control plane
 * POSTs to an executor, and what the executor POSTs back.
 */

/**
 * One outbox batch, POSTed to the executor's URL. `batch` names the outbox row (also sent
 * as `Idempotency-Key`); redelivery sends the same batch with the same command ids, so
 * an executor deduplicates on the command ids.
 */
export interface CommandBatch {
  batch: string;
  /** When the control plane sent it (RFC 3339, its own clock). */
  sentAt: string;
  commands: ProviderCommand[];
}

/**
 * An executor's report on one command, POSTed to {@link callbackPath} of the command's
 * operation. A report is identified by its command id and type (and node, for
 * DRAIN_PASSED): the control plane applies each once and acknowledges repeats.
 * `at` is when it happened (RFC 3339); without it the control plane uses its receipt time.
 */
export type ExecutorCallback =
  | { type: "COMMAND_SUCCEEDED"; commandId: string; at?: string }
  | {
      type: "COMMAND_FAILED";
      commandId: string;
      at?: string;
      reason: FailureReason;
      message: string;
    }
  /** LIFE-6: a best-effort drain passed `node` with these pods still on it. */
  | { type: "DRAIN_PASSED"; commandId: string; at?: string; node: string; stuckPods: string[] };

/**
 * Where an executor reports on a command of `operationId` (relative to the control
 * plane's base URL). Every command id starts with its operation's id and a colon
 * (`operationOfCommand` in the engine).
 *
 * @example callbackPath("op-2f1c…") // "/v1/operations/op-2f1c…/events"
 */
export function callbackPath(operationId: string): string {
  return `/v1/operations/${encodeURIComponent(operationId)}/events`;
}

const name = z.string().min(1).max(512);
const base = { id: name, cluster: name };
const bestEffortDrain = z.object({
  respectPdb: z.literal(false),
  passAfterSeconds: z.number().nonnegative(),
});

/**
 * Each command as an executor must understand it. Unknown fields are dropped, so a newer
 * control plane may add optional ones; test/messages.test.ts holds this equal to the
 * engine's `ProviderCommand`.
 */
export const providerCommandSchema = z.discriminatedUnion("type", [
  z.object({
    ...base,
    type: z.literal("CREATE_NODE"),
    pool: name,
    zone: name,
    node: name,
    version: name,
    nodeImage: name,
    machineType: name.optional(),
    reservation: name.optional(),
  }),
  z.object({
    ...base,
    type: z.literal("DELETE_NODE"),
    pool: name,
    zone: name,
    node: name,
    holdFor: name.optional(),
  }),
  z.object({ ...base, type: z.literal("CORDON_NODE"), pool: name, node: name }),
  z.object({ ...base, type: z.literal("UNCORDON_NODE"), pool: name, node: name }),
  z.object({
    ...base,
    type: z.literal("UPGRADE_NODE"),
    pool: name,
    node: name,
    version: name,
    nodeImage: name,
  }),
  z.object({
    ...base,
    type: z.literal("DRAIN_NODE"),
    pool: name,
    node: name,
    respectPdb: z.boolean(),
    graceSeconds: z.number().nonnegative(),
    passAfterSeconds: z.number().nonnegative().optional(),
  }),
  z.object({
    ...base,
    type: z.literal("UPGRADE_CONTROL_PLANE"),
    version: name,
    drain: bestEffortDrain.optional(),
  }),
  z.object({
    ...base,
    type: z.literal("UPGRADE_COMPONENT"),
    component: name,
    version: name,
    drain: bestEffortDrain.optional(),
  }),
  z.object({ ...base, type: z.literal("RUN_PREFLIGHT"), version: name }),
  z.object({ ...base, type: z.literal("HEALTH_CHECK") }),
]);

/** Commands one batch may carry (the control plane stores at most 500 per outbox row). */
export const MAX_BATCH_COMMANDS = 5_000;

/**
 * The batch envelope. Commands are checked one by one ({@link providerCommandSchema}),
 * so one command an executor cannot read is reported failed on its own instead of
 * refusing its whole batch; each still needs an id to be reported on.
 */
export const commandBatchSchema = z.object({
  batch: z.string().min(1).max(1024),
  sentAt: z.string().min(1).max(64),
  commands: z
    .array(z.looseObject({ id: name, type: z.string().min(1).max(64) }))
    .max(MAX_BATCH_COMMANDS),
});
