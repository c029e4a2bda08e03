import { describe, expect, it } from "vitest";
import { dueWakeups, pendingWakeups, putWakeup, wakeupsFrom } from "../src/index.ts";
import { createTestDb } from "./d1-standin.ts";
import { T0 } from "./fixtures.ts";
import { migrationSql } from "./migrations.ts";

describe("the wake-up registry", () => {
  it("keeps any namespace the worker names, knowing no object classes of its own", async () => {
    const { db } = createTestDb(migrationSql);
    await putWakeup(db, "some-namespace", "a", T0 + 2);
    await putWakeup(db, "another", "b", T0 + 1);
    await putWakeup(db, "another", "c", T0 + 1);
    expect(await pendingWakeups(db, undefined, 10)).toEqual([
      { kind: "another", name: "b", due: T0 + 1 },
      { kind: "another", name: "c", due: T0 + 1 },
      { kind: "some-namespace", name: "a", due: T0 + 2 },
    ]);
    expect(await pendingWakeups(db, { kind: "another", name: "c" }, 10)).toEqual([
      { kind: "some-namespace", name: "a", due: T0 + 2 },
    ]);
    expect((await wakeupsFrom(db, T0, 10)).map((w) => w.name)).toEqual(["b", "c"]);
    await putWakeup(db, "another", "b", undefined);
    expect((await dueWakeups(db, T0 + 2, 10)).map((w) => w.name)).toEqual(["c", "a"]);
  });
});
