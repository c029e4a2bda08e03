import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import {
  advanceRunUntil,
  cluster,
  createRun,
  editStoredRun,
  FLEET,
  getRun,
  memberOf,
  NEW,
  useRunFixtures,
} from "./helpers.ts";

useRunFixtures();

const FULL = { type: "Full", kubernetesVersion: NEW };

describe("update runs through the API", () => {
  it("RUN-3 a strategy naming a group twice is a 422; RUN-4 a stored strategy reads back", async () => {
    const bad = await api("PUT", `/v1/fleets/${FLEET}/update-strategies/dup`, {
      body: {
        stages: [
          { name: "a", groups: [{ name: "g" }] },
          { name: "b", groups: [{ name: "g" }] },
        ],
      },
    });
    expect(bad.status).toBe(422);
    expect(bad.headers.get("content-type")).toBe("application/problem+json");
    expect(bad.body.rule).toBe("RUN-3");
    const put = await api("PUT", `/v1/fleets/${FLEET}/update-strategies/two-stages`, {
      body: {
        stages: [
          { name: "canary", groups: [{ name: "canary" }], afterStageWaitSeconds: 600 },
          { name: "rest", groups: [{ name: "rest" }] },
        ],
      },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(201);
    const got = await api("GET", `/v1/fleets/${FLEET}/update-strategies/two-stages`);
    expect(got.body.stages.map((s: { name: string }) => s.name)).toEqual(["canary", "rest"]);
    expect((await api("GET", `/v1/fleets/${FLEET}/update-strategies/nope`)).status).toBe(404);
  });

  it("RUN-1 RUN-5 without a strategy a Full run upgrades every member one at a time; status shows times, operation ids and the node image", async () => {
    await cluster("r1-a");
    await cluster("r1-b");
    const created = await createRun({ name: "run-1", upgrade: FULL });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.state).toBe("NotStarted");
    expect(
      created.body.stages[0].groups[0].members.map((m: { cluster: string }) => m.cluster),
    ).toEqual(expect.arrayContaining(["r1-a", "r1-b"]));
    expect((await createRun({ name: "run-1", upgrade: FULL })).status).toBe(409);
    const started = await api("POST", `/v1/fleets/${FLEET}/update-runs/run-1/start`);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.state).toBe("Running");
    const running = started.body.stages[0].groups[0].members.filter(
      (m: { state: string }) => m.state === "Running",
    );
    expect(running).toHaveLength(1);
    expect(running[0].operation).toMatch(/^op-/);
    const done = await advanceRunUntil(
      "run-1",
      (r) => r.state !== "Running" && r.state !== "Pending",
    );
    expect(done.state, JSON.stringify(done)).toBe("Completed");
    for (const name of ["r1-a", "r1-b"]) {
      const m = memberOf(done, name);
      expect(m.state).toBe("Completed");
      expect(m.startedAt).toBeDefined();
      expect(m.endedAt).toBeDefined();
      const c = await api("GET", `/v1/clusters/${name}`);
      expect(c.body.status.version).toBe(NEW);
    }
    const a = memberOf(done, "r1-a");
    const b = memberOf(done, "r1-b");
    // One at a time: the second starts when the first has ended.
    const [first, second] = Date.parse(a.startedAt!) < Date.parse(b.startedAt!) ? [a, b] : [b, a];
    expect(Date.parse(second.startedAt!)).toBeGreaterThanOrEqual(Date.parse(first.endedAt!));
    const list = await api("GET", `/v1/fleets/${FLEET}/update-runs`);
    expect(list.body.items[0]).toMatchObject({ name: "run-1", state: "Completed" });
  });

  it("RUN-5 RUN-6 NodeImageOnly with Latest re-images every pool through its own upgrade to the newest image in the region; the cluster version stays", async () => {
    await cluster("ni-1", { updateGroup: "ni" }, { a: {}, b: {} });
    const created = await createRun({
      name: "ni-run",
      stages: [{ name: "ni", groups: [{ name: "ni" }] }],
      upgrade: { type: "NodeImageOnly" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await api("POST", `/v1/fleets/${FLEET}/update-runs/ni-run/start`);
    const done = await advanceRunUntil(
      "ni-run",
      (r) => r.state !== "Running" && r.state !== "Pending",
    );
    expect(done.state, JSON.stringify(done)).toBe("Completed");
    expect(memberOf(done, "ni-1")).toMatchObject({ state: "Completed", nodeImage: "cos-110" });
    for (const pool of ["a", "b"]) {
      expect((await api("GET", `/v1/clusters/ni-1/node-pools/${pool}`)).body.nodeImage).toBe(
        "cos-110",
      );
    }
    expect((await api("GET", "/v1/clusters/ni-1")).body.status.version).toBe("1.21.11-gke.1100");
  });

  it("RUN-5 a member's end reported twice (a lost acknowledgement) is taken once", async () => {
    const before = await getRun("run-1");
    const a = memberOf(before, "r1-a");
    const stub = env.UPDATE_RUN.get(env.UPDATE_RUN.idFromName(`${FLEET}/run-1`));
    // The same report again, and a late failure for a member that already completed.
    await stub.memberEnded({ cluster: "r1-a", operationIds: [a.operation!], succeeded: true });
    await stub.memberEnded({
      cluster: "r1-a",
      operationIds: ["op-late"],
      succeeded: false,
      message: "late",
    });
    const after = await getRun("run-1");
    expect(after).toEqual(before);
  });

  it("RUN-5 a member start carried out again (as after a crash before its answer was kept) does not start a second upgrade", async () => {
    await cluster("re-1", { updateGroup: "re" });
    await createRun({
      name: "re-run",
      stages: [{ name: "re", groups: [{ name: "re" }] }],
      upgrade: FULL,
    });
    const started = await api("POST", `/v1/fleets/${FLEET}/update-runs/re-run/start`);
    const first = memberOf(started.body, "re-1").operation;
    expect(first).toMatch(/^op-/);
    const stub = env.UPDATE_RUN.get(env.UPDATE_RUN.idFromName(`${FLEET}/re-run`));
    await editStoredRun("re-run", ({ run, starts }) => ({
      run,
      starts: [
        ...starts,
        {
          intent: {
            type: "START_MEMBER",
            cluster: "re-1",
            upgrade: "Full",
            kubernetesVersion: NEW,
          },
        },
      ],
    }));
    await stub.tick();
    const ops = await env.DB.prepare(
      "SELECT id FROM operations WHERE cluster = ? AND kind = 'CLUSTER_UPGRADE'",
    )
      .bind("re-1")
      .all();
    expect(ops.results.map((r) => r.id)).toEqual([first]);
    expect(memberOf(await getRun("re-run"), "re-1").operation).toBe(first);
    expect((await advanceRunUntil("re-run", (r) => r.state !== "Running")).state).toBe("Completed");
  });
});
