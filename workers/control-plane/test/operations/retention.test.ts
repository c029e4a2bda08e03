import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import { advanceUntil, clusterWithPool, isLive, useNodePoolFixtures } from "./helpers.ts";

useNodePoolFixtures();

const DAY = 86_400;

/** The fleet object's state rows of one operation, and whether the packed row holds it. */
function storedRows(id: string) {
  return runInDurableObject(env.FLEET.get(env.FLEET.idFromName("prod")), (_i, state) => {
    const own = state.storage.sql
      .exec<{ key: string }>("SELECT key FROM state WHERE key LIKE ?", `op:${id}%`)
      .toArray()
      .map((row) => row.key);
    const [packed] = state.storage.sql
      .exec<{ value: string }>("SELECT value FROM state WHERE key = '~packed'")
      .toArray();
    const inPacked = packed
      ? Object.keys(JSON.parse(packed.value)).filter((key) => key.startsWith(`op:${id}`))
      : [];
    return { own, inPacked };
  });
}

async function indexRow(id: string) {
  return env.DB.prepare("SELECT id FROM operations WHERE id = ?").bind(id).first();
}

describe("node-pool upgrades through the API: retention of finished operations", () => {
  it("a finished operation leaves the packed row and is removed 30 days after it settled", async () => {
    await clusterWithPool("u-retain", {
      nodeCount: 1,
      zones: ["europe-west1-b"],
      upgradeStrategy: { type: "SURGE", maxSurge: 1, maxUnavailable: 0 },
    });
    const started = await api("POST", "/v1/clusters/u-retain/node-pools/p/upgrade", {
      body: {},
    });
    const id = started.body.id as string;
    expect((await storedRows(id)).inPacked).toEqual([`op:${id}`]);
    await advanceUntil(id, (o) => o.state === "SUCCEEDED", { stepSeconds: 60 });
    expect(await isLive(id)).toBe(false);
    // Finished: provider answers for other operations no longer rewrite it.
    expect((await storedRows(id)).inPacked).toEqual([]);

    await api("POST", "/v1/sim/advance", { body: { seconds: 30 * DAY - 1 } });
    expect((await api("GET", `/v1/operations/${id}`)).status).toBe(200);

    await api("POST", "/v1/sim/advance", { body: { seconds: 2 } });
    expect((await api("GET", `/v1/operations/${id}`)).status).toBe(404);
    expect(await indexRow(id)).toBeNull();
    expect(await storedRows(id)).toEqual({ own: [], inPacked: [] });
    // The pool takes a new upgrade after its old operation is gone.
    expect((await api("GET", "/v1/clusters/u-retain/node-pools/p")).status).toBe(200);
  });
});
