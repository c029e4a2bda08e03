import createClient, { type Client, type ClientOptions } from "openapi-fetch";
import type { paths } from "./generated.ts";

/** The typed client: every path, parameter and body is checked against openapi.json. */
export type Api = Client<paths>;

export interface ApiClientOptions {
  /** Sent as `Authorization: Bearer <token>`; none for the public routes. */
  token?: string | undefined;
  /** What reaches the network (the CLI wraps it to name an unreachable host). */
  fetch?: ClientOptions["fetch"];
}

/**
 * A client for one control plane: `url` is its origin ("" in a page it serves).
 * @example const api = apiClient("http://localhost:8787", { token }); await api.GET("/v1/fleets")
 */
export function apiClient(url: string, options: ApiClientOptions = {}): Api {
  return createClient<paths>({
    baseUrl: url.replace(/\/+$/, ""),
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
