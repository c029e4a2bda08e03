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
const runPath = (run: string) => `/v1/fleets/${FLEET}/update-runs/${run}`;

interface GateBody {
  id: string;
  type: string;
  timing: string;
  state: string;
  approvedBy?: string;
}
type GatedRun = RunBody & {
  stages: (RunBody["stages"][number] & {
    gates?: GateBody[];
    groups: (RunBody["stages"][number]["groups"][number] & { gates?: GateBody[] })[];
  })[];
};

describe("update-run gates through the API (EXT-1)", () => {
  it("EXT-1 an Approval gate before a group shows Pending in the run status and holds its members; a viewer may not approve it, an operator of the fleet may, once for good", async () => {
    await cluster("g1-a", { updateGroup: "g1-canary" });
    await cluster("g1-b", { updateGroup: "g1-prod" });
    const created = await createRun({
      name: "gated",
      upgrade: FULL,
      stages: [
        {
          name: "canary",
          groups: [{ name: "g1-canary", beforeGates: [{ type: "Approval", displayName: "CAB" }] }],
        },
        { name: "prod", groups: [{ name: "g1-prod" }] },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const started = await api("POST", `${runPath("gated")}/start`);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const body = started.body as GatedRun;
    const group = body.stages[0]!.groups[0]!;
    expect(group.state).toBe("Pending");
    expect(group.message).toBe(
      "EXT-1: waiting for approval of gate group-g1-canary-before-0 (CAB)",
    );
    expect(group.gates).toEqual([
      expect.objectContaining({
        id: "group-g1-canary-before-0",
        type: "Approval",
        timing: "Before",
        state: "Pending",
      }),
    ]);
    expect(memberOf(body, "g1-a").state).toBe("NotStarted");
    expect(body.state).toBe("Pending");

    const viewer = await api("POST", "/v1/tokens", {
      body: { name: "g1-viewer", role: "viewer", fleets: [FLEET] },
    });
    const outsider = await api("POST", "/v1/tokens", {
      body: { name: "g1-outsider", role: "operator", fleets: ["elsewhere"] },
    });
    const operator = await api("POST", "/v1/tokens", {
      body: { name: "g1-operator", role: "operator", fleets: [FLEET] },
    });
    const approvePath = `${runPath("gated")}/gates/group-g1-canary-before-0/approve`;
    expect((await api("POST", approvePath, { token: viewer.body.token })).status).toBe(403);
    expect((await api("POST", approvePath, { token: outsider.body.token })).status).toBe(403);
    const unknown = await api("POST", `${runPath("gated")}/gates/nope/approve`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.rule).toBe("EXT-1");

    const approved = await api("POST", approvePath, { token: operator.body.token });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const gate = (approved.body as GatedRun).stages[0]!.groups[0]!.gates![0]!;
    expect(gate).toMatchObject({ state: "Completed", approvedBy: "g1-operator" });
    expect(memberOf(approved.body, "g1-a").state).toBe("Running");
    const again = await api("POST", approvePath);
    expect(again.status).toBe(200);
    expect((again.body as GatedRun).stages[0]!.groups[0]!.gates![0]!.approvedBy).toBe(
      "g1-operator",
    );

    const done = await advanceRunUntil(
      "gated",
      (r) => r.state === "Completed" || r.state === "Failed",
      {
        stepSeconds: 300,
      },
    );
    expect(done.state).toBe("Completed");
  });

  it("EXT-1 a stage's gates are Skipped when the stage is; a gate cannot be skipped alone; a ScheduledStart gate names when it opens", async () => {
    await cluster("g2-a", { updateGroup: "g2-one" });
    await cluster("g2-b", { updateGroup: "g2-two" });
    const created = await createRun({
      name: "gated-skip",
      upgrade: FULL,
      stages: [
        { name: "first", groups: [{ name: "g2-one" }], afterGates: [{ type: "Approval" }] },
        {
          name: "second",
          groups: [{ name: "g2-two" }],
          beforeGates: [
            {
              type: "ScheduledStart",
              scheduledStart: { day: "Wednesday", time: "02:00", utcOffset: "+00:00" },
            },
          ],
        },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const alone = await api("POST", `${runPath("gated-skip")}/skip`, {
      body: { targets: [{ type: "Gate", name: "stage-first-after-0" }] },
    });
    expect(alone.status).toBe(400);
    const skipped = await api("POST", `${runPath("gated-skip")}/skip`, {
      body: { targets: [{ type: "Stage", name: "first" }] },
    });
    expect(skipped.status, JSON.stringify(skipped.body)).toBe(200);
    expect((skipped.body as GatedRun).stages[0]!.gates![0]!.state).toBe("Skipped");
    // Started on a Monday (the fixtures' clock): the second stage waits for Wednesday 02:00Z.
    const started = await api("POST", `${runPath("gated-skip")}/start`);
    const second = (started.body as GatedRun).stages[1]!;
    expect(second.state).toBe("Pending");
    expect(second.message).toBe(
      "EXT-1: gate stage-second-before-0 opens at 2026-01-07T02:00:00.000Z",
    );
    const refused = await api(
      "POST",
      `${runPath("gated-skip")}/gates/stage-second-before-0/approve`,
    );
    expect(refused.status).toBe(409);
  });
});
