import { describe, expect, it } from "vitest";
import {
  completeIdempotencyKey,
  getIdempotentResponse,
  isPendingIdempotency,
  releaseIdempotencyKey,
  reserveIdempotencyKey,
  takeOverIdempotencyKey,
} from "../src/index.ts";
import { createTestDb } from "./d1-standin.ts";
import { T0 } from "./fixtures.ts";
import { migrationSql } from "./migrations.ts";

const request = {
  key: "k1",
  principal: "identity-1",
  method: "POST",
  path: "/v1/sim/advance",
  bodyHash: "b1",
};

describe("Idempotency-Key reservations", () => {
  it("only the first reservation of a key wins; the winner alone fills it in", async () => {
    const { db } = createTestDb(migrationSql);
    expect(await reserveIdempotencyKey(db, request, "owner-a", T0)).toBe(true);
    expect(await reserveIdempotencyKey(db, request, "owner-b", T0)).toBe(false);
    const pending = await getIdempotentResponse(db, "k1", "identity-1");
    expect(pending && isPendingIdempotency(pending)).toBe(true);
    // Another token's identity has its own key space.
    expect(await reserveIdempotencyKey(db, { ...request, principal: "identity-2" }, "c", T0)).toBe(
      true,
    );

    const answer = { status: 200, body: "{}" };
    expect(await completeIdempotencyKey(db, "k1", "identity-1", "owner-b", answer)).toBe(false);
    expect(await completeIdempotencyKey(db, "k1", "identity-1", "owner-a", answer)).toBe(true);
    const done = await getIdempotentResponse(db, "k1", "identity-1");
    expect(done).toMatchObject({ status: 200, body: "{}", bodyHash: "b1" });
    // A finished answer is neither released nor taken over.
    await releaseIdempotencyKey(db, "k1", "identity-1", "owner-a");
    expect(await getIdempotentResponse(db, "k1", "identity-1")).toMatchObject({ status: 200 });
  });

  it("a released reservation frees the key; a stale one is taken over once", async () => {
    const { db } = createTestDb(migrationSql);
    await reserveIdempotencyKey(db, request, "owner-a", T0);
    await releaseIdempotencyKey(db, "k1", "identity-1", "owner-a");
    expect(await getIdempotentResponse(db, "k1", "identity-1")).toBeUndefined();

    await reserveIdempotencyKey(db, request, "owner-a", T0);
    const takeover = (owner: string, staleBefore: number) =>
      takeOverIdempotencyKey(db, "k1", "identity-1", {
        staleOwner: "owner-a",
        staleBefore,
        owner,
        now: T0 + 61_000,
      });
    // Not stale yet.
    expect(await takeover("owner-b", T0)).toBe(false);
    expect(await takeover("owner-b", T0 + 1)).toBe(true);
    // The first taker wins; the old owner can no longer fill it in.
    expect(await takeover("owner-c", T0 + 1)).toBe(false);
    const answer = { status: 201, body: "{}" };
    expect(await completeIdempotencyKey(db, "k1", "identity-1", "owner-a", answer)).toBe(false);
    expect(await completeIdempotencyKey(db, "k1", "identity-1", "owner-b", answer)).toBe(true);
  });
});
