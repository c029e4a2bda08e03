import type { Instant, ProviderCommand, SimDurations } from "@regatta/engine";
import { providerCommandSchema } from "@regatta/protocol";
import type { z } from "zod";
import { enqueueCallback, MAX_PENDING_CALLBACKS, pendingCallbacks } from "../callbacks/outbox.ts";
import { count } from "../schema.ts";
import { takeCommand } from "./ledger.ts";
import { unreadable } from "./reports.ts";
import { submitCommands } from "./sim-store.ts";

/** A batch as the worker checked it: the envelope, each command still to be read. */
export interface ReceivedBatch {
  batch: string;
  commands: { id: string; type: string; [field: string]: unknown }[];
}

/** What the executor did with a batch; the worker answers 202 with it (503 when busy). */
export type Intake =
  | { busy: false; accepted: number; duplicates: number; unreadable: number }
  /** Too many reports wait for the control plane: it should send the batch again later. */
  | { busy: true; pending: number };

/**
 * Takes a batch in one transaction: each command id seen before is acknowledged and
 * skipped (a redelivery), each new one is recorded and started on the fleet at `now`,
 * and one the executor cannot read is reported failed on its own.
 */
export function takeBatch(
  sql: SqlStorage,
  durations: SimDurations,
  batch: ReceivedBatch,
  now: Instant,
  wallNow: number,
): Intake {
  const pending = pendingCallbacks(sql);
  if (pending >= MAX_PENDING_CALLBACKS) return { busy: true, pending };
  const fresh: ProviderCommand[] = [];
  let duplicates = 0;
  let refused = 0;
  for (const command of batch.commands) {
    if (!takeCommand(sql, command, batch.batch, wallNow)) {
      duplicates++;
      continue;
    }
    const parsed = providerCommandSchema.safeParse(command);
    if (parsed.success) {
      fresh.push(parsed.data);
    } else {
      refused++;
      enqueueCallback(sql, unreadable(command.id, describe(parsed.error)), now, wallNow);
    }
  }
  submitCommands(sql, durations, fresh, now);
  count(sql, "batches");
  count(sql, "carriedOut", fresh.length);
  count(sql, "duplicates", duplicates);
  count(sql, "unreadable", refused);
  return { busy: false, accepted: fresh.length, duplicates, unreadable: refused };
}

function describe(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.join(".") || "command"}: ${issue.message}`)
    .join("; ");
}
