import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import {
  advanceRunUntil,
  cluster,
  createRun,
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
const stop = (run: string) => api("POST", `/v1/fleets/${FLEET}/update-runs/${run}/stop`);
const stages = (...groups: string[][]) =>
  groups.map((g, i) => ({ name: `st-${g[0]}-${i}`, groups: g.map((name) => ({ name })) }));

async function operation(id: string) {
  return (await api("GET", `/v1/operations/${id}`)).body as { state: string };
}

const DAYS = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"];
/** A weekly window opening `offsetHours` from the sim's now (whole hours), lasting `hours`. */
async function windowFromNow(offsetHours: number, hours: number) {
  const now = Date.parse((await api("GET", "/v1/sim")).body.now);
  const at = new Date(Math.floor(now / 3_600_000) * 3_600_000 + offsetHours * 3_600_000);
  return {
    windows: [
      {
        start: `${String(at.getUTCHours()).padStart(2, "0")}:00`,
        durationSeconds: hours * 3600,
        days: [DAYS[at.getUTCDay()]],
      },
    ],
  };
}

describe("update run scenarios through the API", () => {
  it("RUN-5 ControlPlaneOnly upgrades the control plane and leaves the node pools; VER rules name a member that cannot reach the target (422)", async () => {
    await cluster("cp-1", { updateGroup: "cp" }, { np: {} });
    const created = await createRun({
      name: "cp-run",
      stages: stages(["cp"]),
      upgrade: { type: "ControlPlaneOnly", kubernetesVersion: NEW },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await start("cp-run")).status).toBe(200);
    const done = await advanceRunUntil("cp-run", settled);
    expect(done.state, JSON.stringify(done)).toBe("Completed");
    expect((await api("GET", "/v1/clusters/cp-1")).body.status.version).toBe(NEW);
    expect((await api("GET", "/v1/clusters/cp-1/node-pools/np")).body.version).toBe(OLD);

    await cluster("old-1", { updateGroup: "old", version: "1.20.5", releaseChannel: "REGULAR" });
    const refused = await createRun({
      name: "ver-run",
      stages: stages(["old"]),
      upgrade: { type: "Full", kubernetesVersion: "1.22.3-gke.100" },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.rule).toBe("VER-4");
    expect(refused.body.detail).toContain("member old-1");
    const noVersion = await createRun({
      name: "ver-run",
      stages: stages(["old"]),
      upgrade: { type: "Full" },
    });
    expect(noVersion.body.rule).toBe("RUN-5");
  });

  it("RUN-4 a run copies its strategy (a later edit does not reach it); RUN-2 afterStageWaitSeconds holds the next stage", async () => {
    await cluster("w-1", { updateGroup: "wait-a" });
    await cluster("w-2", { updateGroup: "wait-b" });
    const strategy = {
      stages: [
        { name: "first", groups: [{ name: "wait-a" }], afterStageWaitSeconds: 7200 },
        { name: "second", groups: [{ name: "wait-b" }] },
      ],
    };
    expect(
      (await api("PUT", `/v1/fleets/${FLEET}/update-strategies/waits`, { body: strategy })).status,
    ).toBe(201);
    const created = await createRun({ name: "wait-run", strategy: "waits", upgrade: FULL });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const edited = await api("PUT", `/v1/fleets/${FLEET}/update-strategies/waits`, {
      body: { stages: [{ name: "only", groups: [{ name: "wait-b" }] }] },
    });
    expect(edited.status).toBe(200);
    expect((await getRun("wait-run")).stages.map((s) => s.name)).toEqual(["first", "second"]);
    expect((await createRun({ name: "x", strategy: "missing", upgrade: FULL })).body.rule).toBe(
      "RUN-4",
    );

    await start("wait-run");
    const waiting = await advanceRunUntil(
      "wait-run",
      (r) => r.stages[0]!.afterStageWaitEndsAt !== undefined,
    );
    expect(waiting.stages[0]!.groups[0]!.state).toBe("Completed");
    expect(waiting.stages[1]!.state).toBe("NotStarted");
    expect(memberOf(waiting, "w-2").state).toBe("NotStarted");
    const ends = Date.parse(waiting.stages[0]!.afterStageWaitEndsAt!);
    const next = await advanceRunUntil(
      "wait-run",
      (r) => memberOf(r, "w-2").startedAt !== undefined,
    );
    expect(Date.parse(memberOf(next, "w-2").startedAt!)).toBeGreaterThanOrEqual(ends);
    expect((await advanceRunUntil("wait-run", settled)).state).toBe("Completed");
  });

  it("RUN-10 EXT-3 a stop stops tracking the member under way (Stopped, its upgrade not cancelled; the run Stopping until that upgrade ended); start again shows what the upgrade did and resumes with the next member", async () => {
    await cluster("s-1", { updateGroup: "stop" });
    await cluster("s-2", { updateGroup: "stop" });
    await createRun({ name: "stop-run", stages: stages(["stop"]), upgrade: FULL });
    const started = await start("stop-run");
    const running = started.body.stages[0].groups[0].members.find(
      (m: { state: string }) => m.state === "Running",
    );
    const stopped = await stop("stop-run");
    expect(stopped.status).toBe(200);
    expect(stopped.body.state).toBe("Stopping");
    expect(stopped.body.message).toMatch(/^RUN-10: stopped by the user; EXT-3: stopping while 1/);
    expect(memberOf(stopped.body, running.cluster)).toMatchObject({
      state: "Stopped",
      operation: running.operation,
      message: `RUN-10: the run stopped tracking this member's upgrade (${running.operation}); it is not cancelled`,
    });
    expect(stopped.body.stages[0].groups[0].state).toBe("Stopped");
    expect((await stop("stop-run")).status).toBe(409);
    // The member's upgrade is not cancelled: it runs to the end while the run is stopped.
    for (let i = 0; i < 100 && (await operation(running.operation)).state === "RUNNING"; i++) {
      await api("POST", "/v1/sim/advance", { body: { seconds: 300 } });
    }
    expect((await operation(running.operation)).state).toBe("SUCCEEDED");
    // Not tracked: the stopped run does not show the end yet.
    const still = await getRun("stop-run");
    expect(still.state).toBe("Stopped");
    expect(memberOf(still, running.cluster).state).toBe("Stopped");
    const other = running.cluster === "s-1" ? "s-2" : "s-1";
    expect(memberOf(still, other).state).toBe("NotStarted");
    const resumed = await start("stop-run");
    expect(resumed.body.state).toBe("Running");
    expect(memberOf(resumed.body, running.cluster).state).toBe("Completed");
    expect(memberOf(resumed.body, running.cluster).endedAt).toBeDefined();
    expect(memberOf(resumed.body, other).state).toBe("Running");
    expect((await advanceRunUntil("stop-run", settled)).state).toBe("Completed");
  });

  it("RUN-11 a member failure fails its group, stage and run with a summary; no further member is attempted", async () => {
    await cluster("f-1", { updateGroup: "fail" });
    await cluster("f-2", { updateGroup: "fail" });
    await cluster("f-3", { updateGroup: "fail-next" });
    const fault = await api("PUT", "/v1/sim/faults/run-fail", {
      body: { match: { cluster: "f-1", operation: "UPGRADE_CONTROL_PLANE" }, effect: "FAIL" },
    });
    expect(fault.status).toBe(200);
    await createRun({
      name: "fail-run",
      stages: [
        { name: "one", groups: [{ name: "fail" }] },
        { name: "two", groups: [{ name: "fail-next" }] },
      ],
      upgrade: FULL,
    });
    // f-1 first: skip nothing, but make sure it is the one tried first (members by name).
    await start("fail-run");
    const failed = await advanceRunUntil("fail-run", settled);
    await api("DELETE", "/v1/sim/faults/run-fail");
    expect(failed.state, JSON.stringify(failed)).toBe("Failed");
    expect(failed.message).toContain("RUN-11: member f-1 failed");
    expect(memberOf(failed, "f-1").state).toBe("Failed");
    expect(failed.stages[0]!.groups[0]!.state).toBe("Failed");
    expect(failed.stages[0]!.state).toBe("Failed");
    expect(memberOf(failed, "f-2").state).toBe("NotStarted");
    expect(memberOf(failed, "f-3").state).toBe("NotStarted");
    expect((await start("fail-run")).status).toBe(409);
  });

  it("RUN-6 RUN-9 Consistent image: chosen at start and shown; a member with a pool that has no version of it is Skipped; a member at the target is Skipped", async () => {
    await cluster("img-1", { updateGroup: "img" }, { np: { nodeImage: "cos-97" } });
    await cluster(
      "img-2",
      { updateGroup: "img" },
      { np: { nodeImage: "cos-97" }, gpu: { nodeImage: "ubuntu-2204" } },
    );
    await cluster("img-3", { updateGroup: "img", version: NEW });
    const created = await createRun({
      name: "img-run",
      stages: stages(["img"]),
      upgrade: FULL,
      nodeImageSelection: "Consistent",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const started = await start("img-run");
    expect(started.body.nodeImage).toBe("cos-110");
    // Members are looked at when their turn comes (one at a time): the skips show then.
    const done = await advanceRunUntil("img-run", settled);
    expect(done.state).toBe("Completed");
    expect(memberOf(done, "img-2")).toMatchObject({ state: "Skipped" });
    expect(memberOf(done, "img-2").message).toContain(
      "RUN-9: the consistent node image cos-110 has no version for node pool gpu",
    );
    expect(memberOf(done, "img-3")).toMatchObject({ state: "Skipped" });
    expect(memberOf(done, "img-3").message).toContain(
      "RUN-9: already at the target Kubernetes version",
    );
    expect(memberOf(done, "img-1")).toMatchObject({ state: "Completed", nodeImage: "cos-110" });
    expect((await api("GET", "/v1/clusters/img-1/node-pools/np")).body.nodeImage).toBe("cos-110");
  });

  it("RUN-7 RUN-8 the member whose window is open goes first; one outside its window is Pending with the next opening and holds the group, which stays Running while another member is Completed", async () => {
    await cluster("mw-closed", { updateGroup: "mw", maintenance: await windowFromNow(72, 2) });
    await cluster("mw-open", { updateGroup: "mw", maintenance: await windowFromNow(0, 6) });
    await cluster("mw-none", { updateGroup: "mw" });
    await createRun({ name: "mw-run", stages: stages(["mw"]), upgrade: FULL });
    const started = await start("mw-run");
    expect(memberOf(started.body, "mw-open").state).toBe("Running");
    const waiting = await advanceRunUntil(
      "mw-run",
      (r) => memberOf(r, "mw-none").state === "Completed",
    );
    const closed = memberOf(waiting, "mw-closed");
    expect(closed.state).toBe("Pending");
    expect(closed.message).toMatch(
      /RUN-8: MW-1: outside the maintenance windows; next opening \d{4}-/,
    );
    // Seed 002: Pending only when all its members are Pending or not started.
    expect(waiting.stages[0]!.groups[0]).toMatchObject({
      state: "Running",
      message: "RUN-8: waiting for Pending member(s) mw-closed",
    });
    expect(waiting.stages[0]!.state).toBe("Running");
    expect(waiting.state).toBe("Running");
    const done = await advanceRunUntil("mw-run", settled, { stepSeconds: 3 * 3600, maxSteps: 40 });
    expect(done.state).toBe("Completed");
  });

  it("RUN-8 a group is Pending only when all its members are Pending or NotStarted, a stage only when all its groups are: a group with every member outside its window is Pending beside one that runs", async () => {
    const closedWindow = await windowFromNow(72, 2);
    await cluster("pg-a1", { updateGroup: "pg-a", maintenance: closedWindow });
    await cluster("pg-b1", { updateGroup: "pg-b" });
    await cluster("pg-b2", { updateGroup: "pg-b", maintenance: closedWindow });
    await createRun({
      name: "pg-run",
      stages: [{ name: "pg", groups: [{ name: "pg-a" }, { name: "pg-b" }] }],
      upgrade: FULL,
    });
    const started = (await start("pg-run")).body as RunBody;
    const [a, b] = started.stages[0]!.groups;
    expect(a).toMatchObject({
      name: "pg-a",
      state: "Pending",
      message: "RUN-8: all its members are Pending or not started",
    });
    expect(b).toMatchObject({ name: "pg-b", state: "Running" });
    expect(started.stages[0]!.state).toBe("Running");
    const later = await advanceRunUntil(
      "pg-run",
      (r) => memberOf(r, "pg-b1").state === "Completed",
    );
    expect(later.stages[0]!.groups[0]!.state).toBe("Pending");
    expect(later.stages[0]!.groups[1]).toMatchObject({
      state: "Running",
      message: "RUN-8: waiting for Pending member(s) pg-b2",
    });
    expect(later.stages[0]!.state).toBe("Running");
    expect(later.state).toBe("Running");
    expect((await stop("pg-run")).status).toBe(200);
  });

  it("RUN-12 skip a member before the start and a group during the run; unknown targets are a 422, a running member a 409", async () => {
    await cluster("k-1", { updateGroup: "skip-a" });
    await cluster("k-2", { updateGroup: "skip-a" });
    await cluster("k-3", { updateGroup: "skip-b" });
    await createRun({ name: "skip-run", stages: stages(["skip-a"], ["skip-b"]), upgrade: FULL });
    const skipPath = `/v1/fleets/${FLEET}/update-runs/skip-run/skip`;
    const before = await api("POST", skipPath, {
      body: { targets: [{ type: "Member", name: "k-1" }] },
    });
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(memberOf(before.body, "k-1")).toMatchObject({
      state: "Skipped",
      message: "RUN-12: skipped by the user",
    });
    const unknown = await api("POST", skipPath, {
      body: { targets: [{ type: "Stage", name: "nope" }] },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.rule).toBe("RUN-12");
    const started = await start("skip-run");
    expect(memberOf(started.body, "k-2").state).toBe("Running");
    expect(
      (await api("POST", skipPath, { body: { targets: [{ type: "Member", name: "k-2" }] } }))
        .status,
    ).toBe(409);
    const group = await api("POST", skipPath, {
      body: { targets: [{ type: "Group", name: "skip-b" }] },
    });
    expect(group.status).toBe(200);
    const done = await advanceRunUntil("skip-run", settled);
    expect(done.state).toBe("Completed");
    expect(done.stages[1]!.state).toBe("Skipped");
    expect(memberOf(done, "k-3").state).toBe("Skipped");
  });

  it("RUN-4 runs and strategies are fleet-scoped: a token of another fleet gets 403, a viewer reads but cannot start", async () => {
    const viewer = await api("POST", "/v1/tokens", {
      body: { name: "run-viewer", role: "viewer", fleets: [FLEET] },
    });
    const outsider = await api("POST", "/v1/tokens", {
      body: { name: "run-outsider", role: "operator", fleets: ["elsewhere"] },
    });
    expect(viewer.status).toBe(201);
    await cluster("auth-1", { updateGroup: "auth" });
    await createRun({ name: "auth-run", stages: stages(["auth"]), upgrade: FULL });
    const path = `/v1/fleets/${FLEET}/update-runs/auth-run`;
    expect((await api("GET", path, { token: viewer.body.token })).status).toBe(200);
    expect((await api("POST", `${path}/start`, { token: viewer.body.token })).status).toBe(403);
    expect((await api("GET", path, { token: outsider.body.token })).status).toBe(403);
    expect(
      (
        await api("POST", `/v1/fleets/${FLEET}/update-runs`, {
          token: outsider.body.token,
          body: { name: "o", upgrade: FULL },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await api("GET", `/v1/fleets/${FLEET}/update-strategies/waits`, {
          token: outsider.body.token,
        })
      ).status,
    ).toBe(403);
    expect((await api("GET", `/v1/fleets/${FLEET}/update-runs/missing`)).status).toBe(404);
  });
});
