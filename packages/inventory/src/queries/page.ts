import { decodeBase64Url, encodeBase64Url } from "./base64url.ts";

/** Page size when the caller gives none (API.md lists). */
export const DEFAULT_PAGE_LIMIT = 50;
/** Largest page a list returns. */
export const MAX_PAGE_LIMIT = 500;

/** `?limit=&cursor=` of a list request. */
export interface PageRequest {
  limit?: number | undefined;
  cursor?: string | undefined;
}

/** One page of a list: `nextCursor` is null on the last page. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** A cursor that this package did not issue (the route answers 400). */
export class InvalidCursorError extends Error {
  override readonly name = "InvalidCursorError";
  constructor(readonly cursor: string) {
    super(`invalid cursor ${JSON.stringify(cursor)}`);
  }
}

/**
 * Opaque cursor for keyset pagination: the last key of the page, as base64url JSON.
 *
 * @example decodeCursor(encodeCursor("prod-eu")) // "prod-eu"
 */
export function encodeCursor(afterKey: string): string {
  return encodeBase64Url(JSON.stringify({ after: afterKey }));
}

/** The key a cursor resumes after; throws `InvalidCursorError` for anything else. */
export function decodeCursor(cursor: string): string {
  const text = decodeBase64Url(cursor);
  if (text === undefined) throw new InvalidCursorError(cursor);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new InvalidCursorError(cursor);
  }
  if (typeof value !== "object" || value === null || !("after" in value)) {
    throw new InvalidCursorError(cursor);
  }
  const after = value.after;
  if (typeof after !== "string") throw new InvalidCursorError(cursor);
  return after;
}

/** Clamps a requested page size to 1..500, 50 when absent. */
export function pageLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_PAGE_LIMIT;
  return Math.min(MAX_PAGE_LIMIT, Math.max(1, Math.floor(limit)));
}

/**
 * Keyset pagination over one text key in ascending order. `fetch` must return up to
 * `take` rows whose key is greater than `after` (all rows when undefined), ordered by key;
 * one extra row is asked for to know whether another page exists.
 *
 * @example
 * keysetPage(req, (after, take) =>
 *   db.select().from(zones).where(after === undefined ? undefined : gt(zones.name, after))
 *     .orderBy(zones.name).limit(take), (z) => z.name);
 */
export async function keysetPage<T>(
  request: PageRequest | undefined,
  fetch: (after: string | undefined, take: number) => Promise<T[]>,
  keyOf: (item: T) => string,
): Promise<Page<T>> {
  const limit = pageLimit(request?.limit);
  const after = request?.cursor ? decodeCursor(request.cursor) : undefined;
  const rows = await fetch(after, limit + 1);
  if (rows.length <= limit) return { items: rows, nextCursor: null };
  const items = rows.slice(0, limit);
  return { items, nextCursor: encodeCursor(keyOf(items[limit - 1]!)) };
}

/**
 * Every item of a keyset-paged list, page after page (largest pages), for callers that
 * need the whole set: a pool's nodes, an admin's user clusters, a scope's members.
 *
 * @example const nodes = await allPages((page) => listNodesByPool(db, "c1", "p1", page));
 */
export async function allPages<T>(list: (page: PageRequest) => Promise<Page<T>>): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await list({ limit: MAX_PAGE_LIMIT, cursor });
    all.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return all;
}
