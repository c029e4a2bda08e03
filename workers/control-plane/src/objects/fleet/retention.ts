import { DAY } from "@regatta/engine";
import { deleteOperation, type Inventory } from "@regatta/inventory";
import type { ObjectRuntime } from "../runtime/runtime.ts";
import { RETIRE_TIMER } from "./keys.ts";
import { forgetOperation, retirable } from "./operation-lifecycle.ts";

/** Finished operations are kept this many days unless `OPERATION_RETENTION_DAYS` says otherwise. */
export const DEFAULT_RETENTION_DAYS = 30;
/** A retirement whose D1 delete failed is tried again this much later (virtual time). */
const RETIRE_RETRY_MS = 3_600_000;

/**
 * How long a finished operation (ended and written back) stays readable: the worker var
 * `OPERATION_RETENTION_DAYS` (a positive number of days, fractions allowed), else 30 days.
 *
 * @example operationRetentionMs({ OPERATION_RETENTION_DAYS: "7" }) // 604_800_000
 */
export function operationRetentionMs(env: object): number {
  const raw: unknown = Reflect.get(env, "OPERATION_RETENTION_DAYS");
  const days = typeof raw === "string" || typeof raw === "number" ? Number(raw) : Number.NaN;
  return (Number.isFinite(days) && days > 0 ? days : DEFAULT_RETENTION_DAYS) * DAY;
}

/**
 * The retirement timer: removes a finished operation's D1 index row, then its rows in
 * the object. `GET /v1/operations/{id}` answers 404 from then on. An operation that came
 * back to life meanwhile (resume, rollback) is kept.
 */
export async function retireOperation(
  runtime: ObjectRuntime,
  db: Inventory,
  id: string,
): Promise<void> {
  if (!(await runtime.commit((tx) => retirable(tx, id)))) return;
  try {
    await deleteOperation(db, id);
  } catch (error) {
    console.error(`fleet: retiring ${id} failed; retrying later`, error);
    await runtime.commit((tx) =>
      tx.setTimer({
        id: `${RETIRE_TIMER}:${id}`,
        due: tx.now + RETIRE_RETRY_MS,
        kind: RETIRE_TIMER,
        payload: id,
      }),
    );
    return;
  }
  await runtime.commit((tx) => forgetOperation(tx, id));
}
