import { describe, expect, it } from "vitest";
import { ProblemError, statusOf } from "../../src/http/problem.ts";
import { isConflict, refused } from "../../src/outcome.ts";

describe("the edge maps refusal kinds, the engine's and the worker's, to API.md's statuses", () => {
  it("malformed 400, missing 404, conflict 409, refused 422, busy 429 (with its Retry-After); a service's refusal is a kind too", () => {
    const detail = "why";
    expect(statusOf({ rule: "VER-1", kind: "malformed", detail })).toBe(400);
    expect(statusOf({ rule: "EXT-1", kind: "missing", detail })).toBe(404);
    expect(statusOf({ rule: "NUP-7", kind: "conflict", detail })).toBe(409);
    expect(statusOf({ rule: "VER-4", kind: "refused", detail })).toBe(422);
    expect(statusOf(refused("missing", detail).error)).toBe(404);
    const busy = ProblemError.fromRefusal({ kind: "busy", detail, retryAfterSeconds: 7 });
    expect(busy.status).toBe(429);
    expect(busy.headers).toEqual({ "retry-after": "7" });

    const problem = ProblemError.fromRefusal({ rule: "NUP-7", kind: "conflict", detail });
    expect(problem.toProblem()).toEqual({
      type: "https://regatta.dev/rules/NUP-7",
      title: "Conflict",
      status: 409,
      detail,
      rule: "NUP-7",
    });
  });

  it("a conflict is a conflict whether the engine or the worker refused", () => {
    expect(isConflict({ rule: "NUP-7", kind: "conflict", detail: "x" })).toBe(true);
    expect(isConflict(refused("conflict", "x").error)).toBe(true);
    expect(isConflict({ rule: "NUP-7", kind: "refused", detail: "x" })).toBe(false);
    expect(isConflict(refused("refused", "x").error)).toBe(false);
  });
});
