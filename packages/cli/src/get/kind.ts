import type { Api } from "../api/client.ts";

/** What `get` was told about where a kind lives: the flags that scope it. */
export interface Scope {
  cluster?: string;
  fleet?: string;
  pool?: string;
}

/** One page of a list as the API answers it (API.md "Lists"). */
export interface Page<T> {
  items: T[];
  nextCursor?: string | null;
}

/** `?limit=&cursor=` of one request. */
export interface PageRequest {
  limit: number;
  cursor?: string;
}

/** A flag of `get` that only some kinds take. */
export type ScopeFlag = keyof Scope;

/**
 * One kind `get` can read, written once with its own types and turned into a {@link Kind}
 * by {@link defineKind}.
 */
export interface KindSpec<T extends object> {
  /** The plural, as typed and as shown: `clusters`. */
  name: string;
  /** Other spellings kubectl users type: the singular, short names. */
  aliases: readonly string[];
  /** Flags the kind needs (`pools` need `--cluster`) and those it may take. */
  requires: readonly ScopeFlag[];
  accepts: readonly ScopeFlag[];
  columns: readonly string[];
  row(item: T): string[];
  /** Labels a `--selector` matches, for kinds that carry them. */
  labels?: (item: T) => Record<string, string> | undefined;
  /** The dotted field `--state` compares, for kinds that have a state. */
  stateField?: string;
  /** A page of the kind's list. */
  list(api: Api, scope: Scope, page: PageRequest): Promise<Page<T>>;
  /** One by name: its own `GET`, or the list searched when the API has none. */
  get(api: Api, scope: Scope, name: string): Promise<T>;
  /** The largest page the API serves of this kind, when below the usual 500. */
  maxPage?: number;
}

/** A read resource with what the table and the selectors need of it. */
export interface Entry {
  value: object;
  row: string[];
  labels: Record<string, string> | undefined;
}

/** A kind with its item type erased: what the `get` command works with. */
export interface Kind {
  name: string;
  aliases: readonly string[];
  requires: readonly ScopeFlag[];
  accepts: readonly ScopeFlag[];
  columns: readonly string[];
  hasLabels: boolean;
  stateField: string | undefined;
  maxPage: number | undefined;
  list(api: Api, scope: Scope, page: PageRequest): Promise<Page<Entry>>;
  get(api: Api, scope: Scope, name: string): Promise<Entry>;
}

/**
 * Erases a kind's item type behind closures, so a table of kinds needs no casts.
 * @example const fleets = defineKind<Fleet>({ name: "fleets", … })
 */
export function defineKind<T extends object>(spec: KindSpec<T>): Kind {
  const entry = (value: T): Entry => ({
    value,
    row: spec.row(value),
    labels: spec.labels?.(value),
  });
  return {
    name: spec.name,
    aliases: spec.aliases,
    requires: spec.requires,
    accepts: spec.accepts,
    columns: spec.columns,
    hasLabels: spec.labels !== undefined,
    stateField: spec.stateField,
    maxPage: spec.maxPage,
    list: async (api, scope, page) => {
      const answer = await spec.list(api, scope, page);
      return { items: answer.items.map(entry), nextCursor: answer.nextCursor ?? null };
    },
    get: async (api, scope, name) => entry(await spec.get(api, scope, name)),
  };
}
