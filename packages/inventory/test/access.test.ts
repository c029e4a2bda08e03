import { describe, expect, it } from "vitest";
import {
  constraintViolation,
  getApiTokenBySecretHash,
  getChannelRelease,
  getIdempotentResponse,
  getSimClock,
  insertApiToken,
  listApiTokens,
  purgeIdempotentResponses,
  putRelease,
  putSimClock,
  renewSimClockLease,
  saveIdempotentResponse,
  swapSimClock,
} from "../src/index.ts";
import { createTestDb } from "./d1-standin.ts";
import { T0 } from "./fixtures.ts";
import { migrationSql } from "./migrations.ts";

describe("releases", () => {
  it("CH-1 a channel's current targets come from its newest release", async () => {
    const { db } = createTestDb(migrationSql);
    const targets = { "1.20": "1.21.14-gke.4300", "1.22": "1.23.8-gke.1900" };
    await putRelease(db, { name: "2022-R24", channel: "REGULAR", targets: {} }, T0);
    await putRelease(db, { name: "2022-R25", channel: "REGULAR", targets }, T0 + 1);
    await putRelease(db, { name: "2022-R26", channel: "RAPID", targets: {} }, T0 + 2);
    await putRelease(db, { name: "2022-R24", channel: "REGULAR", targets: {} }, T0 + 3);
    expect(await getChannelRelease(db, "REGULAR")).toMatchObject({
      name: "2022-R25",
      targets,
      versions: [],
      nodeImages: [],
      regions: {},
    });
    expect(await getChannelRelease(db, "STABLE")).toBeUndefined();
  });
});

describe("tokens and idempotency keys", () => {
  it("tokens resolve by secret hash and list without it; names are unique", async () => {
    const { db } = createTestDb(migrationSql);
    const token = { name: "ci", role: "operator" as const, fleets: ["prod"], secretHash: "h1" };
    await insertApiToken(db, token, T0);
    expect(await getApiTokenBySecretHash(db, "h1")).toMatchObject({ ...token, scopes: [] });
    const listed = await listApiTokens(db);
    expect(listed.items[0]).not.toHaveProperty("secretHash");
    const duplicate = await insertApiToken(db, { ...token, secretHash: "h2" }, T0).catch(
      (e: unknown) => e,
    );
    expect(constraintViolation(duplicate)).toBe("UNIQUE");
  });

  it("the first response saved for a key wins; old keys are purged", async () => {
    const { db } = createTestDb(migrationSql);
    const entry = {
      key: "k1",
      principal: "ci",
      method: "POST",
      path: "/v1/tokens",
      bodyHash: "b1",
      status: 201,
      body: "{}",
    };
    await saveIdempotentResponse(db, entry, T0);
    await saveIdempotentResponse(db, { ...entry, bodyHash: "b2", status: 500 }, T0 + 1);
    expect(await getIdempotentResponse(db, "k1", "ci")).toMatchObject({
      bodyHash: "b1",
      status: 201,
    });
    expect(await getIdempotentResponse(db, "k1", "someone-else")).toBeUndefined();
    await purgeIdempotentResponses(db, T0 + 1);
    expect(await getIdempotentResponse(db, "k1", "ci")).toBeUndefined();
  });

  it("the sim clock is a single row", async () => {
    const { db } = createTestDb(migrationSql);
    expect(await getSimClock(db)).toBeUndefined();
    await putSimClock(db, {
      anchorWallMs: 1,
      anchorVirtualMs: 2,
      speed: 3600,
      leaseWallMs: 3,
      boot: "a",
    });
    const later = { anchorWallMs: 5, anchorVirtualMs: 6, speed: 1, leaseWallMs: null, boot: null };
    await putSimClock(db, later);
    expect(await getSimClock(db)).toEqual(later);
  });

  it("a lease is only ever extended, and a resumed anchor replaces only the one it read", async () => {
    const { db } = createTestDb(migrationSql);
    const first = { anchorWallMs: 1, anchorVirtualMs: 2, speed: 3600, leaseWallMs: 100, boot: "a" };
    await putSimClock(db, first);
    await renewSimClockLease(db, { leaseWallMs: 50, boot: "b" });
    expect(await getSimClock(db)).toMatchObject({ leaseWallMs: 100, boot: "b" });
    await renewSimClockLease(db, { leaseWallMs: 200, boot: "b" });
    const renewed = await getSimClock(db);
    expect(renewed).toMatchObject({ leaseWallMs: 200, boot: "b" });

    const resumed = {
      anchorWallMs: 500,
      anchorVirtualMs: 9,
      speed: 3600,
      leaseWallMs: 505,
      boot: "c",
    };
    // Read before the renewal: someone changed the row since, so nothing is replaced.
    expect(await swapSimClock(db, first, resumed)).toBe(false);
    expect(await swapSimClock(db, renewed!, resumed)).toBe(true);
    expect(await getSimClock(db)).toEqual(resumed);
  });
});
