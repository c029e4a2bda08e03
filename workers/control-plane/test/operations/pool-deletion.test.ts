import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { poolBody } from "../fixtures.ts";
import { api } from "../helpers.ts";
import {
  advanceUntil,
  clusterWithPool,
  NEW,
  nodesOf,
  OLD,
  type OperationBody,
  useNodePoolFixtures,
} from "./helpers.ts";

useNodePoolFixtures();

const fleet = () => env.FLEET.get(env.FLEET.idFromName("prod"));

/** Steps virtual time forward `steps` times, `seconds` each. */
async function advance(steps: number, seconds: number): Promise<void> {
  for (let i = 0; i < steps; i++) {
    await api("POST", "/v1/sim/advance", { body: { seconds } });
  }
}

describe("node-pool upgrades through the API: a pool deleted under its upgrade", () => {
  it("a deleted pool's upgrade never overwrites the pool re-created with its name", async () => {
    await clusterWithPool("u-del", {
      nodeCount: 3,
      upgradeStrategy: { type: "SURGE", maxSurge: 1, maxUnavailable: 0 },
    });
    const started = await api("POST", "/v1/clusters/u-del/node-pools/p/upgrade", { body: {} });
    expect(started.status).toBe(202);
    await advance(1, 30);

    expect((await api("DELETE", "/v1/clusters/u-del/node-pools/p")).status).toBe(204);
    const again = await api("PUT", "/v1/clusters/u-del/node-pools/p", {
      body: poolBody({ version: OLD, nodeCount: 1 }),
    });
    expect(again.status).toBe(201);

    // Long enough for the old operation to have finished its six nodes many times over.
    await advance(30, 60);
    const old = (await api("GET", `/v1/operations/${started.body.id}`)).body as OperationBody & {
      error?: string;
    };
    expect(old.state).toBe("FAILED");
    expect(old.error).toMatch(/node pool deleted/);
    const nodes = await nodesOf("u-del", "p");
    expect(nodes).toHaveLength(2);
    expect(nodes.every((n) => n.version === OLD && n.state === "READY")).toBe(true);
    expect((await api("GET", "/v1/clusters/u-del/node-pools/p")).body.version).toBe(OLD);

    // The new pool takes its own upgrade.
    const next = await api("POST", "/v1/clusters/u-del/node-pools/p/upgrade", { body: {} });
    expect(next.status).toBe(202);
    const done = await advanceUntil(next.body.id, (o) => o.state === "SUCCEEDED", {
      stepSeconds: 60,
    });
    expect(done.progress).toEqual({ done: 2, total: 2 });
    await advance(1, 1);
    const upgraded = await nodesOf("u-del", "p");
    expect(upgraded).toHaveLength(2);
    expect(upgraded.every((n) => n.version === NEW)).toBe(true);
  });

  it("an operation whose pool went with its cluster settles without writing and without a retry loop", async () => {
    await clusterWithPool("u-del-cluster", {
      nodeCount: 1,
      zones: ["europe-west1-b"],
      upgradeStrategy: { type: "SURGE", maxSurge: 1, maxUnavailable: 0 },
    });
    const started = await api("POST", "/v1/clusters/u-del-cluster/node-pools/p/upgrade", {
      body: {},
    });
    expect(started.status).toBe(202);
    expect((await api("DELETE", "/v1/clusters/u-del-cluster")).status).toBe(204);

    await advance(30, 60);
    const op = (await api("GET", `/v1/operations/${started.body.id}`)).body as OperationBody;
    expect(["SUCCEEDED", "FAILED"]).toContain(op.state);
    expect(op.events.at(-1)?.message).toMatch(/node pool deleted: the operation stops/);
    // No write-back is waiting to be retried: only its retirement is scheduled.
    const { timers, wallTimers } = await fleet().inspect();
    expect(timers.filter((t) => t.payload === started.body.id)).toEqual([]);
    expect(wallTimers.filter((t) => t.payload === started.body.id).map((t) => t.kind)).toEqual([
      "op-retire",
    ]);
  });

  it("deleting a cluster ends the upgrades of its pools at once, before the provider answers", async () => {
    await clusterWithPool("u-del-now", {
      nodeCount: 2,
      zones: ["europe-west1-b"],
      upgradeStrategy: { type: "SURGE", maxSurge: 1, maxUnavailable: 0 },
    });
    const started = await api("POST", "/v1/clusters/u-del-now/node-pools/p/upgrade", { body: {} });
    expect(started.status).toBe(202);
    expect((await api("DELETE", "/v1/clusters/u-del-now")).status).toBe(204);

    const op = (await api("GET", `/v1/operations/${started.body.id}`)).body as OperationBody & {
      error?: string;
    };
    expect(op.state).toBe("FAILED");
    expect(op.error).toMatch(/node pool deleted/);
  });
});
