/**
 * The answer of a create-or-replace (`PUT`): the stored resource and whether this call
 * created it, so the route can answer 201 for a create and 200 for a replace.
 */
export interface Upserted<T> {
  created: boolean;
  value: T;
}

/** RFC 3339 text of a stored instant (API.md "Times"). */
export function rfc3339(instant: number): string {
  return new Date(instant).toISOString();
}
