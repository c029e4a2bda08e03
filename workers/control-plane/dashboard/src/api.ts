import { type ApiUrl, withQuery } from "@regatta/client";
import { type FieldError, fieldError } from "./format.ts";
import { token } from "./session.ts";

/** A refusal as the API gives it (problem+json), for the page to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(detail);
  }
}

/**
 * A path of the page's fragment (`#/clusters/…`) whose interpolated parts are encoded as one
 * segment each: a name taken from the address bar, like `..%2Ftokens`, can never reach
 * another route. The API's own paths come from `apiPath` (packages/client) instead.
 */
export function uri(strings: TemplateStringsArray, ...parts: string[]): string {
  return strings.reduce(
    (path, text, i) => path + text + (i < parts.length ? encodeURIComponent(parts[i]!) : ""),
    "",
  );
}

// The last answer per path with its ETag: a re-read after "changed" costs a 304.
const answers = new Map<string, { etag: string; body: unknown }>();

function headers(extra: Record<string, string> = {}): Record<string, string> {
  return { authorization: `Bearer ${token()}`, ...extra };
}

async function bodyOf(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

function refusal(res: Response, body: unknown): ApiError {
  const problem = (typeof body === "object" && body !== null ? body : {}) as {
    detail?: unknown;
    rule?: unknown;
    errors?: FieldError[];
  };
  // A schema refusal reads field by field ("version: required"), not as zod words it; a
  // rule's refusal keeps its detail, which leads with the rule for the page to link.
  const fields =
    problem.rule === undefined && Array.isArray(problem.errors) && problem.errors.length > 0
      ? problem.errors.map(fieldError).join("; ")
      : undefined;
  const detail =
    fields ??
    (problem.detail !== undefined ? String(problem.detail) : `${res.status} ${res.statusText}`);
  return new ApiError(res.status, detail);
}

/**
 * How long a read may go unanswered. A fetch that never settles would keep its page
 * "Loading" for good (the read never fails, so it is never tried again); given up, it is a
 * failure like a 503 and is read again with backoff.
 */
export const READ_TIMEOUT_MS = 15_000;

/** GET with `If-None-Match`: an unchanged answer is the one already held. */
export async function getJson<T>(path: ApiUrl): Promise<T> {
  const held = answers.get(path);
  let res: Response;
  try {
    res = await fetch(path, {
      headers: headers(held ? { "if-none-match": held.etag } : {}),
      cache: "no-store",
      signal: AbortSignal.timeout(READ_TIMEOUT_MS),
    });
  } catch (failure) {
    if (failure instanceof DOMException && failure.name === "TimeoutError") {
      throw new Error(
        `The control plane did not answer within ${READ_TIMEOUT_MS / 1000} s; reading again.`,
      );
    }
    throw failure;
  }
  if (res.status === 304 && held) return held.body as T;
  const body = await bodyOf(res);
  if (!res.ok) throw refusal(res, body);
  const etag = res.headers.get("etag");
  if (etag) answers.set(path, { etag, body });
  return body as T;
}

/** An action (`POST …/start`, `…/cancel`): its answer, or the API's refusal. */
export async function post<T>(path: ApiUrl, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method: "POST",
    headers: headers(body === undefined ? {} : { "content-type": "application/json" }),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = await bodyOf(res);
  if (!res.ok) throw refusal(res, answer);
  return answer as T;
}

/** Every page of a list (`{items, nextCursor}`), up to `max` items. */
export async function getAll<T>(path: ApiUrl, max = 2000): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null | undefined;
  do {
    const page = await getJson<{ items: T[]; nextCursor?: string | null }>(
      withQuery(path, { limit: 500, cursor: cursor ?? undefined }),
    );
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor && items.length < max);
  return items;
}
