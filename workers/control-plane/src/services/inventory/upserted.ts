import type { Stored } from "@regatta/inventory";

/**
 * The answer of a create-or-replace (`PUT`): the stored resource and whether this call
 * created it, so the route can answer 201 for a create and 200 for a replace.
 */
export interface Upserted<T> {
  created: boolean;
  value: T;
}

/** The API view of what the inventory stored. */
export function upserted<Row, View>(stored: Stored<Row>, view: (row: Row) => View): Upserted<View> {
  return { created: stored.created, value: view(stored.row) };
}
