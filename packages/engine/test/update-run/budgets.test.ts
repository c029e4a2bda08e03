import { describe, expect, it } from "vitest";
import { SECOND } from "../../src/time/instant.ts";
import { createUpdateRun } from "../../src/update-run/create.ts";
import type { Budget, MemberFacts, UpdateStrategy } from "../../src/update-run/types.ts";
import { created, drive, groupOf, member, request, step, T0 } from "./driver.ts";

/** `count` members named `${group}-${i}` joining `group`. */
function membersOf(group: string, count: number): (MemberFacts & { group: string })[] {
  return Array.from({ length: count }, (_, i) => ({ ...member(`${group}-${i}`), group }));
}

function oneStage(
  stage: { maxConcurrency?: Budget; maxAllowedFailures?: Budget },
  groups: { name: string; maxConcurrency?: Budget; maxAllowedFailures?: Budget }[],
): UpdateStrategy {
  return { stages: [{ name: "s", ...stage, groups }] };
}

/** Most members in flight at once, from a drive's log. */
function peakInFlight(log: readonly string[], prefix = ""): number {
  let now = 0;
  let peak = 0;
  for (const line of log) {
    const m = /^\+\d+s (start|end) (\S+)/.exec(line);
    if (m === null || !m[2]!.startsWith(prefix)) continue;
    now += m[1] === "start" ? 1 : -1;
    peak = Math.max(peak, now);
  }
  return peak;
}

describe("update-run concurrency and failure budgets", () => {
  it('EXT-2 a stage of "25%" over 20 members with groups of 8 at "50%" and 12 at "25%" resolves to 5 / 4 / 3, and never has more than 5 in flight', () => {
    const run = created(
      request([...membersOf("a", 8), ...membersOf("b", 12)], {
        strategy: oneStage({ maxConcurrency: "25%" }, [
          { name: "a", maxConcurrency: "50%" },
          { name: "b", maxConcurrency: "25%" },
        ]),
      }),
    );
    expect(run.stages[0]!.maxConcurrency).toBe(5);
    expect(groupOf(run, "a").maxConcurrency).toBe(4);
    expect(groupOf(run, "b").maxConcurrency).toBe(3);
    const first = step(run, { type: "START", at: T0 });
    expect(first.intents.map((i) => i.cluster)).toEqual(["a-0", "a-1", "a-2", "a-3", "b-0"]);
    const { run: end, log } = drive(run, T0, {
      script: [{ at: T0, event: (at) => ({ type: "START", at }) }],
    });
    expect(end.state).toBe("Completed");
    expect(peakInFlight(log)).toBe(5);
    expect(peakInFlight(log, "a-")).toBe(4);
    expect(peakInFlight(log, "b-")).toBeLessThanOrEqual(3);
  });

  it("EXT-2 a stage of 2 with three groups of 5 (each one at a time by default) keeps 2 in flight", () => {
    const run = created(
      request([...membersOf("a", 5), ...membersOf("b", 5), ...membersOf("c", 5)], {
        strategy: oneStage({ maxConcurrency: 2 }, [{ name: "a" }, { name: "b" }, { name: "c" }]),
      }),
    );
    const { run: end, log } = drive(run, T0, {
      script: [{ at: T0, event: (at) => ({ type: "START", at }) }],
    });
    expect(end.state).toBe("Completed");
    expect(peakInFlight(log)).toBe(2);
  });

  it("EXT-2 RUN-3 without maxConcurrency every group of a stage runs at once: a stage of 60 groups starts 60 members, not a wave of 50", () => {
    const groups = Array.from({ length: 60 }, (_, i) => `g${i}`);
    const run = created(
      request(
        groups.flatMap((g) => membersOf(g, 2)),
        {
          strategy: oneStage(
            {},
            groups.map((name) => ({ name })),
          ),
        },
      ),
    );
    expect(run.stages[0]!.maxConcurrency).toBe(60);
    const first = step(run, { type: "START", at: T0 });
    expect(first.intents).toHaveLength(60);
    expect(new Set(first.intents.map((i) => i.cluster.split("-")[0]))).toEqual(new Set(groups));
  });

  it("EXT-2 defaults are every group at once per stage and 1 per group; a group above its stage is 422", () => {
    const run = created(
      request([...membersOf("a", 3), ...membersOf("b", 4)], {
        strategy: oneStage({}, [{ name: "a" }, { name: "b", maxConcurrency: 3 }]),
      }),
    );
    // The stage's cap is what its groups allow together (seed 002: groups run in parallel).
    expect(run.stages[0]!.maxConcurrency).toBe(4);
    expect(groupOf(run, "a").maxConcurrency).toBe(1);
    const refused = createUpdateRun(
      request(membersOf("a", 10), {
        strategy: oneStage({ maxConcurrency: 2 }, [{ name: "a", maxConcurrency: 3 }]),
      }),
      T0,
    );
    expect(refused).toMatchObject({ ok: false, error: { rule: "EXT-2", kind: "refused" } });
  });

  it("EXT-3 a group of 4 with a budget of 4 whose members all fail ends Completed with 4 Failed members, and the run goes on", () => {
    const run = created(
      request([...membersOf("a", 4), ...membersOf("b", 1)], {
        strategy: {
          stages: [
            {
              name: "s1",
              maxAllowedFailures: 4,
              groups: [{ name: "a", maxAllowedFailures: 4, maxConcurrency: 4 }],
            },
            { name: "s2", groups: [{ name: "b" }] },
          ],
        },
      }),
    );
    const fails = new Set(["a-0", "a-1", "a-2", "a-3"]);
    const { run: end } = drive(run, T0, {
      fails,
      script: [{ at: T0, event: (at) => ({ type: "START", at }) }],
    });
    const a = groupOf(end, "a");
    expect(a.state).toBe("Completed");
    expect(a.members.map((m) => m.state)).toEqual(["Failed", "Failed", "Failed", "Failed"]);
    expect(a.message).toBe("EXT-3: 4 of 4 members failed, within the budget of 4");
    expect(groupOf(end, "b").state).toBe("Completed");
    expect(end.state).toBe("Completed");
  });

  it("EXT-3 RUN-11 a budget of 0 (the default) keeps RUN-11: the first failure fails the run, which shows Stopping while members in flight finish", () => {
    const run = created(
      request(membersOf("a", 3), {
        strategy: oneStage({}, [{ name: "a", maxConcurrency: 3 }]),
      }),
    );
    const first = step(run, { type: "START", at: T0 });
    expect(first.intents).toHaveLength(3);
    const failed = step(first.state, {
      type: "MEMBER_ENDED",
      cluster: "a-0",
      succeeded: false,
      message: "boom",
      at: T0 + 60 * SECOND,
    });
    expect(failed.state.state).toBe("Stopping");
    expect(failed.state.message).toMatch(
      /^RUN-11: member a-0 failed: boom.*EXT-3: stopping while 2/,
    );
    expect(failed.intents).toEqual([]);
    const one = step(failed.state, {
      type: "MEMBER_ENDED",
      cluster: "a-1",
      succeeded: true,
      at: T0 + 120 * SECOND,
    });
    expect(one.state.state).toBe("Stopping");
    const two = step(one.state, {
      type: "MEMBER_ENDED",
      cluster: "a-2",
      succeeded: true,
      at: T0 + 180 * SECOND,
    });
    expect(two.state.state).toBe("Failed");
    expect(groupOf(two.state, "a").state).toBe("Failed");
  });

  it('EXT-3 a percentage budget rounds up: "10%" of 12 members tolerates 2 failures, the third fails the group', () => {
    const run = created(
      request(membersOf("a", 12), {
        strategy: oneStage({ maxAllowedFailures: "25%" }, [
          { name: "a", maxAllowedFailures: "10%" },
        ]),
      }),
    );
    expect(groupOf(run, "a").maxAllowedFailures).toBe(2);
    const { run: end } = drive(run, T0, {
      fails: new Set(["a-0", "a-1", "a-2"]),
      script: [{ at: T0, event: (at) => ({ type: "START", at }) }],
    });
    expect(groupOf(end, "a").state).toBe("Failed");
    expect(groupOf(end, "a").message).toMatch(
      /^EXT-3: 3 members failed, more than the budget of 2/,
    );
    expect(end.state).toBe("Failed");
  });
});
