import { describe, expect, it } from "vitest";
import {
  constraintViolation,
  deleteOperation,
  getNodePool,
  getOperation,
  getSimSettings,
  insertOperation,
  knownZoneNames,
  listFleetNames,
  listReleaseVersions,
  putNodePool,
  putSimSettings,
  setNodePoolTarget,
  storeFleet,
  storeMachineType,
  storeRelease,
  storeReservation,
  storeScope,
  storeZone,
} from "../src/index.ts";
import { createTestDb } from "./d1-standin.ts";
import { poolSpec, seed, T0 } from "./fixtures.ts";
import { migrationSql } from "./migrations.ts";

describe("create-or-replace that says whether it created", () => {
  it("the first store of a key is a create, the next a replace that keeps createdAt", async () => {
    const { db } = createTestDb(migrationSql);
    const first = await storeFleet(db, "prod", T0);
    const again = await storeFleet(db, "prod", T0 + 1);
    expect(first).toMatchObject({ created: true, row: { name: "prod", createdAt: T0 } });
    expect(again).toMatchObject({ created: false, row: { createdAt: T0, updatedAt: T0 + 1 } });

    const zone = { name: "europe-west1-b", region: "europe-west1", quotaNodes: 10 };
    expect((await storeZone(db, zone, T0)).created).toBe(true);
    expect(await storeZone(db, { ...zone, quotaNodes: 20 }, T0)).toMatchObject({
      created: false,
      row: { quotaNodes: 20 },
    });

    const type = { name: "e2-standard-4", cpuMillis: 4000, memoryMiB: 16384, pricePerHour: 0.1 };
    expect((await storeMachineType(db, type, T0)).created).toBe(true);
    expect((await storeMachineType(db, type, T0)).created).toBe(false);

    const release = { name: "2022-R25", channel: "REGULAR" as const, targets: {} };
    expect((await storeRelease(db, release, T0)).created).toBe(true);
    expect((await storeRelease(db, release, T0 + 5)).row.createdAt).toBe(T0);

    const reservation = { id: "r1", zone: zone.name, machineType: type.name, count: 2 };
    expect((await storeReservation(db, reservation, T0)).created).toBe(true);
    expect((await storeReservation(db, { ...reservation, count: 3 }, T0)).row.count).toBe(3);

    expect((await storeScope(db, "prod", "payments", T0)).created).toBe(true);
    expect((await storeScope(db, "prod", "payments", T0)).created).toBe(false);
  });

  it("a store that names a missing parent fails on the foreign key and writes nothing", async () => {
    const { db } = createTestDb(migrationSql);
    const refused = await storeScope(db, "nowhere", "payments", T0).catch((e: unknown) => e);
    expect(constraintViolation(refused)).toBe("FOREIGN_KEY");
    const reservation = { id: "r1", zone: "z", machineType: "m", count: 1 };
    const orphan = await storeReservation(db, reservation, T0).catch((e: unknown) => e);
    expect(constraintViolation(orphan)).toBe("FOREIGN_KEY");
  });
});

describe("lookups the control plane needs", () => {
  it("knownZoneNames keeps only the zones that exist", async () => {
    const { db } = createTestDb(migrationSql);
    await seed(db);
    expect(await knownZoneNames(db, ["europe-west1-b", "mars-1"])).toEqual(["europe-west1-b"]);
    expect(await knownZoneNames(db, [])).toEqual([]);
  });

  it("listFleetNames names every fleet in order", async () => {
    const { db } = createTestDb(migrationSql);
    await storeFleet(db, "staging", T0);
    await storeFleet(db, "prod", T0);
    expect(await listFleetNames(db)).toEqual(["prod", "staging"]);
  });

  it("VER-6 listReleaseVersions reads every release's targets and versions", async () => {
    const { db } = createTestDb(migrationSql);
    const targets = { "1.20": "1.21.14-gke.4300" };
    await storeRelease(db, { name: "2022-R25", channel: "REGULAR", targets }, T0);
    expect(await listReleaseVersions(db)).toEqual([{ targets, versions: [] }]);
  });

  it("an operation's index row is found by id until it is removed", async () => {
    const { db } = createTestDb(migrationSql);
    await seed(db);
    const entry = { id: "op-1", kind: "NODE_POOL_UPGRADE", fleet: "prod", cluster: "c1" };
    await insertOperation(db, { ...entry, pool: "default" }, T0);
    expect(await getOperation(db, "op-1")).toEqual({
      ...entry,
      pool: "default",
      createdAt: T0,
      live: true,
    });
    await deleteOperation(db, "op-1");
    expect(await getOperation(db, "op-1")).toBeUndefined();
  });

  it("setNodePoolTarget records a pool's new version and image", async () => {
    const { db } = createTestDb(migrationSql);
    await seed(db);
    await putNodePool(db, poolSpec("c1", "default"), T0);
    const target = { version: "1.22.3-gke.100", nodeImage: "cos-1.22" };
    await setNodePoolTarget(db, "c1", "default", target, T0 + 1);
    expect(await getNodePool(db, "c1", "default")).toMatchObject({ ...target, updatedAt: T0 + 1 });
  });

  it("the sim settings are one row, replaced as a whole", async () => {
    const { db } = createTestDb(migrationSql);
    expect(await getSimSettings(db)).toBeUndefined();
    await putSimSettings(db, {
      durations: { CREATE_NODE: 30 },
      jitter: 0.1,
      rejectionDelaySeconds: 5,
    });
    const next = { durations: {}, jitter: 0, rejectionDelaySeconds: 9 };
    await putSimSettings(db, next);
    expect(await getSimSettings(db)).toEqual(next);
  });
});
