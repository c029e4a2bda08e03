import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import { advanceRunUntil, createRun, FLEET, NEW, OLD, useRunFixtures } from "./helpers.ts";

useRunFixtures();

const MEMBERS = 5_000;
/** Members really upgraded: the rest are in a stage skipped before the start (RUN-12). */
const UPGRADED = 10;
const RUN = "big";
const path = `/v1/fleets/${FLEET}/update-runs/${RUN}`;

interface PageBody {
  state: string;
  stages: { name: string; groups: { name: string; members: { cluster: string }[] }[] }[];
  nextCursor: string | null;
}

/** 5,000 clusters straight into D1 (the API would take minutes), 10 in group big-a. */
async function seedClusters(): Promise<void> {
  const columns =
    "name, fleet, role, region, release_channel, autopilot, spec_version, status_version, phase, update_group, deprecated_api_usage, status_components, created_at, updated_at";
  const perStatement = 7; // 14 columns: under D1's 100 bound parameters
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < MEMBERS; i += perStatement) {
    const rows = Array.from({ length: Math.min(perStatement, MEMBERS - i) }, (_, k) => i + k);
    statements.push(
      env.DB.prepare(
        `INSERT INTO clusters (${columns}) VALUES ${rows.map(() => "(?, ?, 'standalone', 'europe-west1', 'REGULAR', 0, ?, ?, 'RUNNING', ?, 0, '{}', 0, 0)").join(", ")}`,
      ).bind(
        ...rows.flatMap((n) => [
          `big-${String(n).padStart(4, "0")}`,
          FLEET,
          OLD,
          OLD,
          n < UPGRADED ? "big-a" : "big-b",
        ]),
      ),
    );
  }
  for (let i = 0; i < statements.length; i += 100) await env.DB.batch(statements.slice(i, i + 100));
}

async function page(query: string): Promise<PageBody> {
  const res = await api("GET", `${path}${query}`);
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  return res.body as PageBody;
}

const clustersOf = (body: PageBody) =>
  body.stages.flatMap((s) => s.groups.flatMap((g) => g.members.map((m) => m.cluster)));

/** Rows of the object's `state` table (its storage rows, the runtime's tables aside). */
async function stateRows(stub: DurableObjectStub): Promise<number> {
  return runInDurableObject(
    stub,
    (_i, state) => state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM state").one().n,
  );
}

describe("a 5,000-member update run (the scale item)", () => {
  it("RUN-1 a run of 5,000 members completes; its status pages through every member once in tree order with opaque cursors; the run object writes at most 3 rows per member and both objects keep at most 3 per member", async () => {
    await seedClusters();
    const created = await createRun({
      name: RUN,
      stages: [
        { name: "s-a", maxConcurrency: "50%", groups: [{ name: "big-a", maxConcurrency: "50%" }] },
        { name: "s-b", groups: [{ name: "big-b" }] },
      ],
      upgrade: { type: "Full", kubernetesVersion: NEW },
    });
    expect(created.status, JSON.stringify(created.body).slice(0, 300)).toBe(201);
    // A control's answer is the first page, not the whole tree.
    expect(clustersOf(created.body as PageBody)).toHaveLength(1_000);
    expect((created.body as PageBody).nextCursor).toEqual(expect.any(String));

    const skipped = await api("POST", `${path}/skip`, {
      body: { targets: [{ type: "Stage", name: "s-b" }] },
    });
    expect(skipped.status, JSON.stringify(skipped.body).slice(0, 300)).toBe(200);
    expect((await api("POST", `${path}/start`)).status).toBe(200);
    const done = await advanceRunUntil(RUN, (r) => r.state !== "Running", { stepSeconds: 60 });
    expect(done.state).toBe("Completed");

    // Every page shows every stage and group; the members follow in tree order, once each.
    const seen: string[] = [];
    const cursors: string[] = [];
    let body = await page("?limit=1000");
    for (;;) {
      expect(body.stages.map((s) => s.name)).toEqual(["s-a", "s-b"]);
      expect(body.stages.map((s) => s.groups.map((g) => g.name))).toEqual([["big-a"], ["big-b"]]);
      seen.push(...clustersOf(body));
      if (body.nextCursor === null) break;
      cursors.push(body.nextCursor);
      body = await page(`?limit=1000&cursor=${body.nextCursor}`);
    }
    expect(cursors).toHaveLength(4);
    expect(seen).toEqual(
      Array.from({ length: MEMBERS }, (_, n) => `big-${String(n).padStart(4, "0")}`),
    );
    // Opaque: no name, no position, and two cursors to the same place differ.
    for (const cursor of cursors) {
      expect(cursor).toMatch(/^[0-9a-f]+$/);
      expect(cursor).not.toContain("big");
    }
    const again = await page("?limit=1000");
    expect(again.nextCursor).not.toBe(cursors[0]);
    expect(clustersOf(await page(`?limit=1000&cursor=${again.nextCursor}`))).toEqual(
      seen.slice(1_000, 2_000),
    );
    // A small page of a large run.
    expect(clustersOf(await page("?limit=3"))).toEqual(seen.slice(0, 3));

    // What this run did not issue is a 400 problem: garbage, a tampered cursor, and one
    // of another run.
    const flipped = cursors[0]!.replace(/.$/, (c) => (c === "0" ? "1" : "0"));
    for (const cursor of ["nope", "00", flipped]) {
      const res = await api("GET", `${path}?cursor=${cursor}`);
      expect(res.status, cursor).toBe(400);
      expect(res.headers.get("content-type")).toMatch(/problem\+json/);
    }
    expect((await api("GET", `${path}?limit=0`)).status).toBe(400);
    expect((await api("GET", `${path}?limit=1001`)).status).toBe(400);

    // Rows: what the run object wrote over the whole run, and what both objects keep.
    const run = env.UPDATE_RUN.get(env.UPDATE_RUN.idFromName(`${FLEET}/${RUN}`));
    const fleet = env.FLEET.get(env.FLEET.idFromName(FLEET));
    const written = (await run.inspect()).rowsWritten;
    expect(written / MEMBERS, `${written} rows written by the run object`).toBeLessThanOrEqual(3);
    const kept = (await stateRows(run)) + (await stateRows(fleet));
    expect(kept / MEMBERS, `${kept} rows kept`).toBeLessThanOrEqual(3);
  });
});
