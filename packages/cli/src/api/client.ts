import { type Api, apiClient as typedClient } from "@regatta/client";
import { ApiError, toProblem, UnreachableError } from "./problem.ts";

export type { Api };

/**
 * A client for one control plane and token.
 * @example const api = apiClient("http://localhost:8787", token); await ok(api.GET("/v1/fleets"))
 */
export function apiClient(url: string, token: string | undefined): Api {
  // openapi-fetch resolves globalThis.fetch when the client is built; looking it up per
  // call keeps the network reachable to whatever the process set up since.
  return typedClient(url, { token, fetch: (request) => reach(request) });
}

// A Response does not keep its request's method; errors name it (`POST /v1/…`).
const methods = new WeakMap<Response, string>();

async function reach(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    methods.set(response, request.method);
    return response;
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const why = cause instanceof Error ? cause.message : String(cause);
    throw new UnreachableError(`cannot reach ${new URL(request.url).origin}: ${why}`);
  }
}

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * The body of a successful answer; anything else throws an {@link ApiError} carrying the
 * problem the server sent.
 * @example const run = await ok(api.GET("/v1/fleets/{fleet}/update-runs/{run}", { params: { path: { fleet, run } } }))
 */
export async function ok<T>(pending: Promise<Answer<T>>): Promise<T> {
  const { data, error, response } = await pending;
  if (!response.ok) {
    const url = new URL(response.url);
    throw new ApiError(
      methods.get(response) ?? "",
      url.pathname + url.search,
      toProblem(response.status, response.statusText, error),
    );
  }
  return data as T;
}

/** Like {@link ok}, but a 404 is `undefined` (apply reads what may not exist yet). */
export async function found<T>(pending: Promise<Answer<T>>): Promise<T | undefined> {
  const answer = await pending;
  if (answer.response.status === 404) return undefined;
  return ok(Promise.resolve(answer));
}
