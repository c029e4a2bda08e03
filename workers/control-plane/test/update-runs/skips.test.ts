import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import {
  advanceRunUntil,
  cluster,
  createRun,
  FLEET,
  memberOf,
  NEW,
  type RunBody,
  useRunFixtures,
} from "./helpers.ts";

useRunFixtures();

const FULL = { type: "Full", kubernetesVersion: NEW };
const settled = (r: RunBody) => !["Running", "Pending", "NotStarted"].includes(r.state);
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
});
