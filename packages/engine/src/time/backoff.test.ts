import { describe, expect, it } from "vitest";
import { exponentialBackoff } from "./backoff.ts";

describe("exponentialBackoff", () => {
  it("doubles from the first wait and stops at the cap", () => {
    const wait = exponentialBackoff({ first: 30_000, max: 300_000 });
    expect([0, 1, 2, 3, 4, 5, 9].map(wait)).toEqual([
      30_000, 30_000, 60_000, 120_000, 240_000, 300_000, 300_000,
    ]);
  });

  it("grows by the given factor without a cap when none is set", () => {
    expect(exponentialBackoff({ first: 10, factor: 3 })(4)).toBe(270);
  });
});
