import { describe, expect, it } from "vitest";
import { poolBody } from "../fixtures.ts";
import { api } from "../helpers.ts";
import {
  advanceRunUntil,
  cluster,
  createRun,
  FLEET,
  memberOf,
  NEW,
  OLD,
  type RunBody,
  useRunFixtures,
} from "./helpers.ts";

useRunFixtures();

const FULL = { type: "Full", kubernetesVersion: NEW };
const settled = (r: RunBody) => !["Running", "Pending", "NotStarted"].includes(r.state);
const poolImage = async (cluster: string, pool: string) =>
  (await api("GET", `/v1/clusters/${cluster}/node-pools/${pool}`)).body.nodeImage as string;
const start = (run: string) => api("POST", `/v1/fleets/${FLEET}/update-runs/${run}/start`);
/** A Monday window (the sim starts Monday 00:00 UTC). */
const monday = (start: string) => ({
  windows: [{ start, durationSeconds: 7200, days: ["MON"] }],
});
/** A cluster upgrade of a cluster without pools takes this long in the sim. */
const UPGRADE_SECONDS = 1270;

describe("RUN-9 system skips through the API", () => {
  it("RUN-9 a member upgraded by hand after the run was created is Skipped when its turn comes, not Failed with VER-8, and the members after it still run", async () => {
    // hand-c goes first (no window); hand-b's window opens at 01:00, just as its manual
    // upgrade ends; hand-d's at 06:00 (closed now, so tried last).
    await cluster("hand-b", { updateGroup: "hand", maintenance: monday("01:00") });
    await cluster("hand-c", { updateGroup: "hand" });
    await cluster("hand-d", { updateGroup: "hand", maintenance: monday("06:00") });
    const created = await createRun({
      name: "hand-run",
      stages: [{ name: "hand", groups: [{ name: "hand" }] }],
      upgrade: FULL,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await start("hand-run")).status).toBe(200);
    await api("POST", "/v1/sim/advance", { body: { seconds: 3600 - UPGRADE_SECONDS } });
    const manual = await api("POST", "/v1/clusters/hand-b/upgrade", { body: { version: NEW } });
    expect(manual.status, JSON.stringify(manual.body)).toBe(202);
    const done = await advanceRunUntil("hand-run", settled, { stepSeconds: 1800 });
    expect(done.state, JSON.stringify(done)).toBe("Completed");
    expect(memberOf(done, "hand-b")).toMatchObject({
      state: "Skipped",
      message: `RUN-9: already at the target Kubernetes version ${NEW}`,
    });
    expect(memberOf(done, "hand-b").startedAt).toBeUndefined();
    expect(memberOf(done, "hand-c").state).toBe("Completed");
    expect(memberOf(done, "hand-d").state).toBe("Completed");
    expect((await api("GET", "/v1/clusters/hand-d")).body.status.version).toBe(NEW);
  });

  it("RUN-9 a Full run upgrades a member whose control plane is at the target but whose pools lag; the pools end on the target", async () => {
    await cluster("lag-a", { updateGroup: "lag", version: NEW }, { np: {} });
    await cluster("lag-b", { updateGroup: "lag", version: NEW }, { np: { version: NEW } });
    const created = await createRun({
      name: "lag-run",
      stages: [{ name: "lag", groups: [{ name: "lag" }] }],
      upgrade: FULL,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await start("lag-run")).status).toBe(200);
    const done = await advanceRunUntil("lag-run", settled, { stepSeconds: 1800 });
    expect(done.state, JSON.stringify(done)).toBe("Completed");
    expect(memberOf(done, "lag-a")).toMatchObject({ state: "Completed", nodeImage: "cos-110" });
    expect(memberOf(done, "lag-b")).toMatchObject({
      state: "Skipped",
      message: `RUN-9: already at the target Kubernetes version ${NEW}`,
    });
    const pool = (await api("GET", "/v1/clusters/lag-a/node-pools/np")).body;
    expect(pool).toMatchObject({ version: NEW, nodeImage: "cos-110" });
  });

  it("RUN-9 a member upgraded by hand past the target does not refuse the run (no 422): it is Skipped with its version and the others complete", async () => {
    const PAST = "1.22.3-gke.100";
    await cluster("past-a", { updateGroup: "past", version: PAST });
    await cluster("past-b", { updateGroup: "past" });
    const created = await createRun({
      name: "past-run",
      stages: [{ name: "past", groups: [{ name: "past" }] }],
      upgrade: FULL,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await start("past-run")).status).toBe(200);
    const done = await advanceRunUntil("past-run", settled, { stepSeconds: 1800 });
    expect(done.state, JSON.stringify(done)).toBe("Completed");
    expect(memberOf(done, "past-a")).toMatchObject({
      state: "Skipped",
      message: `RUN-9: already past the target Kubernetes version ${NEW} (runs ${PAST}; VER-2: a cluster is never downgraded)`,
    });
    expect(memberOf(done, "past-b").state).toBe("Completed");
    expect((await api("GET", "/v1/clusters/past-a")).body.status.version).toBe(PAST);
  });

  it("RUN-9 Consistent: a node pool added after the run started is re-imaged when the consistent image fits it; a member given a pool it does not fit (another OS) is Skipped when its turn comes and none of its pools is re-imaged", async () => {
    await cluster("cons-a", { updateGroup: "cons" }, { np: {} });
    await cluster("cons-b", { updateGroup: "cons" }, { np: {} });
    await cluster("cons-c", { updateGroup: "cons" }, { np: {} });
    const created = await createRun({
      name: "cons-run",
      stages: [{ name: "cons", groups: [{ name: "cons" }] }],
      upgrade: { type: "NodeImageOnly" },
      nodeImageSelection: "Consistent",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const started = await start("cons-run");
    expect(started.status).toBe(200);
    expect(started.body.nodeImage).toBe("cos-110");
    expect(memberOf(started.body, "cons-a").state).toBe("Running");
    for (const [name, nodeImage] of [
      ["cons-b", "cos-97"],
      ["cons-c", "ubuntu-2004"],
    ] as const) {
      const late = await api("PUT", `/v1/clusters/${name}/node-pools/late`, {
        body: poolBody({ version: OLD, nodeCount: 1, zones: ["europe-west1-b"], nodeImage }),
      });
      expect(late.status, JSON.stringify(late.body)).toBe(201);
    }
    const done = await advanceRunUntil("cons-run", settled);
    expect(done.state, JSON.stringify(done)).toBe("Completed");
    expect(memberOf(done, "cons-c")).toMatchObject({
      state: "Skipped",
      message:
        "RUN-9: the consistent node image cos-110 has no version for node pool late (ubuntu-2004): the pool was added after the run started",
    });
    expect(await poolImage("cons-c", "np")).toBe("cos-97");
    expect(await poolImage("cons-c", "late")).toBe("ubuntu-2004");
    for (const name of ["cons-a", "cons-b"]) {
      expect(memberOf(done, name)).toMatchObject({ state: "Completed", nodeImage: "cos-110" });
      expect(await poolImage(name, "np")).toBe("cos-110");
    }
    expect(await poolImage("cons-b", "late")).toBe("cos-110");
  });
});
