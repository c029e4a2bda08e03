import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { clusterBody } from "../fixtures.ts";
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
  OLD,
  type RunBody,
  useRunFixtures,
} from "./helpers.ts";

useRunFixtures();

const FULL = { type: "Full", kubernetesVersion: NEW };
const settled = (r: RunBody) => !["Running", "Pending", "NotStarted"].includes(r.state);
const start = (run: string) => api("POST", `/v1/fleets/${FLEET}/update-runs/${run}/start`);
const twoStages = (first: string, second: string) => [
  { name: `${first}-stage`, groups: [{ name: first }] },
  { name: `${second}-stage`, groups: [{ name: second }] },
];

describe("EXT-8 membership change during an update run, through the API", () => {
  it("EXT-8: a member cluster deleted mid-run before its turn ends Skipped with the deletion as its reason; the run goes on to later members and stages", async () => {
    await cluster("del-1", { updateGroup: "del-a" });
    await cluster("del-2", { updateGroup: "del-a" });
    await cluster("del-3", { updateGroup: "del-b" });
    const created = await createRun({
      name: "del-run",
      stages: twoStages("del-a", "del-b"),
      upgrade: FULL,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const started = await start("del-run");
    expect(memberOf(started.body, "del-1").state).toBe("Running");
    expect((await api("DELETE", "/v1/clusters/del-2")).status).toBe(204);

    const done = await advanceRunUntil("del-run", settled);
    expect(done.state, JSON.stringify(done)).toBe("Completed");
    expect(memberOf(done, "del-1").state).toBe("Completed");
    const gone = memberOf(done, "del-2");
    expect(gone.state).toBe("Skipped");
    expect(gone.message).toMatch(/^EXT-8: cluster del-2 was deleted/);
    expect(gone.operation).toBeUndefined();
    expect(memberOf(done, "del-3").state).toBe("Completed");
    expect((await api("GET", "/v1/clusters/del-3")).body.status.version).toBe(NEW);
  });

  it("EXT-8: a member cluster deleted while its upgrade runs ends Skipped, not Failed; the run goes on to the next stage", async () => {
    await cluster("mid-1", { updateGroup: "mid-a" });
    await cluster("mid-2", { updateGroup: "mid-b" });
    await createRun({ name: "mid-run", stages: twoStages("mid-a", "mid-b"), upgrade: FULL });
    const started = await start("mid-run");
    expect(memberOf(started.body, "mid-1").state).toBe("Running");
    expect((await api("DELETE", "/v1/clusters/mid-1")).status).toBe(204);

    const done = await advanceRunUntil("mid-run", settled);
    expect(done.state, JSON.stringify(done)).toBe("Completed");
    const gone = memberOf(done, "mid-1");
    expect(gone.state).toBe("Skipped");
    expect(gone.message).toMatch(/^EXT-8: cluster mid-1 was deleted while it was being upgraded/);
    expect(gone.endedAt).toBeDefined();
    expect(done.stages[0]!.state).not.toBe("Failed");
    expect(memberOf(done, "mid-2").state).toBe("Completed");
  });

  it("EXT-8: a member whose cluster is deleted between the run's decision to start it and the start ends Skipped, not Failed with 'does not exist'", async () => {
    await cluster("race-1", { updateGroup: "race-a" });
    await cluster("race-2", { updateGroup: "race-b" });
    await createRun({ name: "race-run", stages: twoStages("race-a", "race-b"), upgrade: FULL });
    expect((await api("DELETE", "/v1/clusters/race-1")).status).toBe(204);
    // As if the run had decided to start race-1 just before the deletion: its start is
    // kept, not yet carried out (the state a crash or a slow fleet leaves).
    const stub = env.UPDATE_RUN.get(env.UPDATE_RUN.idFromName(`${FLEET}/race-run`));
    await editStoredRun("race-run", ({ run, starts }) => {
      run.startedAt = run.createdAt;
      const member = run.stages[0]!.groups[0]!.members[0]!;
      member.state = "Running";
      member.startedAt = run.createdAt;
      return {
        run,
        starts: [
          ...starts,
          {
            intent: {
              type: "START_MEMBER",
              cluster: "race-1",
              upgrade: "Full",
              kubernetesVersion: NEW,
            },
          },
        ],
      };
    });
    await stub.tick();

    const done = await advanceRunUntil("race-run", settled);
    expect(done.state, JSON.stringify(done)).toBe("Completed");
    expect(memberOf(done, "race-1")).toMatchObject({
      state: "Skipped",
      message:
        "EXT-8: cluster race-1 was deleted while it was being upgraded; the run goes on without it",
    });
    expect(memberOf(done, "race-2").state).toBe("Completed");
  });

  it("EXT-8: a member cluster moved to another fleet mid-run ends Skipped without naming the fleet it went to (a reader of this run may not read that one); the run goes on", async () => {
    await cluster("mv-1", { updateGroup: "mv" });
    await cluster("mv-2", { updateGroup: "mv" });
    await cluster("mv-3", { updateGroup: "mv" });
    await createRun({
      name: "mv-run",
      stages: [{ name: "mv", groups: [{ name: "mv" }] }],
      upgrade: FULL,
    });
    const started = await start("mv-run");
    expect(memberOf(started.body, "mv-1").state).toBe("Running");
    expect((await api("PUT", "/v1/fleets/elsewhere", { body: {} })).status).toBeLessThan(300);
    const moved = await api("PUT", "/v1/clusters/mv-2", {
      body: clusterBody({ fleet: "elsewhere", version: OLD, updateGroup: "mv" }),
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    const done = await advanceRunUntil("mv-run", settled);
    expect(done.state, JSON.stringify(done)).toBe("Completed");
    expect(memberOf(done, "mv-2")).toMatchObject({
      state: "Skipped",
      message: "EXT-8: cluster mv-2 moved to another fleet; the run goes on without it",
    });
    expect(JSON.stringify(done)).not.toContain("elsewhere");
    expect(memberOf(done, "mv-3").state).toBe("Completed");
    expect((await api("GET", "/v1/clusters/mv-2")).body.status.version).toBe(OLD);
  });

  it("EXT-8: a cluster added to the fleet after the run started is not pulled into the run", async () => {
    await cluster("add-1", { updateGroup: "add" });
    await createRun({
      name: "add-run",
      stages: [{ name: "add", groups: [{ name: "add" }] }],
      upgrade: FULL,
    });
    await start("add-run");
    await cluster("add-2", { updateGroup: "add" });

    const done = await advanceRunUntil("add-run", settled);
    expect(done.state, JSON.stringify(done)).toBe("Completed");
    expect(done.stages[0]!.groups[0]!.members.map((m) => m.cluster)).toEqual(["add-1"]);
    expect((await api("GET", "/v1/clusters/add-2")).body.status.version).toBe(OLD);
  });

  it("EXT-8: a member's facts are read when it starts: a maintenance window set after the run was created holds it Pending", async () => {
    await cluster("late-1", { updateGroup: "late" });
    await createRun({
      name: "late-run",
      stages: [{ name: "late", groups: [{ name: "late" }] }],
      upgrade: FULL,
    });
    // A window that opens well after now (Saturdays only; the sim clock is on a Monday).
    const windowed = await api("PUT", "/v1/clusters/late-1", {
      body: clusterBody({
        fleet: FLEET,
        version: OLD,
        updateGroup: "late",
        maintenance: {
          windows: [{ start: "22:00", durationSeconds: 4 * 3600, days: ["SAT"] }],
          exclusions: [],
        },
      }),
    });
    expect(windowed.status, JSON.stringify(windowed.body)).toBe(200);

    const started = await start("late-run");
    const late = memberOf(started.body, "late-1");
    expect(late.state, JSON.stringify(started.body)).toBe("Pending");
    expect(late.message).toMatch(/^RUN-8: /);
    expect((await getRun("late-run")).state).toBe("Pending");
  });
});
