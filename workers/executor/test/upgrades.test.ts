import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  api,
  driveUntil,
  executor,
  NEW,
  nodes,
  operation,
  putCluster,
  putPool,
  reportTally,
  seedFleet,
  terminal,
} from "./helpers.ts";

const FLEET = "exec-upgrades";
let before = { carriedOut: 0, duplicates: 0, callbacksRejected: 0 };

beforeAll(async () => {
  await seedFleet(FLEET);
  before = (await executor().status()).counts;
});
afterAll(async () => {
  await reportTally(before);
});

describe("upgrades carried out by the reference executor", () => {
  it("NUP-3 a surge node-pool upgrade runs to completion through signed batches and callbacks", async () => {
    await putCluster("ex-surge", FLEET, { version: NEW });
    await putPool("ex-surge", "p", {
      nodeCount: 2,
      upgradeStrategy: { type: "SURGE", maxSurge: 1, maxUnavailable: 0 },
    });
    const started = await api("POST", "/v1/clusters/ex-surge/node-pools/p/upgrade", { body: {} });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const done = await driveUntil(() => operation(started.body.id), terminal, { fleet: FLEET });
    expect(done.state, JSON.stringify(done)).toBe("SUCCEEDED");
    const after = await nodes("ex-surge");
    expect(after).toHaveLength(2);
    expect(after.every((n: { version: string }) => n.version === NEW)).toBe(true);
  });
});
