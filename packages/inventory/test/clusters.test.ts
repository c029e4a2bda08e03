import { describe, expect, it } from "vitest";
import {
  constraintViolation,
  deleteCluster,
  deleteFleet,
  getCluster,
  listClustersByFleet,
  listManagedClusters,
  listScopeMembers,
  putCluster,
  putFleet,
  putScope,
  updateClusterStatus,
} from "../src/index.ts";
import { createTestDb } from "./d1-standin.ts";
import { clusterSpec, seed, T0 } from "./fixtures.ts";
import { migrationSql } from "./migrations.ts";

async function seeded() {
  const { db } = createTestDb(migrationSql);
  await seed(db);
  return db;
}

describe("clusters", () => {
  it("round-trip with their scopes, JSON columns and booleans", async () => {
    const db = await seeded();
    const maintenance = {
      windows: [{ start: "02:00", durationSeconds: 14_400, days: ["SAT" as const] }],
      exclusions: [],
    };
    await putScope(db, "prod", "search", T0);
    await putCluster(
      db,
      clusterSpec("c2", { scopes: ["search", "payments", "search"], maintenance, autopilot: true }),
      T0,
    );
    expect(await getCluster(db, "c2")).toMatchObject({
      name: "c2",
      scopes: ["payments", "search"],
      maintenance,
      autopilot: true,
      deprecatedApiUsage: false,
      statusVersion: "1.21.14-gke.4300",
      phase: "RUNNING",
      components: {},
      createdAt: T0,
    });
    expect(await getCluster(db, "nope")).toBeUndefined();
  });

  it("VER-8 replacing the spec keeps the observed status; only a status update sets it", async () => {
    const db = await seeded();
    await updateClusterStatus(
      db,
      "c1",
      { phase: "RUNNING", components: { manifests: "1.21" } },
      T0,
    );
    await putCluster(db, clusterSpec("c1", { specVersion: "1.22.8-gke.200", scopes: [] }), T0 + 1);
    expect(await getCluster(db, "c1")).toMatchObject({
      specVersion: "1.22.8-gke.200",
      statusVersion: "1.21.14-gke.4300",
      components: { manifests: "1.21" },
      scopes: [],
      createdAt: T0,
      updatedAt: T0 + 1,
    });
    await updateClusterStatus(db, "c1", { statusVersion: "1.22.8-gke.200" }, T0 + 2);
    expect((await getCluster(db, "c1"))?.statusVersion).toBe("1.22.8-gke.200");
  });

  it("a PUT with an unknown scope changes nothing (one atomic batch)", async () => {
    const db = await seeded();
    const error = await putCluster(
      db,
      clusterSpec("c1", { scopes: ["ghost"], region: "x" }),
      T0,
    ).catch((e: unknown) => e);
    expect(constraintViolation(error)).toBe("FOREIGN_KEY");
    expect(await getCluster(db, "c1")).toMatchObject({
      region: "europe-west1",
      scopes: ["payments"],
    });
  });

  it("list by fleet pages through every cluster of that fleet only", async () => {
    const db = await seeded();
    await putFleet(db, "dev", T0);
    for (let i = 0; i < 7; i++) await putCluster(db, clusterSpec(`p${i}`), T0);
    await putCluster(db, clusterSpec("d0", { fleet: "dev" }), T0);
    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listClustersByFleet(db, "prod", { limit: 3, cursor });
      names.push(...page.items.map((c) => c.name));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(names).toEqual(["c1", "p0", "p1", "p2", "p3", "p4", "p5", "p6"]);
    expect(await listScopeMembers(db, "prod", "payments")).toEqual({
      items: ["c1"],
      nextCursor: null,
    });
  });

  it("a fleet with clusters and an admin cluster with users cannot be deleted", async () => {
    const db = await seeded();
    await putCluster(db, clusterSpec("admin", { role: "admin" }), T0);
    await putCluster(db, clusterSpec("user1", { role: "user", adminCluster: "admin" }), T0);
    expect((await listManagedClusters(db, "admin")).items.map((c) => c.name)).toEqual(["user1"]);
    expect(constraintViolation(await deleteCluster(db, "admin").catch((e: unknown) => e))).toBe(
      "FOREIGN_KEY",
    );
    expect(constraintViolation(await deleteFleet(db, "prod").catch((e: unknown) => e))).toBe(
      "FOREIGN_KEY",
    );
    expect(await deleteCluster(db, "user1")).toEqual([{ name: "user1" }]);
    expect(await deleteCluster(db, "user1")).toEqual([]);
  });
});
