import { exponentialBackoff, operationOfCommand, type ProviderCommand } from "@regatta/engine";

/**
 * How the outbox stores and retries batches. A decision can send thousands of commands
 * (blue-green creates a whole pool at once) while a storage row holds at most 2 MB, and
 * one batch a provider refuses must not hold back the others.
 */

/** Commands per outbox row; a bigger batch is stored as several rows, in order. */
export const ROW_MAX_COMMANDS = 500;
/** JSON bytes per outbox row, far below the 2 MB row limit. */
export const ROW_MAX_BYTES = 512 * 1024;
/** Deliveries of one batch before it is set aside. */
export const MAX_DELIVERY_ATTEMPTS = 8;
/** Set-aside batches kept for inspection; older ones are dropped. */
export const SET_ASIDE_KEPT = 50;
/** Batches delivered per drain; the rest go out in the next alarm, due at once. */
export const DELIVERIES_PER_DRAIN = 64;
/** Outbox rows looked at per drain (ids and due times only). */
export const ROWS_PER_DRAIN = 1_000;

/** How long the outbox waits before retrying a batch that failed `attempts` times. */
export const outboxRetryDelay = exponentialBackoff({ first: 5_000, max: 300_000 });

/**
 * Splits a decision's commands into rows of at most {@link ROW_MAX_COMMANDS} commands
 * and {@link ROW_MAX_BYTES} bytes, keeping their order (a single command larger than
 * that still gets a row of its own).
 *
 * @example chunkCommands(Array(1200).fill(cmd)).map((c) => c.length) // [500, 500, 200]
 */
export function chunkCommands(commands: readonly ProviderCommand[]): ProviderCommand[][] {
  const chunks: ProviderCommand[][] = [];
  let current: ProviderCommand[] = [];
  let bytes = 2;
  for (const command of commands) {
    const size = JSON.stringify(command).length + 1;
    if (
      current.length > 0 &&
      (current.length >= ROW_MAX_COMMANDS || bytes + size > ROW_MAX_BYTES)
    ) {
      chunks.push(current);
      current = [];
      bytes = 2;
    }
    current.push(command);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** A row's id: its first command's id and its size, unique as command ids are. */
export function batchId(commands: readonly ProviderCommand[]): string {
  return `${commands[0]!.id}#${commands.length}`;
}

/**
 * Which stream a batch belongs to: its operation, the prefix of its command ids
 * (`<operationId>:…`). Order is kept within a stream; streams do not wait for each other.
 *
 * @example streamOf("op-1:n1:DRAIN:1#3") // "op-1"
 */
export function streamOf(id: string): string {
  const operation = operationOfCommand(id);
  if (operation !== undefined) return operation;
  const hash = id.lastIndexOf("#");
  return hash > 0 ? id.slice(0, hash) : id;
}

/** The reason shown for a batch set aside. */
export function setAsideReason(
  provider: string,
  attempts: number,
  detail: string,
  id: string,
): string {
  const times = attempts === 1 ? "1 attempt" : `${attempts} attempts`;
  return `${provider} delivery failed after ${times} (${detail}): batch ${id} set aside`;
}
