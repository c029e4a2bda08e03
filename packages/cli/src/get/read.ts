import type { Api } from "../api/client.ts";
import type { Entry, Kind, Scope } from "./kind.ts";
import { fieldOf, matches, type Selector } from "./selector.ts";

/** The largest page the API serves of most lists (packages/contract/src/page.ts). */
export const MAX_PAGE = 500;

/** Which entries to keep; every part must hold. */
export interface Filters {
  labels: Selector;
  fields: Selector;
}

/** What `get` read of a list: the kept entries and where a next read would start. */
export interface Listing {
  entries: Entry[];
  /** The API's cursor after the last entry read; null when the list was read to its end. */
  nextCursor: string | null;
}

/**
 * Reads a kind's list page after page, keeping the entries the filters keep, until the
 * API's last page or `limit` kept entries. Each page asks for no more than are still
 * wanted, so stopping at the limit never skips an entry: the cursor it returns continues
 * exactly after the last one read.
 * @example await readList(api, clusters, {}, { labels: [], fields: [] }, { limit: 10 })
 */
export async function readList(
  api: Api,
  kind: Kind,
  scope: Scope,
  filters: Filters,
  options: { limit?: number; cursor?: string },
): Promise<Listing> {
  const entries: Entry[] = [];
  const largest = kind.maxPage ?? MAX_PAGE;
  let cursor = options.cursor;
  for (;;) {
    const wanted = options.limit === undefined ? largest : options.limit - entries.length;
    const page = await kind.list(api, scope, { limit: Math.min(wanted, largest), cursor });
    entries.push(...page.items.filter((entry) => keeps(filters, entry)));
    const next = page.nextCursor ?? null;
    const full = options.limit !== undefined && entries.length >= options.limit;
    if (next === null || full) return { entries, nextCursor: next };
    cursor = next;
  }
}

/** Whether an entry passes the label and field selectors. */
export function keeps(filters: Filters, entry: Entry): boolean {
  return (
    matches(filters.labels, (key) => entry.labels?.[key]) &&
    matches(filters.fields, (path) => fieldOf(entry.value, path))
  );
}
