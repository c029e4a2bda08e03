import { describe, expect, it } from "vitest";
import { SECOND } from "../../src/time/instant.ts";
import type {
  FleetMembership,
  MemberFacts,
  UpdateRun,
  UpdateRunEvent,
} from "../../src/update-run/types.ts";
import { updateRunView } from "../../src/update-run/view.ts";
import { created, groupOf, member, memberOf, request, step, strategy, T0 } from "./driver.ts";

const started = (run: UpdateRun, at = T0) => step(run, { type: "START", at });
const tick = (run: UpdateRun, at: number, membership: FleetMembership) =>
  step(run, { type: "TICK", at, membership });
const ended = (run: UpdateRun, cluster: string, at: number, succeeded = true) =>
  step(run, {
    type: "MEMBER_ENDED",
    cluster,
    succeeded,
    ...(succeeded ? {} : { message: "op-1: cluster c1 was deleted" }),
    at,
  } as UpdateRunEvent);
const deleted = (...clusters: string[]): FleetMembership => ({
  present: [],
  departed: clusters.map((cluster) => ({ cluster, reason: "deleted" as const })),
});
const grouped = (cluster: string, group: string, extra: Partial<MemberFacts> = {}) => ({
  ...member(cluster, extra),
  group,
});

describe("EXT-8 membership change during an update run", () => {
  it("EXT-8 a member whose cluster is deleted before its turn ends Skipped with that reason; the group goes on to its next member and the run to the next stage", () => {
    const run = created(
      request([grouped("c1", "a"), grouped("c2", "a"), grouped("c3", "a"), grouped("d1", "b")], {
        strategy: strategy([["a"], ["b"]]),
      }),
    );
    const first = started(run);
    expect(first.intents.map((i) => i.cluster)).toEqual(["c1"]);
    const gone = tick(first.state, T0 + 60 * SECOND, deleted("c2"));
    expect(gone.intents).toEqual([]);
    expect(memberOf(gone.state, "c2")).toMatchObject({
      state: "Skipped",
      skippedBy: "fleet",
      message: "EXT-8: cluster c2 was deleted; the run goes on without it",
    });
    expect(memberOf(gone.state, "c2").endedAt).toBeUndefined();
    expect(gone.notes).toEqual(["EXT-8: cluster c2 was deleted; the run goes on without it"]);
    expect(gone.state.state).toBe("Running");

    const next = ended(gone.state, "c1", T0 + 600 * SECOND);
    expect(next.intents.map((i) => i.cluster)).toEqual(["c3"]);
    const last = ended(next.state, "c3", T0 + 1200 * SECOND);
    expect(last.intents.map((i) => i.cluster)).toEqual(["d1"]);
    expect(groupOf(last.state, "a").state).toBe("Completed");
    const done = ended(last.state, "d1", T0 + 1800 * SECOND);
    expect(done.state.state).toBe("Completed");
  });

  it("EXT-8 a running member whose cluster is deleted ends Skipped, not Failed; the failure its upgrade reports afterwards is ignored and the run goes on", () => {
    const run = created(
      request([grouped("c1", "a"), grouped("d1", "b")], { strategy: strategy([["a"], ["b"]]) }),
    );
    const first = started(run);
    const at = T0 + 60 * SECOND;
    const gone = tick(first.state, at, deleted("c1"));
    expect(memberOf(gone.state, "c1")).toMatchObject({
      state: "Skipped",
      skippedBy: "fleet",
      endedAt: at,
      message:
        "EXT-8: cluster c1 was deleted while it was being upgraded; the run goes on without it",
    });
    // The group had nothing else: Skipped, and the next stage starts in the same pass.
    expect(groupOf(gone.state, "a")).toMatchObject({
      state: "Skipped",
      message: "EXT-8: every member's cluster left the fleet",
    });
    expect(gone.intents.map((i) => i.cluster)).toEqual(["d1"]);

    const late = ended(gone.state, "c1", at + SECOND, false);
    expect(late.notes).toEqual(["end of c1 ignored: not running"]);
    expect(late.state.failure).toBeUndefined();
    expect(ended(late.state, "d1", at + 600 * SECOND).state.state).toBe("Completed");
  });

  it("EXT-8 a member whose cluster moved to another fleet ends Skipped without naming that fleet (the run's readers may not read it)", () => {
    const run = created(request([member("c1"), member("c2")]));
    const moved = tick(started(run).state, T0 + 1, {
      present: [],
      departed: [{ cluster: "c2", reason: "moved" }],
    });
    expect(memberOf(moved.state, "c2").message).toBe(
      "EXT-8: cluster c2 moved to another fleet; the run goes on without it",
    );
  });

  it("EXT-8 a cluster of the fleet that is not a member is never pulled in", () => {
    const run = created(request([member("c1")]));
    const first = started(run);
    const later = tick(first.state, T0 + 1, {
      present: [member("c1"), member("new")],
      departed: [],
    });
    expect(later.state.stages.flatMap((s) => s.groups.flatMap((g) => g.members))).toHaveLength(1);
    const done = ended(later.state, "c1", T0 + 600 * SECOND);
    expect(done.intents).toEqual([]);
    expect(done.state.state).toBe("Completed");
  });

  it("EXT-8 a member is judged on its facts as the fleet holds them when it is tried: a window set after creation holds it Pending, a version reached meanwhile skips it (RUN-9)", () => {
    const run = created(request([member("c1"), member("c2")]));
    const closed = {
      windows: [{ start: "22:00", durationSeconds: 4 * 3600, days: ["SAT" as const] }],
      exclusions: [],
    };
    const first = step(run, {
      type: "TICK",
      at: T0,
      membership: {
        present: [member("c1", { maintenance: closed }), member("c2", { version: "1.28.3" })],
        departed: [],
      },
    });
    const go = started(first.state);
    expect(memberOf(go.state, "c1")).toMatchObject({ state: "Pending" });
    expect(memberOf(go.state, "c1").message).toMatch(/^RUN-8: /);
    expect(memberOf(go.state, "c2")).toMatchObject({
      state: "Skipped",
      skippedBy: "system",
      message: "RUN-9: already at the target Kubernetes version 1.28.3",
    });
    expect(go.intents).toEqual([]);
    // Seed 002: with c2 Skipped, not all members are Pending: the group waits Running.
    expect(groupOf(go.state, "default")).toMatchObject({
      state: "Running",
      message: "RUN-8: waiting for Pending member(s) c1",
    });
    expect(go.state.state).toBe("Running");
  });

  it("EXT-8 a finished member keeps its history when its cluster is deleted later; a user skip stays a user skip", () => {
    const run = created(request([member("c1"), member("c2"), member("c3")]));
    const skipped = step(run, {
      type: "SKIP",
      targets: [{ type: "Member", name: "c3" }],
      at: T0,
    });
    const done = ended(started(skipped.state).state, "c1", T0 + 600 * SECOND);
    const later = tick(done.state, T0 + 700 * SECOND, deleted("c1", "c3"));
    expect(memberOf(later.state, "c1").state).toBe("Completed");
    expect(memberOf(later.state, "c3")).toMatchObject({ state: "Skipped", skippedBy: "user" });
    expect(later.notes).toEqual([]);
  });

  it("EXT-8 Consistent image: a member that left the fleet before the start has no say in the image", () => {
    const goal = { ...request([]).goal, nodeImageSelection: "Consistent" as const };
    const run = created(request([member("eu1"), member("asia1", { region: "asia" })], { goal }));
    const gone = tick(run, T0, deleted("asia1"));
    expect(memberOf(gone.state, "asia1").state).toBe("Skipped");
    const first = started(gone.state);
    expect(first.state.nodeImage).toBe("cos-110");
    expect(updateRunView(first.state).stages[0]!.groups[0]!.members[1]).toMatchObject({
      cluster: "asia1",
      state: "Skipped",
      message: "EXT-8: cluster asia1 was deleted; the run goes on without it",
    });
  });
});
