import { DAY } from "@regatta/engine";
import { deleteOperation, type Inventory } from "@regatta/inventory";
import type { ObjectRuntime } from "../../../runtime/runtime.ts";
import { DEFAULT_RETENTION_DAYS, forgetOperation, retirable } from "./lifecycle.ts";
import { writeBackOperation } from "./write-back.ts";

export { DEFAULT_RETENTION_DAYS };

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
 * back to life meanwhile (resume, rollback) is kept. A cancelled one never resumed goes
 * the same way, once the inventory has the nodes it left.
 */
export async function retireOperation(
  runtime: ObjectRuntime,
  db: Inventory,
  id: string,
): Promise<void> {
  const verdict = await runtime.commit((tx) => retirable(tx, id));
  if (!verdict.retire) return;
  // A failure throws: the alarm loop runs the timer again later, as any failed timer.
  const source = verdict.writeBack;
  if (source) await writeBackOperation(db, source.op, source.poolUid, runtime.now());
  await deleteOperation(db, id);
  await runtime.commit((tx) => forgetOperation(tx, id));
}
