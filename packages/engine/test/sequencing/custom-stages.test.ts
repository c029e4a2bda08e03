import { describe, expect, it } from "vitest";
import { visibleRollout } from "../../src/sequencing/index.ts";
import { HOUR, toRfc3339 } from "../../src/time/instant.ts";
import { T0 } from "./driver.ts";
import { member, SequenceDriver } from "./sequence-driver.ts";

const FROM = "1.21.11-gke.1100";
const TO = "1.21.14-gke.4300";
const CP = "control-plane-1.21.14-gke.4300";
const canary = { matchLabels: { canary: "true" } };

/** Staging soaks 2 days, then prod's canaries soak 1 day, then the rest of prod. */
function canaryFirst() {
  return new SequenceDriver(
    [
      { fleets: ["staging"], soakSeconds: 48 * 3600 },
      { fleets: ["prod"], clusterSelector: canary, soakSeconds: 24 * 3600 },
      { fleets: ["prod"], soakSeconds: 0 },
    ],
    [
      member("s1", "staging", FROM),
      member("p1", "prod", FROM, { canary: "true" }),
      member("p2", "prod", FROM),
      member("p3", "prod", FROM),
    ],
  );
}

const at = (hours: number) => T0 + hours * HOUR;

describe("rollout sequences with custom stages at work", () => {
  it("SEQ-19 a canary subset of production goes ahead of the rest: each stage qualifies the version for the next after its soak", () => {
    const driver = canaryFirst();
    driver.run(at(200));
    expect(driver.startHours("CONTROL_PLANE", ["s1", "p1", "p2", "p3"])).toEqual([0, 49, 74, 74]);
    // Nodes follow their own control plane and the stage before's node soak (SEQ-6).
    expect(driver.startHours("NODE", ["s1", "p1", "p2", "p3"])).toEqual([1, 51, 77, 77]);
    expect(driver.starts.filter((s) => s.type === "CONTROL_PLANE").map((s) => s.stage)).toEqual([
      0, 1, 2, 2,
    ]);
    const rollout = driver.rollout("CONTROL_PLANE", TO);
    expect(rollout?.state).toBe("COMPLETED");
    expect(rollout?.stages.map((s) => [s.stage, s.state, s.startedAt, s.endedAt])).toEqual([
      [1, "COMPLETE", toRfc3339(at(0)), toRfc3339(at(49))],
      [2, "COMPLETE", toRfc3339(at(49)), toRfc3339(at(74))],
      [3, "COMPLETE", toRfc3339(at(74)), toRfc3339(at(75))],
    ]);
  });

  it("SEQ-21 a rollout shows each stage's state, start, soak end and clusters while it runs", () => {
    const driver = canaryFirst();
    driver.run(at(60));
    const rollout = driver.rollout("CONTROL_PLANE", TO);
    expect(rollout).toMatchObject({ id: CP, type: "CONTROL_PLANE", version: TO, state: "RUNNING" });
    expect(rollout?.stages[1]).toEqual({
      stage: 2,
      state: "SOAKING",
      startedAt: toRfc3339(at(49)),
      soakEndsAt: toRfc3339(at(74)),
      clusters: [{ cluster: "p1", fleet: "prod", state: "COMPLETE" }],
    });
    expect(rollout?.stages[2]).toMatchObject({
      stage: 3,
      state: "PENDING",
      reason: `SEQ-5: waiting for upstream stage 2 of seq to qualify ${TO} and finish its control-plane soak`,
    });
    expect(driver.rollouts().map((r) => r.id)).toEqual(expect.arrayContaining([CP, `node-${TO}`]));
  });

  it("SEQ-19 a label change moves a cluster that has not started to the stage that selects it now", () => {
    const joins = canaryFirst();
    joins.run(at(10));
    joins.relabel("p2", { canary: "true" });
    joins.run(at(200));
    expect(joins.startHours("CONTROL_PLANE", ["p1", "p2", "p3"])).toEqual([49, 49, 74]);

    const leaves = canaryFirst();
    leaves.run(at(10));
    leaves.relabel("p1", {});
    leaves.run(at(200));
    // The canary stage is left with nothing: it passes staging's word straight on (SEQ-9).
    expect(leaves.startHours("CONTROL_PLANE", ["p1", "p2", "p3"])).toEqual([49, 49, 49]);
  });

  it("SEQ-19 SEQ-5 a cluster that joins a stage while it soaks is upgraded, and the stage soaks again from when that cluster is done", () => {
    const driver = canaryFirst();
    // The canaries' control plane: p1 done at 50, soaking until 74.
    driver.run(at(60));
    expect(driver.rollout("CONTROL_PLANE", TO)?.stages[1]?.state).toBe("SOAKING");
    driver.relabel("p2", { canary: "true" });
    driver.decide();
    const joined = driver.rollout("CONTROL_PLANE", TO)?.stages[1];
    expect(joined?.state).toBe("IN_PROGRESS");
    driver.run(at(200));
    // p2 starts at once and is done at 61: the stage qualifies a day after that, not at 74.
    expect(driver.startHours("CONTROL_PLANE", ["p1", "p2", "p3"])).toEqual([49, 60, 85]);
  });

  it("SEQ-19 a cluster whose upgrade a stage started stays in that stage until it ends, and is never started twice", () => {
    const driver = canaryFirst();
    driver.run(at(74.5));
    driver.relabel("p2", { canary: "true" });
    driver.decide();
    const stage3 = driver.rollout("CONTROL_PLANE", TO)?.stages[2];
    expect(stage3?.clusters.find((c) => c.cluster === "p2")?.state).toBe("IN_PROGRESS");
    driver.run(at(200));
    expect(driver.starts.filter((s) => s.cluster === "p2" && s.type === "CONTROL_PLANE")).toEqual([
      { stage: 2, cluster: "p2", type: "CONTROL_PLANE", version: TO, at: at(74) },
    ]);
    // Once its control plane is done it is a canary: its nodes go with the canary stage's,
    // which qualified long ago, as soon as its control plane allows.
    expect(driver.starts.find((s) => s.cluster === "p2" && s.type === "NODE")).toMatchObject({
      stage: 1,
      at: at(75),
    });
    expect(driver.cluster("p2")?.version).toBe(TO);
  });

  it("SEQ-20 a paused rollout starts nothing new in any stage; running upgrades finish and soaks go on; resume releases it", () => {
    const driver = canaryFirst();
    driver.run(at(49.5));
    driver.decide([{ kind: "PAUSE", rollout: CP }]);
    driver.run(at(120));
    // p1 was running when the pause came: it finished and soaked; the rest waits.
    expect(driver.startHours("CONTROL_PLANE", ["p1", "p2", "p3"])).toEqual([
      49,
      undefined,
      undefined,
    ]);
    const paused = driver.rollout("CONTROL_PLANE", TO);
    expect(paused?.state).toBe("PAUSED");
    expect(paused?.stages[1]?.state).toBe("COMPLETE");
    expect(paused?.stages[2]).toMatchObject({
      state: "PENDING",
      reason: expect.stringMatching(
        /^SEQ-20: the control-plane rollout of 1\.21\.14-gke\.4300 is paused/,
      ),
    });
    // The node rollout is its own: it is not paused.
    expect(driver.rollout("NODE", TO)?.state).toBe("RUNNING");
    driver.decide([{ kind: "RESUME", rollout: CP }]);
    driver.run(at(200));
    expect(driver.startHours("CONTROL_PLANE", ["p2", "p3"])).toEqual([120, 120]);
    expect(driver.rollout("CONTROL_PLANE", TO)?.state).toBe("COMPLETED");
    expect(driver.state.paused).toEqual([]);
  });

  it("SEQ-20 a pause before a stage's turn holds the stage; a pause of a rollout no stage keeps is dropped", () => {
    const driver = canaryFirst();
    driver.run(at(10));
    driver.decide([
      { kind: "PAUSE", rollout: CP },
      { kind: "PAUSE", rollout: "control-plane-9.9.9" },
    ]);
    expect(driver.state.paused).toEqual([CP]);
    driver.run(at(100));
    expect(driver.startHours("CONTROL_PLANE", ["p1"])).toEqual([undefined]);
  });

  it("SEQ-9 a first stage whose selector matches nothing cannot qualify anything: the stages after it wait, with the reason", () => {
    const driver = new SequenceDriver(
      [
        { fleets: ["prod"], clusterSelector: { matchLabels: { ring: "never" } }, soakSeconds: 0 },
        { fleets: ["prod"], soakSeconds: 0 },
      ],
      [member("p1", "prod", FROM)],
    );
    driver.run(at(100));
    expect(driver.starts).toEqual([]);
    const rollout = driver.rollout("CONTROL_PLANE", TO);
    expect(rollout?.stages[0]).toMatchObject({
      state: "PENDING",
      reason: expect.stringMatching(/^SEQ-9: stage 1 of seq selects no clusters/),
    });
    expect(rollout?.stages[1]).toMatchObject({
      state: "PENDING",
      reason: expect.stringMatching(/^SEQ-9: upstream stage 1 of seq has no clusters/),
    });
  });

  it("SEQ-19 SEQ-10 MW-2 a stage held back by an exclusion soaks anyway 30 days after its first upgrade started, and the next stage goes after that soak", () => {
    const exclusion = {
      start: toRfc3339(at(-24)),
      end: toRfc3339(at(24 * 90)),
      scope: "ALL" as const,
    };
    const driver = new SequenceDriver(
      [
        { fleets: ["staging"], soakSeconds: 24 * 3600 },
        { fleets: ["prod"], soakSeconds: 0 },
      ],
      [
        member("s1", "staging", FROM),
        { ...member("s2", "staging", FROM), maintenance: { exclusions: [exclusion] } },
        member("p1", "prod", FROM),
      ],
    );
    driver.run(at(24 * 30.5));
    const cp = driver.rollout("CONTROL_PLANE", TO);
    expect(cp?.stages[0]).toMatchObject({
      state: "FORCED_SOAKING",
      soakEndsAt: toRfc3339(at(24 * 31)),
      reason: expect.stringMatching(/^SEQ-10: 1 of 2 clusters were not upgraded 30 days after/),
    });
    expect(cp?.stages[0]?.clusters.find((c) => c.cluster === "s2")?.reason).toMatch(/^MW-2/);
    driver.run(at(24 * 40));
    expect(driver.startHours("CONTROL_PLANE", ["s1", "s2", "p1"])).toEqual([0, undefined, 24 * 31]);
  });

  it("SEQ-18 a caller who reads only production sees a rollout's production stages, numbered as in the sequence, and only production's clusters", () => {
    const driver = new SequenceDriver(
      [
        { fleets: ["staging"], soakSeconds: 0 },
        { fleets: ["staging", "prod"], clusterSelector: canary, soakSeconds: 0 },
        { fleets: ["prod"], soakSeconds: 0 },
      ],
      [
        member("s1", "staging", FROM),
        member("s2", "staging", FROM, { canary: "true" }),
        member("p1", "prod", FROM, { canary: "true" }),
        member("p2", "prod", FROM),
      ],
    );
    driver.run(at(2));
    const whole = driver.rollout("CONTROL_PLANE", TO);
    if (whole === undefined) throw new Error("no rollout");
    const prodOnly = visibleRollout(whole, driver.stages, (fleet) => fleet === "prod");
    expect(prodOnly.stages.map((s) => s.stage)).toEqual([2, 3]);
    expect(prodOnly.stages.flatMap((s) => s.clusters.map((c) => c.cluster))).toEqual(["p1", "p2"]);
    // What it shows of a stage is the stage's own state, decided over every cluster.
    expect(prodOnly.stages[0]?.state).toBe(whole.stages[1]?.state);
    expect(visibleRollout(whole, driver.stages, () => false).stages).toEqual([]);
    expect(visibleRollout(whole, driver.stages, () => true)).toEqual(whole);
  });
});
