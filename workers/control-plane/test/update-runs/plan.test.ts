import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import {
  advanceRunUntil,
  cluster,
  createRun,
  FLEET,
  getRun,
  NEW,
  type RunBody,
  useRunFixtures,
} from "./helpers.ts";

useRunFixtures();

const settled = (r: RunBody) => !["Running", "Pending", "NotStarted", "Stopping"].includes(r.state);
const path = (run: string, verb: string) => `/v1/fleets/${FLEET}/update-runs/${run}/${verb}`;

interface PlanBody {
  run: string;
  startedAt: string;
  end: string;
  makespanSeconds: number;
  remainingSeconds: number;
  state: string;
  members: {
    cluster: string;
    state: string;
    start?: string;
    end?: string;
    waits?: { from: string; until: string; reason: string }[];
    inFlight?: boolean;
  }[];
  stages: { name: string; afterStageWait?: { from: string; until: string } }[];
  criticalPath: { kind: string; name: string; from: string; until: string }[];
}

async function plan(run: string): Promise<PlanBody> {
  const res = await api("POST", path(run, "plan"));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as PlanBody;
}

/** Member starts and ends as the run shows them, in the order members started. */
function actualTimeline(run: RunBody) {
  return run.stages
    .flatMap((s) => s.groups.flatMap((g) => g.members))
    .map((m) => ({ cluster: m.cluster, state: m.state, start: m.startedAt, end: m.endedAt }))
    .sort(
      (a, b) => (a.start ?? "").localeCompare(b.start ?? "") || a.cluster.localeCompare(b.cluster),
    );
}

function plannedTimeline(p: PlanBody) {
  return p.members
    .map((m) => ({ cluster: m.cluster, state: m.state, start: m.start, end: m.end }))
    .sort(
      (a, b) => (a.start ?? "").localeCompare(b.start ?? "") || a.cluster.localeCompare(b.cluster),
    );
}

const DAYS = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"];
/** A daily-on-one-weekday window opening `offsetHours` after the sim's now, lasting `hours`. */
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

describe("EXT-6 what-if plans of update runs", () => {
  it("EXT-6 a plan made before the start equals what the run then does on the sim: order, every start and end, makespan (jitter 0, fixed durations)", async () => {
    const settings = await api("PUT", "/v1/sim/settings", {
      body: {
        jitter: 0,
        durations: {
          CREATE_NODE: 90,
          DRAIN_NODE: 45,
          UPGRADE_CONTROL_PLANE: 420,
          RUN_PREFLIGHT: 30,
        },
      },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    // Stage 1: group a (two members, one after another) beside group b (one member whose
    // window opens in 2 hours: a RUN-8 wait); a 15-minute wait; stage 2: group c.
    await cluster("px-a1", { updateGroup: "px-a" }, { np: {} });
    await cluster("px-a2", { updateGroup: "px-a" }, { np: { nodeCount: 2 } });
    await cluster(
      "px-b1",
      { updateGroup: "px-b", maintenance: await windowFromNow(2, 4) },
      { np: {} },
    );
    await cluster("px-c1", { updateGroup: "px-c" }, { np: {}, gpu: { nodeCount: 1 } });
    const created = await createRun({
      name: "px-run",
      stages: [
        { name: "px-s1", groups: [{ name: "px-a" }, { name: "px-b" }], afterStageWaitSeconds: 900 },
        { name: "px-s2", groups: [{ name: "px-c" }] },
      ],
      upgrade: { type: "Full", kubernetesVersion: NEW },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const before = await plan("px-run");
    // Touching nothing: the run is still NotStarted, nothing started on any cluster.
    expect((await getRun("px-run")).state).toBe("NotStarted");
    expect((await api("GET", "/v1/clusters/px-a1")).body.status.phase).not.toBe("UPGRADING");
    expect(before.state).toBe("Completed");
    const b1 = before.members.find((m) => m.cluster === "px-b1")!;
    expect(b1.waits?.[0]?.reason).toMatch(/^RUN-8: /);
    expect(before.stages[0]!.afterStageWait).toBeDefined();

    expect((await api("POST", path("px-run", "start"))).status).toBe(200);
    const done = await advanceRunUntil("px-run", settled, { stepSeconds: 3600, maxSteps: 50 });
    expect(done.state, JSON.stringify(done)).toBe("Completed");

    expect(plannedTimeline(before)).toEqual(actualTimeline(done));
    expect(before.startedAt).toBe(done.startedAt);
    expect(before.end).toBe(done.endedAt);
    expect(before.makespanSeconds).toBe(
      (Date.parse(done.endedAt!) - Date.parse(done.startedAt!)) / 1000,
    );
    expect(before.criticalPath.at(-1)).toMatchObject({
      kind: "member",
      name: "px-c1",
      until: done.endedAt,
    });
  }, 120_000);

  it("EXT-6 the plan of a running run keeps the members that ended at their times and predicts the rest as the run then does it", async () => {
    await cluster("pr-1", { updateGroup: "pr" }, { np: {} });
    await cluster("pr-2", { updateGroup: "pr" }, { np: {} });
    await cluster("pr-3", { updateGroup: "pr" }, { np: {} });
    const created = await createRun({
      name: "pr-run",
      stages: [{ name: "pr-s", groups: [{ name: "pr" }] }],
      upgrade: { type: "Full", kubernetesVersion: NEW },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const first = await plan("pr-run");
    expect((await api("POST", path("pr-run", "start"))).status).toBe(200);
    const midway = await advanceRunUntil(
      "pr-run",
      (r) => r.stages[0]!.groups[0]!.members[0]!.state === "Completed",
      { stepSeconds: 120 },
    );
    expect(midway.state).toBe("Running");
    const during = await plan("pr-run");
    expect(during.members[0]).toMatchObject({
      state: "Completed",
      start: first.members[0]!.start,
      end: first.members[0]!.end,
    });
    const done = await advanceRunUntil("pr-run", settled, { stepSeconds: 3600 });
    expect(plannedTimeline(during)).toEqual(actualTimeline(done));
    expect(during.end).toBe(done.endedAt);
    expect(during.makespanSeconds).toBe(first.makespanSeconds);
    const now = Date.parse((await api("GET", "/v1/sim")).body.now);
    expect(during.remainingSeconds).toBeGreaterThan(0);
    expect(now).toBeGreaterThanOrEqual(Date.parse(done.endedAt!));
  }, 120_000);

  it("EXT-6 planning a run the fleet does not have is a 404", async () => {
    const missing = await api("POST", path("no-such-run", "plan"));
    expect(missing.status).toBe(404);
  });
});
