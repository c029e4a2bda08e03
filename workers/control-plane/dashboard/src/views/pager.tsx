import { type ApiUrl, withQuery } from "@regatta/client";
import { useState } from "preact/hooks";
import { getJson } from "../api.ts";
import { type Loaded, useLive } from "../live.ts";
import type { Page } from "../types.ts";

/** Where a paged list stands: the cursors of the pages before this one, newest first. */
export interface Paging<T> {
  page: Loaded<Page<T>>;
  /** 1 for the newest page. */
  number: number;
  older: (() => void) | undefined;
  newer: (() => void) | undefined;
}

/**
 * A list the API pages with `nextCursor`, one page at a time, live. The cursors of the
 * pages already passed are kept so "Newer" goes back without the API having to page
 * backwards; a new `path` (another filter) starts again at the newest page.
 */
export function usePaged<T>(path: ApiUrl, limit: number, watchPaths: ApiUrl[]): Paging<T> {
  const [trail, setTrail] = useState<{ path: string; cursors: string[] }>({ path, cursors: [] });
  const cursors = trail.path === path ? trail.cursors : [];
  const url = withQuery(path, { limit, cursor: cursors.at(-1) });
  const page = useLive(url, () => getJson<Page<T>>(url), watchPaths);
  const next = page.data?.nextCursor;
  return {
    page,
    number: cursors.length + 1,
    older: next ? () => setTrail({ path, cursors: [...cursors, next] }) : undefined,
    newer: cursors.length > 0 ? () => setTrail({ path, cursors: cursors.slice(0, -1) }) : undefined,
  };
}

/** "Newer" and "Older" for a paged list, named for what they page through. */
export function Pager<T>(props: { paging: Paging<T>; what: string }) {
  const { paging, what } = props;
  if (!paging.newer && !paging.older) return null;
  return (
    <nav class="pager" aria-label={`pages of ${what}`}>
      <button type="button" disabled={!paging.newer} onClick={paging.newer}>
        ← Newer
      </button>
      <span>page {paging.number}</span>
      <button type="button" disabled={!paging.older} onClick={paging.older}>
        Older →
      </button>
    </nav>
  );
}
