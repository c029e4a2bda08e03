import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, moveWallClock } from "../helpers.ts";
import { advanceRunUntil, cluster, createRun, FLEET, NEW, useRunFixtures } from "./helpers.ts";

useRunFixtures();

const DAY = 86_400;
const path = `/v1/fleets/${FLEET}/update-runs`;

async function names(query: string): Promise<{ names: string[]; next: string | null }> {
  const res = await api("GET", `${path}${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return {
    names: (res.body.items as { name: string }[]).map((r) => r.name),
    next: res.body.nextCursor,
  };
}

describe("update runs: the fleet's list and retention", () => {
  it("GET …/update-runs pages newest first with limit and cursor; a foreign cursor is a 400", async () => {
    await cluster("ret-a");
    for (const name of ["page-1", "page-2", "page-3"]) {
      await api("POST", "/v1/sim/advance", { body: { seconds: 1 } });
      const created = await createRun({
        name,
        upgrade: { type: "ControlPlaneOnly", kubernetesVersion: NEW },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    const first = await names("?limit=2");
    expect(first.names).toEqual(["page-3", "page-2"]);
    expect(first.next).toEqual(expect.any(String));
    const second = await names(`?limit=2&cursor=${first.next}`);
    expect(second).toEqual({ names: ["page-1"], next: null });
    const bad = await api("GET", `${path}?cursor=not-a-cursor`);
    expect(bad.status).toBe(400);
  });

  it("a finished run outlives 30 virtual days in which little wall time passes, and is dropped from the list and its object emptied once the operation retention (30 wall-clock days) has passed; an unfinished one stays", async () => {
    const done = await createRun({
      name: "kept-30-days",
      upgrade: { type: "ControlPlaneOnly", kubernetesVersion: NEW },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    await api("POST", `${path}/kept-30-days/start`);
    const finished = await advanceRunUntil(
      "kept-30-days",
      (r) => r.state !== "Running" && r.state !== "Pending",
    );
    expect(finished.state).toBe("Completed");
    await api("POST", "/v1/sim/advance", { body: { seconds: 60 } });

    // Retention is bookkeeping on the wall clock: at 3,600× a finished run would be gone
    // twelve wall minutes later if it counted virtual days.
    await api("POST", "/v1/sim/advance", { body: { seconds: 31 * DAY } });
    expect((await api("GET", `${path}/kept-30-days`)).status).toBe(200);
    await moveWallClock((30 * DAY - 60) * 1000, FLEET);
    expect((await api("GET", `${path}/kept-30-days`)).status).toBe(200);
    await moveWallClock(120 * 1000, FLEET);
    // The tick that drops it asks the run's object to forget it (a delivery due at once).
    await api("POST", "/v1/sim/advance", { body: { seconds: 60 } });
    expect((await api("GET", `${path}/kept-30-days`)).status).toBe(404);
    const listed = await names("?limit=500");
    expect(listed.names).not.toContain("kept-30-days");
    // Never started: not finished, so kept.
    expect(listed.names).toContain("page-1");
    const rows = await runInDurableObject(
      env.UPDATE_RUN.get(env.UPDATE_RUN.idFromName(`${FLEET}/kept-30-days`)),
      (_i, state) => state.storage.sql.exec("SELECT key FROM state").toArray(),
    );
    expect(rows.filter((r) => !String(r.key).startsWith("inbox"))).toEqual([]);
  });
});
