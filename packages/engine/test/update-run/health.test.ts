import { describe, expect, it } from "vitest";
import { SECOND } from "../../src/time/instant.ts";
import type {
  HealthCheckSpec,
  StrategyGroup,
  UpdateRun,
  UpdateRunEvent,
} from "../../src/update-run/types.ts";
import { updateRunView } from "../../src/update-run/view.ts";
import { created, groupOf, member, memberOf, request, step, T0 } from "./driver.ts";

const URL_CHECK: HealthCheckSpec = { url: "https://status.example.com/healthz" };
const ENDS = T0 + 600 * SECOND;
const ANSWERED = ENDS + 2 * SECOND;

/** One stage `s` with the given groups, members `<group>-<i>`. */
function runWith(
  groups: StrategyGroup[],
  sizes: number[],
  stageCheck?: HealthCheckSpec,
  stage: { maxAllowedFailures?: number } = {},
) {
  const members = groups.flatMap((g, k) =>
    Array.from({ length: sizes[k]! }, (_, i) => ({ ...member(`${g.name}-${i}`), group: g.name })),
  );
  return created(
    request(members, {
      strategy: {
        stages: [
          {
            name: "s",
            groups,
            ...stage,
            ...(stageCheck === undefined ? {} : { healthCheck: stageCheck }),
          },
        ],
      },
    }),
  );
}

const ended = (cluster: string, at = ENDS): UpdateRunEvent => ({
  type: "MEMBER_ENDED",
  cluster,
  succeeded: true,
  at,
});

const checked = (
  cluster: string,
  passed: boolean,
  at = ANSWERED,
): Extract<UpdateRunEvent, { type: "HEALTH_CHECKED" }> => ({
  type: "HEALTH_CHECKED",
  cluster,
  passed,
  statusCode: passed ? 200 : 503,
  detail: passed ? "HTTP 200" : `HTTP 503: ${"down ".repeat(100)}`,
  at,
});

/** Started, with the first member's upgrade ended well: its check runs. */
function checking(run: UpdateRun, cluster: string) {
  const started = step(run, { type: "START", at: T0 });
  return step(started.state, ended(cluster));
}

describe("EXT-7 health gates (update-run engine)", () => {
  it("EXT-7 a member whose group names a check stays Running after its upgrade, asks for the check, and completes when it passes", () => {
    const run = runWith([{ name: "a", healthCheck: URL_CHECK }], [2]);
    expect(groupOf(run, "a").healthCheck).toEqual(URL_CHECK);
    const started = step(run, { type: "START", at: T0 });
    expect(started.intents[0]!.healthCheck).toEqual(URL_CHECK);
    const upgraded = step(started.state, ended("a-0"));
    expect(upgraded.checks).toEqual([
      { type: "CHECK_HEALTH", cluster: "a-0", check: URL_CHECK, requestedAt: ENDS },
    ]);
    const m = memberOf(upgraded.state, "a-0");
    expect(m.state).toBe("Running");
    expect(m.message).toBe(
      "EXT-7: upgrade done; health check https://status.example.com/healthz running",
    );
    // RUN-3: the group's next member waits for this one, check included.
    expect(upgraded.intents).toEqual([]);
    const passed = step(upgraded.state, checked("a-0", true));
    expect(memberOf(passed.state, "a-0").state).toBe("Completed");
    expect(memberOf(passed.state, "a-0").endedAt).toBe(ANSWERED);
    expect(passed.intents.map((i) => i.cluster)).toEqual(["a-1"]);
    const view = updateRunView(passed.state).stages[0]!.groups[0]!;
    expect(view.healthCheck).toEqual(URL_CHECK);
    expect(view.members[0]!.healthCheck).toEqual({
      url: URL_CHECK.url,
      state: "Passed",
      requestedAt: new Date(ENDS).toISOString(),
      statusCode: 200,
      detail: "HTTP 200",
      checkedAt: new Date(ANSWERED).toISOString(),
    });
  });

  it("EXT-7 RUN-11 a failed check fails the member with its answer (detail cut to 200 characters) and the run", () => {
    const run = runWith([{ name: "a" }], [2], { provider: true });
    const upgraded = checking(run, "a-0");
    expect(upgraded.checks[0]!.check).toEqual({ provider: true });
    const failed = step(upgraded.state, checked("a-0", false));
    const m = memberOf(failed.state, "a-0");
    expect(m.state).toBe("Failed");
    expect(m.message).toMatch(/^EXT-7: health check the provider's HEALTH_CHECK failed: HTTP 503/);
    expect(m.healthCheck!.detail).toHaveLength(200);
    expect(failed.state.state).toBe("Failed");
    expect(failed.state.message).toMatch(/^RUN-11: member a-0 failed: EXT-7: health check/);
    expect(failed.intents).toEqual([]);
    expect(updateRunView(failed.state).stages[0]!.groups[0]!.members[0]!.healthCheck?.state).toBe(
      "Failed",
    );
  });

  it("EXT-7 EXT-3 with maxAllowedFailures 1 a failed check fails the member and the run goes on", () => {
    const run = runWith(
      [{ name: "a", maxAllowedFailures: 1, healthCheck: URL_CHECK }],
      [2],
      undefined,
      {
        maxAllowedFailures: 1,
      },
    );
    const failed = step(checking(run, "a-0").state, checked("a-0", false));
    expect(memberOf(failed.state, "a-0").state).toBe("Failed");
    expect(failed.state.state).toBe("Running");
    expect(failed.intents.map((i) => i.cluster)).toEqual(["a-1"]);
    const second = step(failed.state, ended("a-1", ANSWERED + 600 * SECOND));
    const done = step(second.state, checked("a-1", true, ANSWERED + 601 * SECOND));
    expect(groupOf(done.state, "a").state).toBe("Completed");
    expect(done.state.state).toBe("Completed");
  });

  it("EXT-7 the group's check overrides the stage's; a run without checks completes members at once as before", () => {
    const run = runWith([{ name: "a", healthCheck: URL_CHECK }, { name: "b" }], [1, 1], {
      provider: true,
    });
    const started = step(run, { type: "START", at: T0 });
    const a = step(started.state, ended("a-0"));
    const b = step(a.state, ended("b-0"));
    expect([...a.checks, ...b.checks].map((c) => [c.cluster, c.check])).toEqual([
      ["a-0", URL_CHECK],
      ["b-0", { provider: true }],
    ]);
    const plain = runWith([{ name: "a" }], [1]);
    const done = step(step(plain, { type: "START", at: T0 }).state, ended("a-0"));
    expect(done.checks).toEqual([]);
    expect(done.state.state).toBe("Completed");
  });

  it("EXT-7 RUN-10 an answer heard while the run is stopped shows when it starts again; a stale or unasked answer is ignored", () => {
    const run = runWith([{ name: "a", healthCheck: URL_CHECK }], [1]);
    const upgraded = checking(run, "a-0");
    const stray = step(upgraded.state, { ...checked("a-0", false), requestedAt: T0 });
    expect(memberOf(stray.state, "a-0").state).toBe("Running");
    const stopped = step(upgraded.state, { type: "STOP", at: ENDS + SECOND });
    const held = step(stopped.state, checked("a-0", true));
    expect(memberOf(held.state, "a-0").state).toBe("Stopped");
    const again = step(held.state, { type: "START", at: ANSWERED + SECOND });
    expect(memberOf(again.state, "a-0").state).toBe("Completed");
    expect(again.state.state).toBe("Completed");
    const late = step(again.state, checked("a-0", false, ANSWERED + 2 * SECOND));
    expect(memberOf(late.state, "a-0").state).toBe("Completed");
  });

  it("EXT-7 EXT-4 a member whose check failed is retried from its upgrade, and checked again after it", () => {
    const run = runWith([{ name: "a", healthCheck: URL_CHECK }], [1]);
    const failed = step(checking(run, "a-0").state, checked("a-0", false));
    const retried = step(failed.state, { type: "RETRY", at: ANSWERED + SECOND });
    expect(memberOf(retried.state, "a-0").healthCheck).toBeUndefined();
    expect(retried.intents.map((i) => i.cluster)).toEqual(["a-0"]);
    const again = step(retried.state, ended("a-0", ANSWERED + 600 * SECOND));
    expect(again.checks.map((c) => c.requestedAt)).toEqual([ANSWERED + 600 * SECOND]);
  });
});
