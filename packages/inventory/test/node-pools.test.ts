import { describe, expect, it } from "vitest";
import {
  deleteCluster,
  deleteNodesStatements,
  getNodePool,
  insertNodesStatements,
  listNodePools,
  listNodesByCluster,
  listNodesByPool,
  nodeName,
  putNodePool,
  putZone,
  runBatch,
  updateNode,
} from "../src/index.ts";
import { createTestDb } from "./d1-standin.ts";
import { poolSpec, seed, T0 } from "./fixtures.ts";
import { migrationSql } from "./migrations.ts";

async function seeded() {
  const env = createTestDb(migrationSql);
  await seed(env.db);
  return env;
}

async function allNodeNames(
  list: (cursor: string | undefined) => ReturnType<typeof listNodesByCluster>,
) {
  const names: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await list(cursor);
    names.push(...page.items.map((n) => n.name));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return names;
}

describe("node pools", () => {
  it("round-trip with defaults and JSON settings", async () => {
    const { db } = await seeded();
    const upgradeStrategy = { type: "SURGE" as const, maxSurge: 1, maxUnavailable: 0 };
    await putNodePool(db, poolSpec("c1", "default", { upgradeStrategy }), T0);
    expect(await getNodePool(db, "c1", "default")).toMatchObject({
      zones: ["europe-west1-b"],
      maxPodsPerNode: 110,
      spot: false,
      tpu: null,
      autoscaling: null,
      upgradeStrategy,
    });
    expect((await listNodePools(db, "c1")).items.map((p) => p.name)).toEqual(["default"]);
  });

  it("a 500-node pool is written in chunks of at most 100 parameters", async () => {
    const { db, sqlite } = await seeded();
    await putZone(db, { name: "europe-west1-c", region: "europe-west1" }, T0);
    await putNodePool(
      db,
      poolSpec("c1", "big", { zones: ["europe-west1-b", "europe-west1-c"], nodeCount: 250 }),
      T0,
    );
    const count = sqlite.prepare("select count(*) as n from nodes").all()[0]?.n;
    expect(count).toBe(500);
    const names = await allNodeNames((cursor) =>
      listNodesByPool(db, "c1", "big", { limit: 500, cursor }),
    );
    expect(names).toHaveLength(500);
    expect(names[0]).toBe("c1-big-europe-west1-b-0000");
    expect(names.at(-1)).toBe("c1-big-europe-west1-c-0249");
  });

  it("replacing a pool recreates its nodes and leaves other pools alone", async () => {
    const { db } = await seeded();
    await putNodePool(db, poolSpec("c1", "a", { nodeCount: 3 }), T0);
    await putNodePool(db, poolSpec("c1", "b", { nodeCount: 2 }), T0);
    const first = `c1-a-europe-west1-b-0000`;
    await updateNode(db, "c1", first, { state: "CORDONED" }, T0 + 1);
    await putNodePool(db, poolSpec("c1", "a", { nodeCount: 1, nodeImage: "cos-2" }), T0 + 2);
    const nodes = (await listNodesByCluster(db, "c1")).items;
    expect(nodes.map((n) => [n.name, n.state, n.nodeImage])).toEqual([
      [first, "READY", "cos-2"],
      ["c1-b-europe-west1-b-0000", "READY", "cos-1.21"],
      ["c1-b-europe-west1-b-0001", "READY", "cos-1.21"],
    ]);
  });

  it("nodes list by cluster in pages of the requested size", async () => {
    const { db } = await seeded();
    await putNodePool(db, poolSpec("c1", "a", { nodeCount: 120 }), T0);
    const page = await listNodesByCluster(db, "c1");
    expect(page.items).toHaveLength(50);
    const names = await allNodeNames((cursor) =>
      listNodesByCluster(db, "c1", { limit: 7, cursor }),
    );
    expect(names).toHaveLength(120);
    expect([...names].sort()).toEqual(names);
  });

  it("bulk insert and delete of nodes stay under the parameter limit", async () => {
    const { db } = await seeded();
    await putNodePool(db, poolSpec("c1", "a", { nodeCount: 0 }), T0);
    const extra = Array.from({ length: 230 }, (_, index) => ({
      cluster: "c1",
      name: nodeName({ cluster: "c1", pool: "a", zone: "europe-west1-b", index, generation: 1 }),
      pool: "a",
      zone: "europe-west1-b",
      version: "1.22.8-gke.200",
      nodeImage: "cos-2",
      state: "PROVISIONING" as const,
      color: "GREEN" as const,
    }));
    await runBatch(db, insertNodesStatements(db, extra, T0));
    expect((await listNodesByPool(db, "c1", "a", { limit: 500 })).items).toHaveLength(230);
    await runBatch(
      db,
      deleteNodesStatements(
        db,
        "c1",
        extra.slice(0, 205).map((n) => n.name),
      ),
    );
    expect((await listNodesByPool(db, "c1", "a", { limit: 500 })).items).toHaveLength(25);
  });

  it("deleting a cluster removes its pools and nodes", async () => {
    const { db, sqlite } = await seeded();
    await putNodePool(db, poolSpec("c1", "a"), T0);
    await deleteCluster(db, "c1");
    const left = sqlite
      .prepare(
        "select (select count(*) from node_pools) + (select count(*) from nodes) + (select count(*) from scope_memberships) as n",
      )
      .all()[0]?.n;
    expect(left).toBe(0);
  });
});
