import { describe, expect, it } from "vitest";
import {
  deleteNodePool,
  getNodePool,
  getOperation,
  insertOperation,
  listNodesByPool,
  putNodePool,
  writeBackNodePool,
} from "../src/index.ts";
import { createTestDb } from "./d1-standin.ts";
import { poolSpec, seed, T0 } from "./fixtures.ts";
import { migrationSql } from "./migrations.ts";

const TARGET = { version: "1.22.3-gke.100", nodeImage: "cos-1.22" };

/** 20 upgraded nodes: more than one guarded insert holds. */
const upgradedNodes = Array.from({ length: 20 }, (_, i) => ({
  name: `c1-default-new-${String(i).padStart(2, "0")}`,
  zone: "europe-west1-b",
  ...TARGET,
  state: "READY" as const,
  color: null,
}));

async function started() {
  const { db } = createTestDb(migrationSql);
  await seed(db);
  await putNodePool(db, poolSpec("c1", "default"), T0);
  const pool = (await getNodePool(db, "c1", "default"))!;
  const entry = { id: "op-1", kind: "NODE_POOL_UPGRADE", fleet: "prod", cluster: "c1" };
  await insertOperation(db, { ...entry, pool: "default" }, T0);
  const writeBack = {
    operationId: "op-1",
    cluster: "c1",
    pool: "default",
    poolUid: pool.uid,
    nodes: upgradedNodes,
    upgradedTo: TARGET,
  };
  return { db, pool, writeBack };
}

describe("node-pool write-back", () => {
  it("writes the operation's nodes and target to the pool it started on", async () => {
    const { db, pool, writeBack } = await started();
    expect(pool.uid).not.toBe("");
    expect(await writeBackNodePool(db, writeBack, T0 + 1)).toBe("WRITTEN");
    const nodes = (await listNodesByPool(db, "c1", "default", { limit: 100 })).items;
    expect(nodes.map((n) => n.name)).toEqual(upgradedNodes.map((n) => n.name));
    expect(await getNodePool(db, "c1", "default")).toMatchObject(TARGET);
    expect((await getOperation(db, "op-1"))?.live).toBe(false);
  });

  it("replacing a pool keeps its uid; re-creating it after a delete gives a new one", async () => {
    const { db, pool } = await started();
    await putNodePool(db, poolSpec("c1", "default", { nodeCount: 2 }), T0 + 1);
    expect((await getNodePool(db, "c1", "default"))?.uid).toBe(pool.uid);
    await deleteNodePool(db, "c1", "default");
    await putNodePool(db, poolSpec("c1", "default"), T0 + 2);
    expect((await getNodePool(db, "c1", "default"))?.uid).not.toBe(pool.uid);
  });

  it("a pool deleted and re-created with its name is left alone, and the operation settles", async () => {
    const { db, writeBack } = await started();
    await deleteNodePool(db, "c1", "default");
    expect((await getOperation(db, "op-1"))?.live).toBe(false);
    const successor = poolSpec("c1", "default", { version: "1.21.11-gke.1100", nodeCount: 2 });
    await putNodePool(db, successor, T0 + 1);
    expect(await writeBackNodePool(db, writeBack, T0 + 2)).toBe("POOL_REPLACED");
    const nodes = (await listNodesByPool(db, "c1", "default", { limit: 100 })).items;
    expect(nodes).toHaveLength(2);
    expect(nodes.every((n) => n.version === successor.version)).toBe(true);
    expect(await getNodePool(db, "c1", "default")).toMatchObject({ version: successor.version });
  });

  it("a write-back to a pool that is gone writes nothing and does not fail", async () => {
    const { db, writeBack } = await started();
    await deleteNodePool(db, "c1", "default");
    expect(await writeBackNodePool(db, writeBack, T0 + 1)).toBe("POOL_REPLACED");
    expect(await getNodePool(db, "c1", "default")).toBeUndefined();
  });
});
