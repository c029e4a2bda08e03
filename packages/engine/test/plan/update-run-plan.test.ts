import { describe, expect, it } from "vitest";
import type { ClusterFacts } from "../../src/lifecycle/types.ts";
import type { Maintenance } from "../../src/maintenance/maintenance.ts";
import { type PlannedCluster, planUpdateRun } from "../../src/plan/update-run.ts";
import { HOUR, SECOND } from "../../src/time/instant.ts";
import type { MemberFacts, UpdateRun } from "../../src/update-run/types.ts";
import { CATALOGUE, created, member, request, step, strategy, T0 } from "../update-run/driver.ts";

const SIM = { seed: 1, jitter: 0 };

/** The inventory's side of a member: a user cluster with one surge pool of two nodes. */
function planned(facts: MemberFacts, maintenance?: Maintenance): PlannedCluster {
  const cluster: ClusterFacts = {
    cluster: facts.cluster,
    role: "user",
    version: facts.version,
    catalogue: CATALOGUE,
    controlPlaneNodes: 3,
    pools: [
      {
        cluster: facts.cluster,
        pool: "np",
        controlPlaneVersion: facts.version,
        nodes: [0, 1].map((i) => ({
          name: `${facts.cluster}-np-${i}`,
          zone: "eu-a",
          version: facts.version,
          nodeImage: "cos-97",
        })),
      },
    ],
  };
  return { facts: cluster, pools: facts.pools, ...(maintenance ? { maintenance } : {}) };
}

function world(members: (MemberFacts & { group?: string })[]) {
  return Object.fromEntries(members.map((m) => [m.cluster, planned(m, m.maintenance)]));
}

/** One member's upgrade alone, as the plan's sim runs it. */
function oneMemberSeconds(): number {
  const m = member("solo");
  const run = created(request([m]));
  return planUpdateRun({ run, clusters: world([m]), sim: SIM }, T0).makespanSeconds;
}

describe("EXT-6 update-run plans", () => {
  it("EXT-6 EXT-7 a group with a health check is planned to the end: each check is assumed to pass when asked", () => {
    const members = ["h-1", "h-2"].map((c) => ({ ...member(c), group: "g" }));
    const run = created(
      request(members, {
        strategy: {
          stages: [{ name: "s", groups: [{ name: "g", healthCheck: { provider: true } }] }],
        },
      }),
    );
    const plan = planUpdateRun({ run, clusters: world(members), sim: SIM }, T0);
    expect(plan.state).toBe("Completed");
    expect(plan.members.map((m) => m.state)).toEqual(["Completed", "Completed"]);
    expect(plan.makespanSeconds).toBe(2 * oneMemberSeconds());
  });

  it("EXT-6 members of a group run one after another: each starts when the previous ends, the makespan is their sum", () => {
    const members = ["c-1", "c-2", "c-3"].map((c) => member(c));
    const run = created(request(members));
    const before = JSON.parse(JSON.stringify(run));
    const plan = planUpdateRun({ run, clusters: world(members), sim: SIM }, T0);
    const one = oneMemberSeconds();
    expect(one).toBeGreaterThan(600);
    expect(plan.state).toBe("Completed");
    expect(plan.members.map((m) => [m.cluster, m.state])).toEqual([
      ["c-1", "Completed"],
      ["c-2", "Completed"],
      ["c-3", "Completed"],
    ]);
    expect(plan.members[0]!.start).toBe(T0);
    expect(plan.members[1]!.start).toBe(plan.members[0]!.end);
    expect(plan.members[2]!.start).toBe(plan.members[1]!.end);
    expect(plan.makespanSeconds).toBe(3 * one);
    expect(plan.end).toBe(T0 + 3 * one * SECOND);
    expect(plan.criticalPath.map((s) => `${s.kind} ${s.name}`)).toEqual([
      "member c-1",
      "member c-2",
      "member c-3",
    ]);
    // Touching nothing: the run handed in is as it was.
    expect(run).toEqual(before);
  });

  it("EXT-6 groups of a stage run in parallel; the critical path follows the longer group", () => {
    const members = [member("a-1", {}), member("b-1", {}), member("b-2", {})];
    const grouped = [
      { ...members[0]!, group: "a" },
      { ...members[1]!, group: "b" },
      { ...members[2]!, group: "b" },
    ];
    const run = created(request(grouped, { strategy: strategy([["a", "b"]]) }));
    const plan = planUpdateRun({ run, clusters: world(members), sim: SIM }, T0);
    const one = oneMemberSeconds();
    expect(plan.members.find((m) => m.cluster === "a-1")!.start).toBe(T0);
    expect(plan.members.find((m) => m.cluster === "b-1")!.start).toBe(T0);
    expect(plan.makespanSeconds).toBe(2 * one);
    expect(plan.criticalPath.map((s) => s.name)).toEqual(["b-1", "b-2"]);
  });

  it("EXT-6 a closed maintenance window is a wait (RUN-8) on the member and on the critical path", () => {
    // Windows open at 06:00 UTC for 4 hours; the plan is made at midnight.
    const maintenance: Maintenance = {
      windows: [
        {
          start: "06:00",
          durationSeconds: 4 * 3600,
          days: ["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"],
        },
      ],
    };
    const m = member("w-1", { maintenance });
    const run = created(request([m]));
    const plan = planUpdateRun({ run, clusters: world([m]), sim: SIM }, T0);
    const planned = plan.members[0]!;
    expect(planned.start).toBe(T0 + 6 * HOUR);
    expect(planned.waits).toHaveLength(1);
    expect(planned.waits[0]).toMatchObject({ from: T0, until: T0 + 6 * HOUR });
    expect(planned.waits[0]!.reason).toMatch(/^RUN-8: /);
    expect(plan.makespanSeconds).toBe(6 * 3600 + oneMemberSeconds());
    expect(plan.criticalPath.map((s) => s.kind)).toEqual(["wait", "member"]);
  });

  it("EXT-6 a stage's afterStageWaitSeconds (RUN-2) shows on the stage and on the critical path", () => {
    const grouped = [
      { ...member("s1-1"), group: "g1" },
      { ...member("s2-1"), group: "g2" },
    ];
    const run = created(request(grouped, { strategy: strategy([["g1"], ["g2"]], [1800]) }));
    const plan = planUpdateRun({ run, clusters: world(grouped), sim: SIM }, T0);
    const one = oneMemberSeconds();
    expect(plan.stages[0]!.afterStageWait).toMatchObject({
      from: T0 + one * SECOND,
      until: T0 + (one + 1800) * SECOND,
    });
    expect(plan.members[1]!.start).toBe(T0 + (one + 1800) * SECOND);
    expect(plan.makespanSeconds).toBe(2 * one + 1800);
    expect(plan.criticalPath.map((s) => `${s.kind} ${s.name}`)).toEqual([
      "member s1-1",
      "stage-wait stage-1",
      "member s2-1",
    ]);
  });

  it("EXT-6 a running run is planned from its state: ended members keep their times, the one under way ends when the sim says", () => {
    const members = ["c-1", "c-2", "c-3"].map((c) => member(c));
    const clusters = world(members);
    const first = planUpdateRun({ run: created(request(members)), clusters, sim: SIM }, T0);
    // The run as the objects would hold it halfway through c-2.
    let run: UpdateRun = step(created(request(members)), { type: "START", at: T0 }).state;
    const end1 = first.members[0]!.end!;
    run = step(run, { type: "MEMBER_ENDED", cluster: "c-1", succeeded: true, at: end1 }).state;
    const mid = end1 + 300 * SECOND;
    const later = planUpdateRun({ run, clusters, sim: SIM }, mid);
    expect(later.members.map((m) => [m.start, m.end])).toEqual(
      first.members.map((m) => [m.start, m.end]),
    );
    expect(later.members[1]!.inFlight).toBe(true);
    expect(later.end).toBe(first.end);
    expect(later.makespanSeconds).toBe(first.makespanSeconds);
    expect(later.remainingSeconds).toBe(Math.round((first.end - mid) / 1000));
  });

  it("EXT-6 a member whose start the fleet would refuse fails the plan as RUN-11 would", () => {
    const members = [member("c-1"), member("c-2")];
    const run = created(request(members));
    const clusters = world(members);
    // The catalogue does not publish the target: LIFE-2 / VER-6 refuses the start.
    clusters["c-1"] = {
      ...clusters["c-1"]!,
      facts: { ...clusters["c-1"]!.facts, catalogue: ["1.27.7"] },
    };
    const plan = planUpdateRun({ run, clusters, sim: SIM }, T0);
    expect(plan.state).toBe("Failed");
    expect(plan.members[0]!.state).toBe("Failed");
    expect(plan.members[1]!.start).toBeUndefined();
    expect(plan.makespanSeconds).toBe(0);
  });

  it("EXT-6 a 100-member run in two stages of two groups each takes 25 members one after another per stage", () => {
    const members = Array.from({ length: 100 }, (_, i) => ({
      ...member(`m-${String(i).padStart(3, "0")}`),
      group: `g-${i % 4}`,
    }));
    const run = created(
      request(members, {
        strategy: strategy([
          ["g-0", "g-1"],
          ["g-2", "g-3"],
        ]),
      }),
    );
    const clusters = world(members);
    const plan = planUpdateRun({ run, clusters, sim: SIM }, T0);
    expect(plan.state).toBe("Completed");
    expect(plan.makespanSeconds).toBe(50 * oneMemberSeconds());
  });
  it("SEC-3 a plan that runs out of its step budget stops there and says so, instead of running on", () => {
    const members = ["b-1", "b-2", "b-3"].map((c) => member(c));
    const run = created(request(members));
    const full = planUpdateRun({ run, clusters: world(members), sim: SIM }, T0);
    expect(full.state).toBe("Completed");
    const cut = planUpdateRun({ run, clusters: world(members), sim: SIM, stepBudget: 3 }, T0);
    expect(cut.cutoff?.reason).toMatch(/^SEC-3: the plan stopped after its budget of 3 steps/);
    expect(cut.cutoff!.at).toBeGreaterThan(T0);
    expect(cut.cutoff!.at).toBeLessThan(T0 + full.makespanSeconds * SECOND);
  });
});
