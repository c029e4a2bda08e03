import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { WRITE_BACK_GIVEN_UP } from "../../src/objects/fleet/cluster-upgrade/write-back.ts";
import type { FleetObject } from "../../src/objects/fleet/fleet-object.ts";
import type { ObjectWiring } from "../../src/objects/wiring.ts";
import type { CrashPoint } from "../../src/runtime/types.ts";
import { clusterBody, poolBody } from "../fixtures.ts";
import { advanceClock, api } from "../helpers.ts";
import { NEW, OLD, storedValues, useNodePoolFixtures } from "./helpers.ts";

useNodePoolFixtures();

const fleet = () => env.FLEET.get(env.FLEET.idFromName("prod"));

interface StoredWriteBack {
  message: { ends: { upgrade: string }[] };
  attempts: number;
}

/** The fleet's pending VER-8 write-back deliveries (runtime/deliveries.ts). */
async function writeBackDeliveries(): Promise<StoredWriteBack[]> {
  return (await storedValues("delivery:cu-write-back")).map(
    ([, value]) => value as StoredWriteBack,
  );
}

/** The upgrades whose VER-8 write-back the fleet has not recorded as done. */
async function pendingWriteBacks(): Promise<string[]> {
  return (await writeBackDeliveries()).flatMap((delivery) =>
    delivery.message.ends.map((end) => end.upgrade),
  );
}

/** One run of the fleet's due timers, on the instance: a crash rejects it, as a restart would. */
function tick(): Promise<unknown> {
  return runInDurableObject(fleet(), (instance: FleetObject) =>
    instance.tick().catch((error: unknown) => error),
  );
}

/**
 * A cluster `name` on OLD whose upgrade to NEW is driven (one minute and one fleet run per
 * step) until it ended; the upgrade's id.
 */
async function upgradeToEnd(name: string): Promise<string> {
  expect(
    (await api("PUT", `/v1/clusters/${name}`, { body: clusterBody({ version: OLD }) })).status,
  ).toBe(201);
  const started = await api("POST", `/v1/clusters/${name}/upgrade`, { body: { version: NEW } });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const id = started.body.id as string;
  for (let step = 0; (await api("GET", `/v1/operations/${id}`)).body.state === "RUNNING"; step++) {
    expect(step, "the upgrade never ended").toBeLessThan(200);
    await advanceClock(60);
    await tick();
  }
  await tick();
  return id;
}

/** The inventory refuses every status.version written for `cluster`, as a D1 outage would. */
async function refuseStatusWrites(cluster: string): Promise<() => Promise<void>> {
  const trigger = `refuse_${cluster.replaceAll("-", "_")}`;
  await env.DB.exec(
    `CREATE TRIGGER ${trigger} BEFORE UPDATE OF status_version ON clusters WHEN NEW.name = '${cluster}' BEGIN SELECT RAISE(ABORT, 'inventory unavailable'); END`,
  );
  return async () => {
    await env.DB.exec(`DROP TRIGGER ${trigger}`);
  };
}

describe("cluster upgrades' write-backs across a restart (VER-8)", () => {
  it("VER-8 a fleet that dies after the write-back reached D1 but before it recorded so keeps the upgrade pending, writes it back again on its next run, and then nothing is pending", async () => {
    let crashes = 0;
    await runInDurableObject(fleet(), (instance: FleetObject) => {
      (instance as unknown as { wiring: ObjectWiring }).wiring.hooks = {
        crash: (point: CrashPoint) => point === "after-write-back" && crashes++ === 0,
      };
    });
    // A cluster without pools: the only write-back is the cluster's own.
    expect(
      (await api("PUT", "/v1/clusters/cu-write-back", { body: clusterBody({ version: OLD }) }))
        .status,
    ).toBe(201);
    const started = await api("POST", "/v1/clusters/cu-write-back/upgrade", {
      body: { version: NEW },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const id = started.body.id as string;
    for (let step = 0; crashes === 0; step++) {
      expect(step, "the upgrade never reached its write-back").toBeLessThan(200);
      await advanceClock(60);
      await tick();
    }
    // It died between D1 and its own record: the upgrade is still pending (read from
    // storage: any call to the object would first run what is due).
    expect(await pendingWriteBacks()).toEqual([id]);
    const inD1 = await env.DB.prepare("SELECT status_version FROM clusters WHERE name = ?")
      .bind("cu-write-back")
      .first<{ status_version: string }>();
    expect(inD1?.status_version).toBe(NEW);

    await tick();
    expect(await pendingWriteBacks()).toEqual([]);
    expect((await api("GET", `/v1/operations/${id}`)).body.state).toBe("SUCCEEDED");
    const cluster = (await api("GET", "/v1/clusters/cu-write-back")).body;
    expect(cluster.status.version).toBe(NEW);
    const timers = (await fleet().inspect()).timers;
    expect(timers.filter((t) => t.kind === "cu-sync" || t.id.includes("cu-write-back"))).toEqual(
      [],
    );
    // Retention (a wall-clock timer) starts once the write-back is recorded.
    const retirements = await runInDurableObject(fleet(), (_i, state) =>
      state.storage.sql
        .exec("SELECT id FROM wall_timers WHERE kind = 'cu-retire' AND payload = ?", id)
        .toArray(),
    );
    expect(retirements).toHaveLength(1);
    await runInDurableObject(fleet(), (instance: FleetObject) => {
      (instance as unknown as { wiring: ObjectWiring }).wiring.hooks = {};
    });
  });

  it("VER-8 a write-back the inventory refuses is retried with backoff by the fleet's deliveries, neither lost nor retried in a loop, and lands once the inventory takes it", async () => {
    const accept = await refuseStatusWrites("cu-refused");
    const id = await upgradeToEnd("cu-refused");
    // Ended, refused: still pending, with an attempt counted and its retry in the future.
    expect(await pendingWriteBacks()).toEqual([id]);
    const attempts = (await writeBackDeliveries()).map((delivery) => delivery.attempts);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toBeGreaterThanOrEqual(1);
    const retry = (await fleet().inspect()).timers.find((t) => t.id.includes("cu-write-back"));
    expect(retry?.due).toBeGreaterThan(Date.parse((await api("GET", "/v1/sim")).body.now));
    expect((await api("GET", "/v1/clusters/cu-refused")).body.status.version).toBe(OLD);

    await accept();
    for (let step = 0; (await pendingWriteBacks()).length > 0; step++) {
      expect(step, "the write-back was never retried").toBeLessThan(20);
      await advanceClock(60);
      await tick();
    }
    expect((await api("GET", "/v1/clusters/cu-refused")).body.status.version).toBe(NEW);
  });

  it("VER-8 CA-3 write-backs an earlier version left waiting on timers of their own (a cluster upgrade's pending list, the autoscaler's node queue) are taken over by deliveries when those timers fire, and land", async () => {
    const id = await upgradeToEnd("cu-legacy");
    expect(await pendingWriteBacks()).toEqual([]);
    const pool = await api("PUT", "/v1/clusters/cu-legacy/node-pools/p", {
      body: poolBody({ version: NEW, zones: ["europe-west1-b"], nodeCount: 1 }),
    });
    expect(pool.status, JSON.stringify(pool.body)).toBe(201);
    // As an earlier version left it: the inventory not yet told, the upgrade in the pending
    // list with the list's timer, and a node the autoscaler added queued with its timer.
    await env.DB.prepare("UPDATE clusters SET status_version = ? WHERE name = ?")
      .bind(OLD, "cu-legacy")
      .run();
    const node = {
      name: "cu-legacy-p-legacy",
      pool: "p",
      zone: "europe-west1-b",
      version: NEW,
      nodeImage: "COS_CONTAINERD",
      state: "READY",
      color: null,
    };
    await runInDurableObject(fleet(), (_i, state) => {
      const sql = state.storage.sql;
      sql.exec(
        "INSERT INTO state (key, value) VALUES ('cu-sync:pending', ?)",
        JSON.stringify([id]),
      );
      sql.exec(
        "INSERT INTO state (key, value) VALUES ('as-sync:cu-legacy', ?)",
        JSON.stringify({ changes: [{ put: node }], failures: 0 }),
      );
      sql.exec(
        "INSERT INTO timers (id, due, kind, payload) VALUES ('cu-sync', 0, 'cu-sync', NULL)",
      );
      sql.exec(
        "INSERT INTO timers (id, due, kind, payload) VALUES ('as-sync:cu-legacy', 0, 'as-sync', 'cu-legacy')",
      );
    });
    await runInDurableObject(fleet(), (instance: FleetObject) =>
      (instance as unknown as { wiring: ObjectWiring }).wiring.restart(),
    );
    await tick();
    expect((await api("GET", "/v1/clusters/cu-legacy")).body.status.version).toBe(NEW);
    const stored = await env.DB.prepare("SELECT version FROM nodes WHERE cluster = ? AND name = ?")
      .bind("cu-legacy", node.name)
      .first<{ version: string }>();
    expect(stored?.version).toBe(NEW);
    // Nothing of the earlier layout is left, and nothing waits.
    expect(await storedValues("cu-sync")).toEqual([]);
    expect(await storedValues("as-sync")).toEqual([]);
    expect(await storedValues("delivery:")).toEqual([]);
    const timers = (await fleet().inspect()).timers;
    expect(timers.filter((t) => t.kind === "cu-sync" || t.kind === "as-sync")).toEqual([]);
  });

  it("VER-8 a write-back the inventory refuses for a week is given up: the upgrade says so in its events and nothing retries it any more", async () => {
    const accept = await refuseStatusWrites("cu-given-up");
    try {
      const id = await upgradeToEnd("cu-given-up");
      // 1,000 attempts, the last ones 10 minutes apart: about a week.
      for (let day = 0; day < 9; day++) {
        await advanceClock(86_400);
        await tick();
      }
      expect(await pendingWriteBacks()).toEqual([]);
      const op = (await api("GET", `/v1/operations/${id}`)).body as {
        state: string;
        events: { message: string }[];
      };
      expect(op.state).toBe("SUCCEEDED");
      expect(op.events.map((e) => e.message)).toContain(WRITE_BACK_GIVEN_UP);
      expect((await api("GET", "/v1/clusters/cu-given-up")).body.status.version).toBe(OLD);
    } finally {
      await accept();
    }
  });
});
