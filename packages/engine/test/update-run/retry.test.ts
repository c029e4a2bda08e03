import { describe, expect, it } from "vitest";
import { SECOND } from "../../src/time/instant.ts";
import { decideUpdateRun } from "../../src/update-run/machine.ts";
import type { MemberFacts } from "../../src/update-run/types.ts";
import { AVAILABLE, created, drive, member, memberOf, request, step, T0 } from "./driver.ts";

function grouped(group: string, count: number): (MemberFacts & { group: string })[] {
  return Array.from({ length: count }, (_, i) => ({ ...member(`${group}-${i}`), group }));
}

describe("update-run retry", () => {
  it("EXT-4 a Failed run retries its Failed member with the same node image, even after a newer image was published; Completed members are not run again", () => {
    const run = created(
      request(grouped("a", 3), {
        goal: { type: "NodeImageOnly", nodeImageSelection: "Latest" },
        strategy: { stages: [{ name: "s", groups: [{ name: "a" }] }] },
      }),
    );
    const failed = drive(run, T0, {
      fails: new Set(["a-1"]),
      script: [{ at: T0, event: (at) => ({ type: "START", at }) }],
    });
    expect(failed.run.state).toBe("Failed");
    expect(memberOf(failed.run, "a-1")).toMatchObject({ state: "Failed", nodeImage: "cos-110" });
    expect(memberOf(failed.run, "a-2").state).toBe("NotStarted");
    // A newer image is published before the retry: the retried member keeps cos-110.
    const newer = step(failed.run, {
      type: "TICK",
      at: failed.now + SECOND,
      availability: {
        ...AVAILABLE,
        nodeImages: [...AVAILABLE.nodeImages, { version: "cos-120", regions: ["eu"] }],
      },
    });
    const retried = step(newer.state, { type: "RETRY", at: failed.now + 2 * SECOND });
    expect(retried.state.state).toBe("Running");
    expect(retried.intents).toEqual([
      expect.objectContaining({ cluster: "a-1", nodeImage: "cos-110" }),
    ]);
    const done = drive(newer.state, failed.now + 2 * SECOND, {
      script: [{ at: failed.now + 2 * SECOND, event: (at) => ({ type: "RETRY", at }) }],
    });
    expect(done.run.state).toBe("Completed");
    expect(done.starts.map((s) => s.cluster)).toEqual(["a-1", "a-2"]);
    expect(memberOf(done.run, "a-0").startedAt).toBe(T0);
    // a-2 never ran before: it resolves Latest when it starts.
    expect(done.starts[1]?.nodeImage).toBe("cos-120");
  });

  it("EXT-4 only a Failed or Stopped run is retried; user skips are kept", () => {
    const run = created(
      request(grouped("a", 2), { strategy: { stages: [{ name: "s", groups: [{ name: "a" }] }] } }),
    );
    expect(decideUpdateRun(run, { type: "RETRY", at: T0 }, T0)).toMatchObject({
      ok: false,
      error: { rule: "EXT-4", kind: "conflict" },
    });
    const skipped = step(run, { type: "SKIP", targets: [{ type: "Member", name: "a-0" }], at: T0 });
    const started = step(skipped.state, { type: "START", at: T0 });
    const stopped = step(started.state, { type: "STOP", at: T0 + SECOND });
    const ended = step(stopped.state, {
      type: "MEMBER_ENDED",
      cluster: "a-1",
      succeeded: false,
      message: "boom",
      at: T0 + 60 * SECOND,
    });
    expect(ended.state.state).toBe("Stopped");
    const retried = step(ended.state, { type: "RETRY", at: T0 + 120 * SECOND });
    // a-1 failed while the run was stopped: the retry shows that, then runs it again.
    expect(memberOf(retried.state, "a-0").state).toBe("Skipped");
    expect(memberOf(retried.state, "a-1").state).toBe("Running");
    expect(retried.intents.map((i) => i.cluster)).toEqual(["a-1"]);
  });
});
