import { describe, expect, it, vi } from "vitest";
import {
  type AuditWrite,
  auditStatement,
  getCluster,
  getFleet,
  listAudit,
  putCluster,
  putFleet,
  recordAudit,
  selectCluster,
  selectFleet,
  selectSimClock,
} from "../src/index.ts";
import { createTestDb } from "./d1-standin.ts";
import { clusterSpec, seed, T0 } from "./fixtures.ts";
import { migrationSql } from "./migrations.ts";

function entry(requestId: string, overrides: Partial<AuditWrite> = {}): AuditWrite {
  return {
    at: T0,
    requestId,
    actorTokenId: null,
    actorName: null,
    actorRole: null,
    method: "PUT",
    resource: `/v1/fleets/${requestId}`,
    fleets: [],
    status: 201,
    replayed: false,
    ...overrides,
  };
}

describe("statements built once run in a batch with their values (inBatch)", () => {
  it("reads built once answer each batch's own values, mapped as drizzle maps them", async () => {
    const { db } = createTestDb(migrationSql);
    await seed(db);
    const [[c1], [missing], [fleet], clock] = await db.batch([
      selectCluster(db, "c1"),
      selectCluster(db, "nope"),
      selectFleet(db, "prod"),
      selectSimClock(db),
    ]);
    // The scopes come through the selection's own mapping (a JSON array, parsed).
    expect(c1).toMatchObject({ name: "c1", fleet: "prod", scopes: ["payments"] });
    expect(missing).toBeUndefined();
    expect(fleet).toMatchObject({ name: "prod", createdAt: T0 });
    expect(clock).toEqual([]);
    // The same statements outside a batch, with other values.
    expect(await getCluster(db, "nope")).toBeUndefined();
    expect((await getCluster(db, "c1"))?.scopes).toEqual(["payments"]);
    expect(await getFleet(db, "prod")).toEqual(fleet);
  });

  it("a write built once commits with the batch it is in, its columns encoded (JSON, booleans)", async () => {
    const { db } = createTestDb(migrationSql);
    await db.batch([
      putFleet(db, "a", T0),
      auditStatement(
        db,
        entry("a", { fleets: ["a"], replayed: true, actorName: "ci", actorRole: "admin" }),
      ),
    ]);
    await recordAudit(db, entry("b", { status: 403 }));
    const page = await listAudit(db, { kind: "everything" }, {});
    expect(page.items.map((row) => [row.requestId, row.fleets, row.replayed, row.status])).toEqual([
      ["b", [], false, 403],
      ["a", ["a"], true, 201],
    ]);
    expect(page.items[1]).toMatchObject({
      actorName: "ci",
      actorRole: "admin",
      actorTokenId: null,
    });
  });

  it("a batch that fails rolls back the write built once with the rest", async () => {
    const { db } = createTestDb(migrationSql);
    await expect(
      db.batch([
        auditStatement(db, entry("x")),
        auditStatement(db, { ...entry("y"), method: null as unknown as string }),
      ]),
    ).rejects.toThrow();
    expect((await listAudit(db, { kind: "everything" }, {})).items).toEqual([]);
  });

  it("a cluster put built once leaves out what the spec leaves out: defaults, else null", async () => {
    const { db } = createTestDb(migrationSql);
    await seed(db);
    await putCluster(
      db,
      clusterSpec("c2", { labels: { team: "a" }, autopilot: true, updateGroup: "g" }),
      T0,
    );
    expect(await getCluster(db, "c2")).toMatchObject({
      labels: { team: "a" },
      autopilot: true,
      updateGroup: "g",
      deprecatedApiUsage: false,
      components: {},
      phase: "RUNNING",
    });
    // A replacement spec without them: as if the columns were never named.
    await putCluster(db, clusterSpec("c2", { specVersion: "1.22.0-gke.1" }), T0 + 1);
    expect(await getCluster(db, "c2")).toMatchObject({
      labels: null,
      autopilot: false,
      updateGroup: null,
      specVersion: "1.22.0-gke.1",
      statusVersion: "1.21.14-gke.4300",
      createdAt: T0,
      updatedAt: T0 + 1,
      scopes: [],
    });
  });

  it("each is built once per inventory handle: later batches bind the statement already prepared", async () => {
    const { db, d1 } = createTestDb(migrationSql);
    await seed(db);
    const read = () =>
      db.batch([selectCluster(db, "c1"), selectFleet(db, "prod"), selectSimClock(db)]);
    await read();
    const prepare = vi.spyOn(d1, "prepare");
    const [[cluster]] = await read();
    await recordAudit(db, entry("first"));
    const [[again]] = await read();
    await recordAudit(db, entry("second"));
    expect(cluster?.name).toBe("c1");
    expect(again).toEqual(cluster);
    // The audit insert was prepared by its first use; nothing was prepared after that.
    expect(prepare).toHaveBeenCalledTimes(1);
  });

  it("an entry missing a column is refused before anything is sent", () => {
    const { db } = createTestDb(migrationSql);
    const { status: _status, ...partial } = entry("z");
    expect(() => auditStatement(db, partial as AuditWrite)).toThrow(/status/);
  });
});
