import { describe, expect, it } from "vitest";
import { HOUR, SECOND } from "../../src/time/instant.ts";
import { nextScheduledStart } from "../../src/update-run/gates.ts";
import { decideUpdateRun } from "../../src/update-run/machine.ts";
import type {
  GateSpec,
  MemberFacts,
  UpdateRun,
  UpdateStrategy,
} from "../../src/update-run/types.ts";
import { created, drive, groupOf, member, memberOf, request, step, T0 } from "./driver.ts";

const APPROVAL: GateSpec = { type: "Approval", displayName: "change board" };

function grouped(group: string, count: number): (MemberFacts & { group: string })[] {
  return Array.from({ length: count }, (_, i) => ({ ...member(`${group}-${i}`), group }));
}

function twoStages(
  first: Partial<UpdateStrategy["stages"][number]>,
  groupA: Partial<UpdateStrategy["stages"][number]["groups"][number]> = {},
): UpdateStrategy {
  return {
    stages: [
      { name: "canary", groups: [{ name: "a", ...groupA }], ...first },
      { name: "prod", groups: [{ name: "b" }] },
    ],
  };
}

const gatesOf = (run: UpdateRun) =>
  run.stages.flatMap((s) => [...(s.gates ?? []), ...s.groups.flatMap((g) => g.gates ?? [])]);

describe("update-run gates", () => {
  it("EXT-1 an Approval gate before a group holds it Pending (its members do not start) until approved; a second approval changes nothing", () => {
    const run = created(
      request([...grouped("a", 1), ...grouped("b", 1)], {
        strategy: twoStages({}, { beforeGates: [APPROVAL] }),
      }),
    );
    const started = step(run, { type: "START", at: T0 });
    expect(started.intents).toEqual([]);
    const a = groupOf(started.state, "a");
    expect(a.state).toBe("Pending");
    expect(a.message).toBe("EXT-1: waiting for approval of gate group-a-before-0 (change board)");
    expect(a.gates?.[0]).toMatchObject({ state: "Pending", timing: "Before", pendingSince: T0 });
    expect(started.state.state).toBe("Pending");
    const approved = step(started.state, {
      type: "APPROVE",
      gate: "group-a-before-0",
      at: T0 + HOUR,
      by: { name: "alice", tokenId: "a11ce" },
    });
    expect(approved.intents.map((i) => i.cluster)).toEqual(["a-0"]);
    expect(groupOf(approved.state, "a").gates?.[0]).toMatchObject({
      state: "Completed",
      completedAt: T0 + HOUR,
      approvedBy: "alice",
    });
    const again = step(approved.state, {
      type: "APPROVE",
      gate: "group-a-before-0",
      at: T0 + 2 * HOUR,
    });
    expect(again.intents).toEqual([]);
    expect(groupOf(again.state, "a").gates?.[0]?.completedAt).toBe(T0 + HOUR);
  });

  it("SEC-11 a separateApprover gate refuses an approval by any token that started the run (by token id, not name) and names the approver's token when another approves", () => {
    const run = created(
      request([...grouped("a", 1), ...grouped("b", 1)], {
        strategy: twoStages({}, { beforeGates: [{ ...APPROVAL, separateApprover: true }] }),
      }),
    );
    const alice = { name: "alice", tokenId: "a11ce" };
    const stopped = step(step(run, { type: "START", at: T0, by: alice }).state, {
      type: "STOP",
      at: T0,
    });
    const started = step(stopped.state, { type: "START", at: T0, by: alice });
    expect(started.state.startedBy).toEqual([alice]);
    const gate = "group-a-before-0";
    const own = decideUpdateRun(started.state, { type: "APPROVE", gate, at: T0, by: alice }, T0);
    expect(own).toEqual({
      ok: false,
      error: {
        rule: "EXT-1",
        kind: "refused",
        detail: `EXT-1: gate ${gate} needs an approver other than the tokens that started run ${run.name} (SEC-11 separateApprover); alice started it`,
      },
    });
    // A token re-created under alice's name is another token; one without an id proves nothing.
    const anonymous = decideUpdateRun(started.state, { type: "APPROVE", gate, at: T0 }, T0);
    expect(anonymous.ok).toBe(false);
    const bob = { name: "alice", tokenId: "b0b" };
    const approved = step(started.state, { type: "APPROVE", gate, at: T0 + HOUR, by: bob });
    expect(groupOf(approved.state, "a").gates?.[0]).toMatchObject({
      state: "Completed",
      approvedBy: "alice",
      approvedByToken: "b0b",
      separateApprover: true,
    });
  });

  it("EXT-1 an after-stage approval and afterStageWaitSeconds run together and both must finish", () => {
    const strategy = twoStages({ afterStageWaitSeconds: 3600, afterGates: [APPROVAL] });
    const members = [...grouped("a", 1), ...grouped("b", 1)];
    // Approved early (during the member's upgrade): the wait still holds the next stage.
    const early = drive(created(request(members, { strategy })), T0, {
      script: [
        { at: T0, event: (at) => ({ type: "START", at }) },
        {
          at: T0 + 300 * SECOND,
          event: (at) => ({ type: "APPROVE", gate: "stage-canary-after-0", at }),
        },
      ],
    });
    // The gate opens only after the stage's groups end: approving it before is refused.
    expect(
      early.log.some((l) =>
        /refused APPROVE: EXT-1: gate stage-canary-after-0 is NotStarted/.test(l),
      ),
    ).toBe(true);
    // Approved after the wait ended: the next stage starts at the approval.
    const late = drive(created(request(members, { strategy })), T0, {
      script: [
        { at: T0, event: (at) => ({ type: "START", at }) },
        {
          at: T0 + 600 * SECOND + 2 * HOUR,
          event: (at) => ({ type: "APPROVE", gate: "stage-canary-after-0", at }),
        },
      ],
    });
    expect(memberOf(late.run, "b-0").startedAt).toBe(T0 + 600 * SECOND + 2 * HOUR);
    // Approved while the wait still runs: the next stage starts when the wait ends.
    const during = drive(created(request(members, { strategy })), T0, {
      script: [
        { at: T0, event: (at) => ({ type: "START", at }) },
        {
          at: T0 + 900 * SECOND,
          event: (at) => ({ type: "APPROVE", gate: "stage-canary-after-0", at }),
        },
      ],
    });
    expect(memberOf(during.run, "b-0").startedAt).toBe(T0 + 600 * SECOND + HOUR);
    expect(during.run.state).toBe("Completed");
  });

  it("EXT-1 a Pending after gate holds the stage: it shows Pending with the gate's reason, then Completed once approved", () => {
    const run = created(
      request([...grouped("a", 1), ...grouped("b", 1)], {
        strategy: twoStages({ afterGates: [{ type: "Approval" }] }),
      }),
    );
    const started = step(run, { type: "START", at: T0 });
    const ended = step(started.state, {
      type: "MEMBER_ENDED",
      cluster: "a-0",
      succeeded: true,
      at: T0 + 600 * SECOND,
    });
    expect(ended.intents).toEqual([]);
    expect(ended.state.stages[0]).toMatchObject({
      state: "Pending",
      message: "EXT-1: waiting for approval of gate stage-canary-after-0",
    });
    expect(ended.state.message).toBe(
      "RUN-8: stage canary is Pending: EXT-1: waiting for approval of gate stage-canary-after-0",
    );
    const approved = step(ended.state, {
      type: "APPROVE",
      gate: "stage-canary-after-0",
      at: T0 + HOUR,
    });
    expect(approved.state.stages[0]!.state).toBe("Completed");
    expect(approved.intents.map((i) => i.cluster)).toEqual(["b-0"]);
  });

  it("EXT-1 gates in a skipped scope are Skipped with it", () => {
    const run = created(
      request([...grouped("a", 1), ...grouped("b", 1)], {
        strategy: {
          stages: [
            {
              name: "canary",
              groups: [{ name: "a", beforeGates: [APPROVAL] }],
              afterGates: [APPROVAL],
            },
            {
              name: "prod",
              groups: [{ name: "b", afterGates: [{ type: "Approval" }] }],
              beforeGates: [APPROVAL],
            },
          ],
        },
      }),
    );
    const skipped = step(run, {
      type: "SKIP",
      targets: [
        { type: "Stage", name: "canary" },
        { type: "Group", name: "b" },
      ],
      at: T0,
    });
    const states = Object.fromEntries(gatesOf(skipped.state).map((g) => [g.id, g.state]));
    expect(states).toEqual({
      "stage-canary-after-0": "Skipped",
      "group-a-before-0": "Skipped",
      // Its only group is skipped, so the stage is Skipped too (RUN-9), its gate with it.
      "stage-prod-before-0": "Skipped",
      "group-b-after-0": "Skipped",
    });
  });

  it("EXT-1 approval refusals: an unknown gate is 404, a ScheduledStart gate and a gate not yet reached are 409", () => {
    const run = created(
      request([...grouped("a", 1), ...grouped("b", 1)], {
        strategy: twoStages(
          {
            beforeGates: [
              {
                type: "ScheduledStart",
                scheduledStart: { day: "Friday", time: "02:00", utcOffset: "+00:00" },
              },
            ],
          },
          { afterGates: [APPROVAL] },
        ),
      }),
    );
    const started = step(run, { type: "START", at: T0 });
    const approve = (gate: string) =>
      decideUpdateRun(started.state, { type: "APPROVE", gate, at: T0 }, T0);
    expect(approve("nope")).toMatchObject({ ok: false, error: { rule: "EXT-1", kind: "missing" } });
    expect(approve("stage-canary-before-0")).toMatchObject({
      ok: false,
      error: { rule: "EXT-1", kind: "conflict" },
    });
    expect(approve("group-a-after-0")).toMatchObject({
      ok: false,
      error: { rule: "EXT-1", kind: "conflict" },
    });
  });

  it("EXT-1 a ScheduledStart gate completes at the next such instant in its own UTC offset, across a week boundary", () => {
    // Saturday 2023-11-11 22:00Z is Sunday 07:00 at +09:00: the next Monday 01:00 there is
    // Sunday 2023-11-12 16:00Z — the same week in Tokyo, the next one in UTC.
    const saturday = Date.parse("2023-11-11T22:00:00Z");
    const tokyo = { day: "Monday", time: "01:00", utcOffset: "+09:00" } as const;
    expect(new Date(nextScheduledStart(tokyo, saturday)).toISOString()).toBe(
      "2023-11-12T16:00:00.000Z",
    );
    // Exactly at the instant: that instant; a minute later: a week later.
    const at = Date.parse("2023-11-12T16:00:00Z");
    expect(nextScheduledStart(tokyo, at)).toBe(at);
    expect(new Date(nextScheduledStart(tokyo, at + 60_000)).toISOString()).toBe(
      "2023-11-19T16:00:00.000Z",
    );
    // West of UTC: Sunday 23:30 at -05:00 is Monday 04:30Z.
    const ny = { day: "Sunday", time: "23:30", utcOffset: "-05:00" } as const;
    expect(new Date(nextScheduledStart(ny, saturday)).toISOString()).toBe(
      "2023-11-13T04:30:00.000Z",
    );

    const run = created(
      request(grouped("a", 1), {
        strategy: {
          stages: [
            {
              name: "s",
              groups: [{ name: "a" }],
              beforeGates: [{ type: "ScheduledStart", scheduledStart: tokyo }],
            },
          ],
        },
      }),
      saturday,
    );
    const { run: end, starts } = drive(run, saturday, {
      script: [{ at: saturday, event: (at) => ({ type: "START", at }) }],
    });
    expect(starts.map((s) => s.cluster)).toEqual(["a-0"]);
    expect(memberOf(end, "a-0").startedAt).toBe(Date.parse("2023-11-12T16:00:00Z"));
    expect(end.stages[0]!.gates?.[0]).toMatchObject({
      state: "Completed",
      completedAt: Date.parse("2023-11-12T16:00:00Z"),
    });
  });
});
