import { expect } from "vitest";
import { api } from "../helpers.ts";

type Answer = Awaited<ReturnType<typeof api>>;

/** Asserts an RFC 9457 answer with `status` (never a 500, never a bare body). */
export function expectProblem(res: Answer, status: number, detail?: string | RegExp): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.headers.get("content-type")).toBe("application/problem+json");
  expect(res.body).toMatchObject({ status, title: expect.any(String), type: expect.any(String) });
  expect(typeof res.body.detail).toBe("string");
  if (detail !== undefined) expect(res.body.detail).toMatch(detail);
}

/** Creates a token with the admin token and returns its secret. */
export async function tokenFor(
  name: string,
  role: "admin" | "operator" | "viewer",
  grants: { fleets?: string[]; scopes?: string[] } = {},
): Promise<string> {
  const res = await api("POST", "/v1/tokens", { body: { name, role, ...grants } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.token;
}

/** Follows `nextCursor` from the first page of `path` with `limit`, returning every page's keys. */
export async function walkPages(
  path: string,
  limit: number,
  key: (item: any) => string,
  token?: string,
): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor === null ? "" : `&cursor=${encodeURIComponent(cursor)}`;
    const res = await api("GET", `${path}?limit=${limit}${query}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    pages.push(res.body.items.map(key));
    cursor = res.body.nextCursor;
  } while (cursor !== null && pages.length < 100);
  return pages;
}
