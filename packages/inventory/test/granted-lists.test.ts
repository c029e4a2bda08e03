import { describe, expect, it } from "vitest";
import {
  allPages,
  listClustersGranted,
  listScopesNamed,
  putCluster,
  putFleet,
  putScope,
} from "../src/index.ts";
import { createTestDb } from "./d1-standin.ts";
import { clusterSpec, T0 } from "./fixtures.ts";
import { migrationSql } from "./migrations.ts";

async function world() {
  const { db } = createTestDb(migrationSql);
  for (const fleet of ["mine", "other"]) await putFleet(db, fleet, T0);
  for (const scope of ["a", "b", "c"]) await putScope(db, "mine", scope, T0);
  await putCluster(db, clusterSpec("k1", { fleet: "other" }), T0);
  await putCluster(db, clusterSpec("k2", { fleet: "mine", scopes: ["a"] }), T0);
  await putCluster(db, clusterSpec("k3", { fleet: "other" }), T0);
  await putCluster(db, clusterSpec("k4", { fleet: "mine", scopes: ["b", "c"] }), T0);
  await putCluster(db, clusterSpec("k5", { fleet: "mine" }), T0);
  return db;
}

describe("lists filtered by a token's grants in the query", () => {
  it("a page of granted clusters holds only readable ones, so its cursor names a readable one", async () => {
    const db = await world();
    const byScope = { fleets: [], scopes: ["mine/a", "mine/c"] };
    const first = await listClustersGranted(db, byScope, undefined, { limit: 1 });
    expect(first.items.map((c) => c.name)).toEqual(["k2"]);
    const all = await allPages((page) => listClustersGranted(db, byScope, undefined, page));
    expect(all.map((c) => c.name)).toEqual(["k2", "k4"]);

    const byFleet = { fleets: ["mine"], scopes: [] };
    const names = await allPages((page) => listClustersGranted(db, byFleet, "mine", page));
    expect(names.map((c) => c.name)).toEqual(["k2", "k4", "k5"]);
    expect((await listClustersGranted(db, byFleet, "other")).items).toEqual([]);
  });

  it("a page of named scopes holds only those names", async () => {
    const db = await world();
    const page = await listScopesNamed(db, "mine", ["c", "a", "zz"], { limit: 1 });
    expect(page.items.map((s) => s.name)).toEqual(["a"]);
    const all = await allPages((p) => listScopesNamed(db, "mine", ["c", "a"], p));
    expect(all.map((s) => s.name)).toEqual(["a", "c"]);
  });
});
