import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { runObjectName } from "../../src/objects/fleet/run-members/members.ts";
import { api, freezeClock } from "../helpers.ts";
import {
  cluster,
  createRun,
  FLEET,
  getRun,
  MONDAY,
  memberOf,
  NEW,
  useRunFixtures,
} from "./helpers.ts";

useRunFixtures();

const MINUTE = 60_000;

describe("discrete-event time between objects: a member's end counts when it happened", () => {
  it("RUN-2 a member end the run hears an hour late is dated when the fleet heard it, and the after-stage wait counts from then", async () => {
    await cluster("late-1", { updateGroup: "late-a" });
    await cluster("late-2", { updateGroup: "late-b" });
    const created = await createRun({
      name: "late-run",
      stages: [
        { name: "one", groups: [{ name: "late-a" }], afterStageWaitSeconds: 3 * 3600 },
        { name: "two", groups: [{ name: "late-b" }] },
      ],
      upgrade: { type: "ControlPlaneOnly", kubernetesVersion: NEW },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const started = await api("POST", `/v1/fleets/${FLEET}/update-runs/late-run/start`);
    expect(started.status).toBe(200);
    const operation = memberOf(started.body, "late-1").operation ?? "";
    expect(operation, JSON.stringify(started.body)).toMatch(/^op-/);

    // The run hears of the end only an hour after the fleet did (it was unreachable, or
    // its alarm ran late): the clock moved on without waking it. (The stage wait outlasts
    // the hour, so the run calls no fleet back while it takes the report.)
    const heard = MONDAY + 5 * MINUTE;
    await freezeClock(MONDAY + 65 * MINUTE);
    const stub = env.UPDATE_RUN.get(env.UPDATE_RUN.idFromName(runObjectName(FLEET, "late-run")));
    await stub.memberEnded({
      cluster: "late-1",
      operationIds: [operation],
      succeeded: true,
      at: heard,
    });

    const run = await getRun("late-run");
    expect(memberOf(run, "late-1").endedAt).toBe(new Date(heard).toISOString());
    expect(run.stages[0]?.afterStageWaitEndsAt).toBe(new Date(heard + 180 * MINUTE).toISOString());
  });

  it("RUN-2 a late member end whose stage wait is already over starts the next stage at once, while the fleet's own report of it comes back into the run", async () => {
    await cluster("hang-1", { updateGroup: "hang-a" });
    await cluster("hang-2", { updateGroup: "hang-b" });
    const created = await createRun({
      name: "hang-run",
      stages: [
        { name: "one", groups: [{ name: "hang-a" }], afterStageWaitSeconds: 1800 },
        { name: "two", groups: [{ name: "hang-b" }] },
      ],
      upgrade: { type: "ControlPlaneOnly", kubernetesVersion: NEW },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await freezeClock(MONDAY + 2 * 3600_000);
    const started = await api("POST", `/v1/fleets/${FLEET}/update-runs/hang-run/start`);
    expect(started.status).toBe(200);
    const operation = memberOf(started.body, "hang-1").operation ?? "";
    const heard = MONDAY + 2 * 3600_000 + 5 * MINUTE;
    // An hour on, unstepped: the wait (30 min from the end) is over when the run hears it,
    // so it starts hang-2 on the fleet, whose catch-up reports hang-1's end back here.
    await freezeClock(MONDAY + 3 * 3600_000 + 5 * MINUTE);
    const stub = env.UPDATE_RUN.get(env.UPDATE_RUN.idFromName(runObjectName(FLEET, "hang-run")));
    await stub.memberEnded({
      cluster: "hang-1",
      operationIds: [operation],
      succeeded: true,
      at: heard,
    });
    const run = await getRun("hang-run");
    expect(memberOf(run, "hang-1").endedAt).toBe(new Date(heard).toISOString());
    expect(memberOf(run, "hang-2").state).toBe("Running");
  });
});
