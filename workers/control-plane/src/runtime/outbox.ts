import { type Instant, operationOfCommand, type ProviderCommand } from "@regatta/engine";
import {
  attemptDelivery,
  type Courier,
  type DeliveryHost,
  deliver,
  PROVIDER_BATCH_ATTEMPTS,
  pendingDelivery,
} from "./deliveries.ts";
import type { RuntimeStorage } from "./storage.ts";
import {
  type AlarmHost,
  type CrashPoint,
  DeliveryFailure,
  type Executor,
  ObjectCrash,
  type OutboxBatch,
  type SetAsideBatch,
  type Tx,
} from "./types.ts";

/**
 * The outbox: provider commands persisted with the state that sent them, carried out
 * after the commit. A decision can send thousands of commands (blue-green creates a whole
 * pool at once) while a storage row holds at most 2 MB, so they are stored in bounded
 * rows, in order. Each stream (an operation) is one durable delivery
 * (runtime/deliveries.ts, the one retry table): a batch that fails holds back the later
 * batches of its operation only, is retried on the deliveries' backoff, and after
 * {@link PROVIDER_BATCH_ATTEMPTS} attempts, or at once when the provider refuses it for
 * good, is set aside and its operation told why.
 */

/** Commands per outbox row; a bigger batch is stored as several rows, in order. */
export const ROW_MAX_COMMANDS = 500;
/** JSON bytes per outbox row, far below the 2 MB row limit. */
export const ROW_MAX_BYTES = 512 * 1024;
/** Set-aside batches kept for inspection; older ones are dropped. */
export const SET_ASIDE_KEPT = 50;
/**
 * Batches one attempt of a stream carries; the rest go on at once in a later firing, so
 * no single timer holds the alarm for long.
 */
export const BATCHES_PER_ATTEMPT = 64;
/** The delivery ids of outbox streams start with this. */
export const OUTBOX_DELIVERY = "outbox/";

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

/** The outbox's message: the stream whose batches go out, head first. */
interface StreamMessage {
  type: "outbox";
  stream: string;
}

/** What the outbox needs of its runtime. */
export interface OutboxHost extends DeliveryHost {
  now(): Instant;
  wall(): number;
  crashPoint(point: CrashPoint): void;
}

const streamDelivery = (stream: string) => `${OUTBOX_DELIVERY}${stream}`;

export class Outbox {
  private seq: number;

  constructor(
    private readonly storage: RuntimeStorage,
    private readonly executor: Executor,
    private readonly host: OutboxHost,
  ) {
    const row = storage.sql
      .exec<{ seq: number | null }>("SELECT MAX(seq) AS seq FROM outbox")
      .one();
    this.seq = row.seq ?? 0;
  }

  /**
   * Carries commands out inside the transaction (an in-transaction executor), or
   * persists them in rows with their stream's delivery.
   */
  send(commands: ProviderCommand[], tx: Tx): void {
    if ("executeInTransaction" in this.executor) {
      this.executor.executeInTransaction(commands, tx);
      return;
    }
    // SEC-7: an executor's callback may report only on a command sent and not answered.
    for (const command of commands) {
      this.storage.write(
        "INSERT OR IGNORE INTO awaited (command, at) VALUES (?, ?)",
        command.id,
        tx.wall,
      );
    }
    const streams = new Set<string>();
    // One row per chunk: a whole blue-green pool's creates would pass the 2 MB row limit.
    for (const chunk of chunkCommands(commands)) {
      this.seq++;
      const id = batchId(chunk);
      this.storage.write(
        "INSERT INTO outbox (id, seq, commands) VALUES (?, ?, ?)",
        id,
        this.seq,
        JSON.stringify(chunk),
      );
      streams.add(streamOf(id));
    }
    for (const stream of streams) {
      // A stream already on its way keeps its backoff: the new batch waits behind its head.
      const id = streamDelivery(stream);
      if (!pendingDelivery(tx, id)) deliver<StreamMessage>(tx, id, { type: "outbox", stream });
    }
  }

  /** One attempt of the stream delivery `id` (its timer fell due); `alarm` hears set-asides. */
  attempt(id: string, alarm: AlarmHost): Promise<void> {
    return attemptDelivery(this.host, id, this.courier(alarm));
  }

  /** Every persisted batch, in order. */
  pending(): OutboxBatch[] {
    return this.storage.sql
      .exec<{ id: string; commands: string }>("SELECT id, commands FROM outbox ORDER BY seq")
      .toArray()
      .map((row) => ({ id: row.id, commands: JSON.parse(row.commands) }));
  }

  /** Batches set aside after their delivery failed for good, newest first. */
  setAside(): SetAsideBatch[] {
    return this.storage.sql
      .exec<{ id: string; attempts: number; reason: string; at: number; commands: number }>(
        "SELECT id, attempts, reason, at, json_array_length(commands) AS commands FROM outbox_set_aside ORDER BY seq DESC",
      )
      .toArray()
      .map((row) => ({ ...row }));
  }

  private courier(alarm: AlarmHost): Courier<StreamMessage, void> {
    return {
      send: (message, attempt) => this.carry(message, attempt, alarm),
      // Batches added while the last attempt was finishing go on under a new delivery.
      taken: (tx, message) => this.continue(tx, message),
      maxAttempts: () => PROVIDER_BATCH_ATTEMPTS,
      gaveUp: (tx, message, lastError) => {
        this.setAsideHead(tx, message.stream, PROVIDER_BATCH_ATTEMPTS, lastError, alarm);
        this.continue(tx, message);
      },
      gaveUpUnrecorded: (tx, message, lastError) => {
        this.setAsideHead(tx, message.stream, PROVIDER_BATCH_ATTEMPTS, lastError, undefined);
        this.continue(tx, message);
      },
    };
  }

  /** Delivers the stream's batches in order until one fails (thrown: the deliveries retry). */
  private async carry(message: StreamMessage, attempt: number, alarm: AlarmHost): Promise<void> {
    const id = streamDelivery(message.stream);
    let progressed = false;
    for (let carried = 0; carried < BATCHES_PER_ATTEMPT; carried++) {
      const batch = this.head(message.stream);
      if (batch === undefined) return;
      try {
        await this.deliverBatch(batch, this.host.now());
      } catch (error) {
        if (error instanceof ObjectCrash) throw error;
        if (error instanceof DeliveryFailure && error.permanent) {
          // The same bytes get the same answer: set aside at once, the stream goes on.
          this.setAsideNow(message.stream, progressed ? 1 : attempt, describe(error), alarm);
          progressed = true;
          continue;
        }
        // A new head has had one attempt, not those of the batches taken before it.
        if (progressed) await this.host.commit((tx) => deliver(tx, id, message, 1));
        throw error;
      }
      this.host.crashPoint("after-delivery");
      this.storage.write("DELETE FROM outbox WHERE id = ?", batch.id);
      progressed = true;
    }
    if (this.head(message.stream) !== undefined) {
      await this.host.commit((tx) => deliver(tx, id, message));
    }
  }

  private continue(tx: Tx, message: StreamMessage): void {
    if (this.head(message.stream) === undefined) return;
    deliver<StreamMessage>(tx, streamDelivery(message.stream), message);
  }

  /** The stream's first batch not yet delivered. */
  private head(stream: string): OutboxBatch | undefined {
    const rows = this.storage.sql
      .exec<{ id: string; commands: string }>(
        "SELECT id, commands FROM outbox WHERE substr(id, 1, ?) IN (?, ?) ORDER BY seq",
        stream.length + 1,
        `${stream}:`,
        `${stream}#`,
      )
      .toArray();
    const row = rows.find((r) => streamOf(r.id) === stream);
    return row && { id: row.id, commands: JSON.parse(row.commands) };
  }

  /**
   * One persisted batch to the provider. An in-transaction executor persists none of its
   * own, but runs what a webhook deployment left in the outbox before it moved to the sim.
   */
  private async deliverBatch(batch: OutboxBatch, now: Instant): Promise<void> {
    const executor = this.executor;
    if ("execute" in executor) {
      await executor.execute(batch, {
        now,
        transact: (change) => this.storage.inTransaction(now, change),
      });
    } else {
      this.storage.inTransaction(now, (tx) => executor.executeInTransaction(batch.commands, tx));
    }
  }

  /** Sets the head aside in a transaction of its own, telling `alarm` when it can. */
  private setAsideNow(stream: string, attempts: number, detail: string, alarm: AlarmHost): void {
    const now = this.host.now();
    try {
      this.storage.inTransaction(now, (tx) =>
        this.setAsideHead(tx, stream, attempts, detail, alarm),
      );
    } catch (failure) {
      // The host could not record it: the batch is set aside all the same, never retried
      // forever; the log keeps the reason.
      console.error(`outbox: the host did not record a batch of ${stream} set aside`, failure);
      this.storage.inTransaction(now, (tx) =>
        this.setAsideHead(tx, stream, attempts, detail, undefined),
      );
    }
  }

  private setAsideHead(
    tx: Tx,
    stream: string,
    attempts: number,
    detail: string,
    alarm: AlarmHost | undefined,
  ): void {
    const batch = this.head(stream);
    if (batch === undefined) return;
    const provider = "provider" in this.executor ? this.executor.provider : undefined;
    const why = setAsideReason(provider ?? "provider", attempts, detail, batch.id);
    console.error(why);
    this.storage.write(
      "INSERT OR REPLACE INTO outbox_set_aside (id, seq, commands, attempts, reason, at) SELECT id, seq, commands, ?, ?, ? FROM outbox WHERE id = ?",
      attempts,
      why,
      this.host.wall(),
      batch.id,
    );
    this.storage.write("DELETE FROM outbox WHERE id = ?", batch.id);
    this.storage.write(
      "DELETE FROM outbox_set_aside WHERE seq NOT IN (SELECT seq FROM outbox_set_aside ORDER BY seq DESC LIMIT ?)",
      SET_ASIDE_KEPT,
    );
    alarm?.onBatchSetAside?.(tx, batch, why);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
