import { env, runInDurableObject } from "cloudflare:test";
import type { PoolUpgradeEnded } from "@regatta/engine";
import { describe, expect, it } from "vitest";
import { inboxKey, poolWatch } from "../../src/objects/fleet/cluster-upgrade/pool-ends.ts";
import { watchAll } from "../../src/objects/fleet/ends.ts";
import type { FleetObject } from "../../src/objects/fleet/fleet-object.ts";
import { markSynced } from "../../src/objects/fleet/node-pool/lifecycle.ts";
import { loadOperation } from "../../src/objects/fleet/node-pool/store.ts";
import type { ObjectWiring } from "../../src/objects/wiring.ts";
import type { ObjectRuntime } from "../../src/runtime/runtime.ts";
import { api } from "../helpers.ts";
import { advanceUntil, clusterWithPool, useNodePoolFixtures } from "./helpers.ts";

useNodePoolFixtures();

async function inFleet<T>(work: (runtime: ObjectRuntime) => Promise<T>): Promise<T> {
  return runInDurableObject(
    env.FLEET.get(env.FLEET.idFromName("prod")),
    async (instance: FleetObject) => {
      const wiring = (instance as unknown as { wiring: ObjectWiring }).wiring;
      return work(await wiring.ready());
    },
  );
}

describe("an operation's end reaches its owners on every path (LIFE-3)", () => {
  it("LIFE-3 an upgrade cancelled at rest, then ended by a write-back that finds its pool replaced, is heard by the cluster upgrade that owns it", async () => {
    await clusterWithPool("own-a", {
      nodeCount: 3,
      zones: ["europe-west1-b"],
      upgradeStrategy: { type: "SURGE", maxSurge: 1 },
    });
    const started = await api("POST", "/v1/clusters/own-a/node-pools/p/upgrade", { body: {} });
    expect(started.status).toBe(202);
    const id = started.body.id as string;
    await advanceUntil(id, (o) => o.progress.done >= 1, { stepSeconds: 30 });
    expect((await api("POST", "/v1/clusters/own-a/node-pools/p/cancel")).status).toBe(200);
    await advanceUntil(id, (o) => o.state === "CANCELLED", { stepSeconds: 30 });

    const owner = "op-owner-of-own-a";
    const inbox = await inFleet(async (runtime) => {
      await runtime.commit((tx) =>
        watchAll(tx, poolWatch(id), { kind: "cluster-upgrade", operation: owner }, [id]),
      );
      // The pool was deleted and re-created while the object did not hear of it: the
      // next write-back finds another pool and ends the operation there.
      await runtime.commit((tx) => {
        const hosted = loadOperation(tx, id);
        if (!hosted) throw new Error("operation gone");
        hosted.synced = false;
        markSynced(tx, id, hosted.revision, true, 30 * 86_400_000);
      });
      return runtime.commit((tx) => ({
        state: loadOperation(tx, id)?.op.header.state,
        inbox: tx.getState<PoolUpgradeEnded[]>(inboxKey(owner)) ?? [],
      }));
    });
    expect(inbox.state).toBe("FAILED");
    expect(inbox.inbox.map((e) => [e.operationId, e.state])).toEqual([[id, "FAILED"]]);
  });
});
