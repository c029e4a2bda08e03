import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeBase64Url, encodeBase64Url } from "./base64url.ts";
import {
  DEFAULT_PAGE_LIMIT,
  decodeCursor,
  encodeCursor,
  InvalidCursorError,
  keysetPage,
  MAX_PAGE_LIMIT,
  pageLimit,
} from "./page.ts";

describe("cursors", () => {
  it("a cursor decodes to the key it was made from, for any string", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (key) => {
        expect(decodeCursor(encodeCursor(key))).toBe(key);
      }),
    );
  });

  it("base64url round-trips any text and uses only URL-safe characters", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const encoded = encodeBase64Url(text);
        expect(encoded).toMatch(/^[A-Za-z0-9_-]*$/);
        expect(decodeBase64Url(encoded)).toBe(text);
      }),
    );
    expect(encodeBase64Url("prod-eu")).toBe("cHJvZC1ldQ");
  });

  it.each([
    "",
    "!!!",
    "abcde",
    encodeBase64Url("not json"),
    encodeBase64Url('{"after":3}'),
    encodeBase64Url("[]"),
  ])("rejects a cursor it did not issue: %j", (cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(InvalidCursorError);
  });

  it("rejects base64url that is not UTF-8", () => {
    expect(decodeBase64Url("_w")).toBeUndefined(); // 0xff
  });
});

describe("page limits", () => {
  it("defaults to 50 and clamps to 1..500", () => {
    expect(pageLimit(undefined)).toBe(DEFAULT_PAGE_LIMIT);
    expect(pageLimit(Number.NaN)).toBe(DEFAULT_PAGE_LIMIT);
    expect(pageLimit(0)).toBe(1);
    expect(pageLimit(7.9)).toBe(7);
    expect(pageLimit(10_000)).toBe(MAX_PAGE_LIMIT);
  });
});

describe("keysetPage", () => {
  const keys = Array.from({ length: 7 }, (_, i) => `k${i}`);
  const fetch = async (after: string | undefined, take: number) =>
    keys.filter((k) => after === undefined || k > after).slice(0, take);

  it("walks every key exactly once, in order, for any page size", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 9 }), async (limit) => {
        const seen: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await keysetPage({ limit, cursor }, fetch, (k) => k);
          expect(page.items.length).toBeLessThanOrEqual(limit);
          seen.push(...page.items);
          cursor = page.nextCursor ?? undefined;
        } while (cursor !== undefined);
        expect(seen).toEqual(keys);
      }),
    );
  });

  it("has no next cursor when the last page is exactly full", async () => {
    expect(await keysetPage({ limit: 7 }, fetch, (k) => k)).toEqual({
      items: keys,
      nextCursor: null,
    });
  });
});
