import { describe, expect, it } from "vitest";
import { clusters, nodes, scopeMemberships } from "../schema.ts";
import { chunk, MAX_BOUND_PARAMETERS, rowsPerInsert, setFromExcluded } from "./chunk.ts";
import { constraintViolation } from "./errors.ts";

describe("chunking under D1's 100 bound parameters", () => {
  it("splits into consecutive chunks, the last one shorter", () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 3)).toEqual([]);
    expect(() => chunk([1], 0)).toThrow(RangeError);
  });

  it("fits as many node rows in one INSERT as the parameter limit allows", () => {
    // nodes has 10 columns, scope_memberships 3.
    expect(rowsPerInsert(nodes)).toBe(MAX_BOUND_PARAMETERS / 10);
    expect(rowsPerInsert(scopeMemberships)).toBe(33);
  });

  it("an upsert takes every column from excluded except the kept ones", () => {
    const set = setFromExcluded(clusters, ["name", "createdAt", "phase"]);
    expect(Object.keys(set)).not.toContain("name");
    expect(Object.keys(set)).not.toContain("phase");
    expect(Object.keys(set)).toContain("specVersion");
    expect(Object.keys(set)).toContain("updatedAt");
  });
});

describe("constraintViolation", () => {
  it("reads the SQLite constraint through drizzle's wrapper", () => {
    const d1 = new Error("D1_ERROR: FOREIGN KEY constraint failed: SQLITE_CONSTRAINT");
    expect(constraintViolation(new Error("Failed query: insert …", { cause: d1 }))).toBe(
      "FOREIGN_KEY",
    );
    expect(constraintViolation(new Error("UNIQUE constraint failed: api_tokens.name"))).toBe(
      "UNIQUE",
    );
    expect(constraintViolation(new Error("network"))).toBeUndefined();
    expect(constraintViolation("FOREIGN KEY constraint failed")).toBeUndefined();
  });
});
