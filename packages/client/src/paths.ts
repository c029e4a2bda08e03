import type { paths } from "./generated.ts";

/** A path of the API as openapi.json names it, parameters in braces: `/v1/clusters/{cluster}`. */
export type ApiPath = keyof paths & string;

/** The names in braces of a path template: `"cluster" | "pool"`. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

/** A value for each of a template's parameters. */
export type PathParams<P extends string> = { [Name in PathParamNames<P>]: string };

/** Query values; `undefined` ones are left out. */
export type Query = Record<string, string | number | boolean | undefined>;

/** What `GET path` answers with 200, as openapi.json describes it. */
export type Answer<P extends ApiPath> = paths[P] extends {
  get: { responses: { 200: { content: { "application/json": infer Body } } } };
}
  ? Body
  : never;

declare const made: unique symbol;

/**
 * A request path made by {@link apiPath} (or extended by {@link withQuery}): a client that
 * takes only these sends no path written by hand.
 */
export type ApiUrl = string & { readonly [made]: "apiPath" };

/**
 * A request path made from one of the API's own templates, so a path the API does not
 * have fails the typecheck. Each parameter is encoded as one segment: a name taken from the
 * address bar, like `..%2Ftokens`, can never reach another route.
 * @example apiPath("/v1/clusters/{cluster}/nodes", { cluster: "prod-1" }, { limit: 500 })
 *   // "/v1/clusters/prod-1/nodes?limit=500"
 */
export function apiPath<P extends ApiPath>(
  template: P,
  params: PathParams<P>,
  query: Query = {},
): ApiUrl {
  const values: Record<string, string> = params;
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    // Unreachable from typed code; a hole in a path must never become a shorter route.
    if (value === undefined) throw new TypeError(`apiPath: ${template} lacks {${name}}`);
    return encodeURIComponent(value);
  });
  return withQuery(path as ApiUrl, query);
}

/**
 * The same path with more query values (a page's `limit` and `cursor`); `undefined` ones
 * are left out, one already there is replaced.
 * @example withQuery(apiPath("/v1/fleets", {}), { limit: 10 }) // "/v1/fleets?limit=10"
 */
export function withQuery(url: ApiUrl, query: Query): ApiUrl {
  const at = url.indexOf("?");
  const path = at < 0 ? url : url.slice(0, at);
  const search = new URLSearchParams(at < 0 ? "" : url.slice(at + 1));
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.set(name, String(value));
  }
  const text = search.toString();
  return (text ? `${path}?${text}` : path) as ApiUrl;
}
