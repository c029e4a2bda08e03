import { describe, expect, it } from "vitest";
import { HOUR, SECOND } from "../../src/time/instant.ts";
import { createUpdateRun } from "../../src/update-run/create.ts";
import { decideUpdateRun } from "../../src/update-run/machine.ts";
import { membersInTryOrder } from "../../src/update-run/order.ts";
import { validateStrategy } from "../../src/update-run/strategy.ts";
import type { MemberFacts, UpdateRun } from "../../src/update-run/types.ts";
import { updateRunView } from "../../src/update-run/view.ts";
import {
  AVAILABLE,
  created,
  drive,
  FULL,
  groupOf,
  member,
  memberOf,
  request,
  step,
  strategy,
  T0,
} from "./driver.ts";

const started = (run: UpdateRun, at = T0) => step(run, { type: "START", at });

/** Windows relative to T0 (Monday 00:00 UTC), as in seed 002's priority list. */
const OPEN_NOW = {
  windows: [{ start: "00:00", durationSeconds: 6 * 3600, days: ["MON" as const] }],
};
const OPENS_IN_2H = {
  windows: [{ start: "02:00", durationSeconds: 4 * 3600, days: ["MON" as const] }],
};
const CLOSED = { windows: [{ start: "22:00", durationSeconds: 4 * 3600, days: ["SAT" as const] }] };

describe("update run engine", () => {
  it("RUN-1 without a strategy every member is updated one at a time, in order", () => {
    const run = created(request([member("c1"), member("c2"), member("c3")]));
    const { run: end, log } = drive(run, T0, {
      script: [{ at: T0, event: (at) => ({ type: "START", at }) }],
    });
    expect(log.filter((l) => /start|end/.test(l))).toEqual([
      "+0s start c1 image cos-110",
      "+600s end c1 ok",
      "+600s start c2 image cos-110",
      "+1200s end c2 ok",
      "+1200s start c3 image cos-110",
      "+1800s end c3 ok",
    ]);
    expect(end.state).toBe("Completed");
  });

  it("RUN-2 stages run in order and afterStageWaitSeconds holds the next stage", () => {
    const req = request(
      [member("a1", { group: "a" } as never), member("b1", { group: "b" } as never)],
      {
        strategy: strategy([["a"], ["b"]], [3600]),
      },
    );
    const run = created(req);
    const first = started(run);
    expect(first.intents.map((i) => i.cluster)).toEqual(["a1"]);
    const ended = step(first.state, {
      type: "MEMBER_ENDED",
      cluster: "a1",
      succeeded: true,
      at: T0 + 600 * SECOND,
    });
    expect(ended.intents).toEqual([]);
    expect(ended.wakeAt).toBe(T0 + 600 * SECOND + HOUR);
    const view = updateRunView(ended.state);
    expect(view.stages[0]!.state).toBe("Running");
    expect(view.stages[0]!.afterStageWaitEndsAt).toBe(
      new Date(T0 + 600 * SECOND + HOUR).toISOString(),
    );
    expect(view.stages[1]!.state).toBe("NotStarted");
    const early = step(ended.state, { type: "TICK", at: T0 + 1800 * SECOND });
    expect(early.intents).toEqual([]);
    const next = step(ended.state, { type: "TICK", at: ended.wakeAt! });
    expect(next.intents.map((i) => i.cluster)).toEqual(["b1"]);
    expect(next.state.stages[0]!.state).toBe("Completed");
  });

  it("RUN-3 groups of a stage run in parallel, members of a group one after another", () => {
    const members = ["a1", "a2", "b1", "b2"].map((c) => ({ ...member(c), group: c[0] }));
    const run = created(request(members, { strategy: strategy([["a", "b"]]) }));
    const { log } = drive(run, T0, {
      script: [{ at: T0, event: (at) => ({ type: "START", at }) }],
    });
    expect(log.filter((l) => l.includes("start "))).toEqual([
      "+0s start a1 image cos-110",
      "+0s start b1 image cos-110",
      "+600s start a2 image cos-110",
      "+600s start b2 image cos-110",
    ]);
  });

  it("RUN-3 a member belongs to one group: a group or stage named twice is a 422", () => {
    const twiceGroup = validateStrategy(strategy([["a"], ["a"]]));
    expect(twiceGroup).toMatchObject({ ok: false, error: { rule: "RUN-3", kind: "refused" } });
    const twiceStage = validateStrategy({
      stages: [
        { name: "s", groups: [] },
        { name: "s", groups: [] },
      ],
    });
    expect(twiceStage).toMatchObject({ ok: false, error: { rule: "RUN-3", kind: "refused" } });
    const refused = createUpdateRun(
      request([member("c1")], { strategy: strategy([["a", "a"]]) }),
      T0,
    );
    expect(refused).toMatchObject({ ok: false, error: { rule: "RUN-3" } });
  });

  it("RUN-4 a run copies the strategy: later edits do not change it", () => {
    const s = strategy([["a"]]);
    const run = created(
      request([{ ...member("a1"), group: "a" }], { strategy: s, strategyName: "s1" }),
    );
    (s.stages[0] as { name: string }).name = "renamed";
    expect(run.stages[0]!.name).toBe("stage-1");
    expect(run.strategy).toBe("s1");
  });

  it("RUN-4 members whose updateGroup is not in the strategy are not in the run", () => {
    const run = created(
      request([{ ...member("a1"), group: "a" }, { ...member("x1"), group: "x" }, member("n1")], {
        strategy: strategy([["a"]]),
      }),
    );
    expect(
      run.stages.flatMap((s) => s.groups.flatMap((g) => g.members.map((m) => m.cluster))),
    ).toEqual(["a1"]);
  });

  it("RUN-5 the intents carry the upgrade type: Full, ControlPlaneOnly (no image), NodeImageOnly (image only)", () => {
    const full = started(created(request([member("c1")])));
    expect(full.intents).toEqual([
      {
        type: "START_MEMBER",
        cluster: "c1",
        upgrade: "Full",
        kubernetesVersion: "1.28.3",
        nodeImage: "cos-110",
      },
    ]);
    const cp = started(
      created(
        request([member("c1")], {
          goal: {
            type: "ControlPlaneOnly",
            kubernetesVersion: "1.28.3",
            nodeImageSelection: "Latest",
          },
        }),
      ),
    );
    expect(cp.intents).toEqual([
      {
        type: "START_MEMBER",
        cluster: "c1",
        upgrade: "ControlPlaneOnly",
        kubernetesVersion: "1.28.3",
      },
    ]);
    const image = started(
      created(
        request([member("c1")], { goal: { type: "NodeImageOnly", nodeImageSelection: "Latest" } }),
      ),
    );
    expect(image.intents).toEqual([
      { type: "START_MEMBER", cluster: "c1", upgrade: "NodeImageOnly", nodeImage: "cos-110" },
    ]);
  });

  it("RUN-5 a Full run needs a version, a NodeImageOnly run takes none; VER rules name the members that cannot reach it", () => {
    const noVersion = createUpdateRun(
      request([member("c1")], { goal: { type: "Full", nodeImageSelection: "Latest" } }),
      T0,
    );
    expect(noVersion).toMatchObject({ ok: false, error: { rule: "RUN-5", kind: "refused" } });
    const imageWithVersion = createUpdateRun(
      request([member("c1")], {
        goal: { type: "NodeImageOnly", kubernetesVersion: "1.28.3", nodeImageSelection: "Latest" },
      }),
      T0,
    );
    expect(imageWithVersion).toMatchObject({ ok: false, error: { rule: "RUN-5" } });
    const skipsMinor = createUpdateRun(
      request([member("c1"), member("old", { version: "1.26.0" })]),
      T0,
    );
    expect(skipsMinor).toMatchObject({ ok: false, error: { rule: "VER-4", kind: "refused" } });
    expect(!skipsMinor.ok && skipsMinor.error.detail).toContain("member old");
    const unknown = createUpdateRun(
      request([member("c1")], { goal: { ...request([]).goal, kubernetesVersion: "1.28.9" } }),
      T0,
    );
    expect(unknown).toMatchObject({ ok: false, error: { rule: "VER-6" } });
  });

  it("RUN-6 Latest takes the newest image in each member's region when its upgrade starts", () => {
    const run = created(request([member("eu1"), member("asia1", { region: "asia" })]));
    const { starts } = drive(run, T0, {
      script: [{ at: T0, event: (at) => ({ type: "START", at }) }],
    });
    expect(starts.map((s) => [s.cluster, s.nodeImage])).toEqual([
      ["eu1", "cos-110"],
      ["asia1", "cos-105"],
    ]);
  });

  it("RUN-6 Latest picks for each node pool the newest image of that pool's OS family in the member's region: a cos pool and an ubuntu pool each get their own", () => {
    const availability = {
      versionRegions: {},
      nodeImages: [
        { version: "cos-105", regions: ["eu", "asia"] },
        { version: "ubuntu-2204-v1", regions: ["eu", "asia"] },
        { version: "cos-110", regions: ["eu", "asia"] },
        { version: "ubuntu-2204-v2", regions: ["eu"] },
      ],
    };
    const pools = [
      { name: "np", nodeImage: "cos-97" },
      { name: "gpu", nodeImage: "ubuntu-2004-v9" },
    ];
    const run = created(
      request([member("eu1", { pools }), member("asia1", { region: "asia", pools })], {
        availability,
      }),
    );
    const { starts, run: end } = drive(run, T0, {
      script: [{ at: T0, event: (at) => ({ type: "START", at }) }],
    });
    expect(starts.map((s) => [s.cluster, s.nodeImages])).toEqual([
      ["eu1", { np: "cos-110", gpu: "ubuntu-2204-v2" }],
      ["asia1", { np: "cos-110", gpu: "ubuntu-2204-v1" }],
    ]);
    expect(starts.every((s) => s.nodeImage === undefined)).toBe(true);
    expect(updateRunView(end).stages[0]!.groups[0]!.members[0]).toMatchObject({
      cluster: "eu1",
      nodeImages: [
        { pool: "gpu", nodeImage: "ubuntu-2204-v2" },
        { pool: "np", nodeImage: "cos-110" },
      ],
    });
    // A pool whose family has no image in the region yet holds the member (RUN-8).
    const noUbuntu = created(
      request([member("us1", { region: "us", pools })], {
        availability: {
          versionRegions: {},
          nodeImages: [{ version: "cos-110", regions: ["us"] }],
        },
      }),
    );
    const held = started(noUbuntu);
    expect(held.intents).toEqual([]);
    expect(memberOf(held.state, "us1").state).toBe("Pending");
    expect(memberOf(held.state, "us1").message).toBe(
      "RUN-8: no node image for node pool gpu (ubuntu-2004-v9) is available in region us yet; see the release tracker (GET /v1/releases)",
    );
  });

  it("RUN-6 Consistent chooses once at run start the newest image common to all member regions, shown in the status", () => {
    const goal = { ...request([]).goal, nodeImageSelection: "Consistent" as const };
    const run = created(request([member("eu1"), member("asia1", { region: "asia" })], { goal }));
    const first = started(run);
    expect(first.state.nodeImage).toBe("cos-105");
    expect(updateRunView(first.state).nodeImage).toBe("cos-105");
    // A newer common image published later does not change the run's choice.
    const later = {
      ...AVAILABLE,
      nodeImages: [...AVAILABLE.nodeImages, { version: "cos-120", regions: ["eu", "asia"] }],
    };
    const ended = step(first.state, {
      type: "MEMBER_ENDED",
      cluster: "eu1",
      succeeded: true,
      at: T0 + 1,
    });
    const tick = step(ended.state, { type: "TICK", at: T0 + 2, availability: later });
    expect([...first.intents, ...ended.intents, ...tick.intents].map((i) => i.nodeImage)).toEqual([
      "cos-105",
      "cos-105",
    ]);
  });

  it("RUN-6 Consistent chooses at run start one image per OS family, common to the regions of the members with pools of it: a newer ubuntu image does not leave cos members without one", () => {
    const goal = { ...request([]).goal, nodeImageSelection: "Consistent" as const };
    const availability = {
      versionRegions: {},
      nodeImages: [
        { version: "cos-105", regions: ["eu", "asia"] },
        { version: "cos-110", regions: ["eu"] },
        { version: "ubuntu-2204-v1", regions: ["eu", "asia"] },
        { version: "ubuntu-2204-v2", regions: ["eu"] },
      ],
    };
    const mixed = [
      { name: "np", nodeImage: "cos-97" },
      { name: "gpu", nodeImage: "ubuntu-2004-v9" },
    ];
    const run = created(
      request(
        [
          member("cos-eu"),
          member("cos-asia", { region: "asia" }),
          member("mixed-eu", { pools: mixed }),
        ],
        { goal, availability },
      ),
    );
    const { starts, run: end } = drive(run, T0, {
      script: [{ at: T0, event: (at) => ({ type: "START", at }) }],
    });
    expect(end.state).toBe("Completed");
    expect(starts.map((s) => [s.cluster, s.nodeImage ?? s.nodeImages])).toEqual([
      ["cos-eu", "cos-105"],
      ["cos-asia", "cos-105"],
      ["mixed-eu", { np: "cos-105", gpu: "ubuntu-2204-v2" }],
    ]);
    expect(updateRunView(end).nodeImages).toEqual(["cos-105", "ubuntu-2204-v2"]);
    expect(updateRunView(end).nodeImage).toBeUndefined();
  });

  it("RUN-9 Consistent: a node pool added after the run started is re-imaged when the consistent image fits it; a member whose new pool it does not fit (another OS, the seed's new VM SKU) is Skipped; the others go on", () => {
    const goal = { type: "NodeImageOnly" as const, nodeImageSelection: "Consistent" as const };
    const run = created(request([member("a"), member("b"), member("c")], { goal }));
    const first = started(run);
    expect(first.state.nodeImage).toBe("cos-110");
    expect(first.intents.map((i) => i.cluster)).toEqual(["a"]);
    // b gains a cos pool, c an ubuntu one, while a is upgraded.
    const late = (image: string) => [
      { name: "np", nodeImage: "cos-97" },
      { name: "late", nodeImage: image },
    ];
    const grown = step(first.state, {
      type: "TICK",
      at: T0 + 60 * SECOND,
      membership: {
        present: [
          member("b", { pools: late("cos-97") }),
          member("c", { pools: late("ubuntu-2004") }),
        ],
        departed: [],
      },
    });
    const next = step(grown.state, {
      type: "MEMBER_ENDED",
      cluster: "a",
      succeeded: true,
      at: T0 + 600 * SECOND,
    });
    expect(next.intents.map((i) => [i.cluster, i.nodeImage])).toEqual([["b", "cos-110"]]);
    const last = step(next.state, {
      type: "MEMBER_ENDED",
      cluster: "b",
      succeeded: true,
      at: T0 + 1200 * SECOND,
    });
    expect(memberOf(last.state, "c")).toMatchObject({
      state: "Skipped",
      skippedBy: "system",
      message:
        "RUN-9: the consistent node image cos-110 has no version for node pool late (ubuntu-2004): the pool was added after the run started",
    });
    expect(last.intents).toEqual([]);
  });

  it("RUN-9 Consistent with no image common to every region does not refuse the start: the members left without a consistent image are Skipped, the others run", () => {
    const goal = { ...request([]).goal, nodeImageSelection: "Consistent" as const };
    const availability = {
      versionRegions: {},
      nodeImages: [{ version: "cos-1", regions: ["eu"] }],
    };
    const run = created(
      request([member("eu1"), member("us1", { region: "us" }), member("bare", { pools: [] })], {
        goal,
        availability,
      }),
    );
    const first = step(run, { type: "START", at: T0 });
    expect(first.state.nodeImage).toBeUndefined();
    for (const name of ["eu1", "us1"]) {
      expect(memberOf(first.state, name)).toMatchObject({
        state: "Skipped",
        skippedBy: "system",
        message:
          "RUN-9: no cos node image is published in every region of the run's members, so node pool np (cos-97) has no consistent image",
      });
    }
    expect(first.intents.map((i) => i.cluster)).toEqual(["bare"]);
  });

  it("RUN-7 members are tried in the seed's order: window open now, opening within 4 hours, no window, closed", () => {
    const members: MemberFacts[] = [
      member("closed", { maintenance: CLOSED }),
      member("none"),
      member("soon", { maintenance: OPENS_IN_2H }),
      member("open", { maintenance: OPEN_NOW }),
    ];
    const run = created(request(members));
    const order = membersInTryOrder(run.stages[0]!.groups[0]!.members, T0).map((m) => m.cluster);
    expect(order).toEqual(["open", "soon", "none", "closed"]);
    const { log } = drive(run, T0, {
      until: T0 + 24 * HOUR,
      script: [{ at: T0, event: (at) => ({ type: "START", at }) }],
    });
    // soon is tried second but its window opens only at 02:00: none goes ahead of it.
    expect(log.filter((l) => l.includes(" start "))).toEqual([
      "+0s start open image cos-110",
      "+600s start none image cos-110",
      "+7200s start soon image cos-110",
    ]);
  });

  it("RUN-8 a member outside its window is Pending with the next opening; the group tries the next member and comes back", () => {
    const run = created(request([member("soon", { maintenance: OPENS_IN_2H }), member("free")]));
    const first = started(run);
    expect(first.intents.map((i) => i.cluster)).toEqual(["free"]);
    const soon = memberOf(first.state, "soon");
    expect(soon.state).toBe("Pending");
    expect(soon.message).toContain("next opening 2023-11-06T02:00:00.000Z");
    const ended = step(first.state, {
      type: "MEMBER_ENDED",
      cluster: "free",
      succeeded: true,
      at: T0 + 600 * SECOND,
    });
    // Seed 002: a group is Pending only when all its members are Pending or not started;
    // with one Completed it is Running, waiting for the Pending one.
    expect(groupOf(ended.state, "default")).toMatchObject({
      state: "Running",
      message: "RUN-8: waiting for Pending member(s) soon",
    });
    expect(ended.state.state).toBe("Running");
    expect(ended.wakeAt).toBe(T0 + 2 * HOUR);
    const opened = step(ended.state, { type: "TICK", at: T0 + 2 * HOUR });
    expect(opened.intents.map((i) => i.cluster)).toEqual(["soon"]);
    expect(opened.state.state).toBe("Running");
  });

  it("RUN-8 target version or node image not yet in the member's region: Pending with the reason, started once published", () => {
    const availability = {
      versionRegions: { "1.28.3": ["eu"] },
      nodeImages: [{ version: "cos-110", regions: ["eu"] }],
    };
    const run = created(request([member("us1", { region: "us" })], { availability }));
    const first = started(run);
    expect(memberOf(first.state, "us1")).toMatchObject({ state: "Pending" });
    expect(memberOf(first.state, "us1").message).toMatch(
      /RUN-8: Kubernetes 1.28.3 is not yet available in region us/,
    );
    const versionOut = step(first.state, {
      type: "TICK",
      at: T0 + HOUR,
      availability: { ...availability, versionRegions: { "1.28.3": ["eu", "us"] } },
    });
    expect(memberOf(versionOut.state, "us1").message).toMatch(/RUN-8: no node image .* region us/);
    const imageOut = step(versionOut.state, {
      type: "TICK",
      at: T0 + 2 * HOUR,
      availability: {
        versionRegions: {},
        nodeImages: [{ version: "cos-110", regions: ["eu", "us"] }],
      },
    });
    expect(imageOut.intents.map((i) => i.cluster)).toEqual(["us1"]);
  });

  it("RUN-8 a stage with one Pending group holds the next stage; with its other group Completed the stage is Running, waiting for the Pending one (seed: Pending only when all its groups are)", () => {
    const members = [
      { ...member("a1"), group: "a" },
      { ...member("b1", { maintenance: CLOSED }), group: "b" },
      { ...member("c1"), group: "c" },
    ];
    const run = created(request(members, { strategy: strategy([["a", "b"], ["c"]]) }));
    const { run: end, starts } = drive(run, T0, {
      until: T0 + 24 * HOUR,
      script: [{ at: T0, event: (at) => ({ type: "START", at }) }],
    });
    expect(starts.map((s) => s.cluster)).toEqual(["a1"]);
    expect(groupOf(end, "a").state).toBe("Completed");
    expect(groupOf(end, "b").state).toBe("Pending");
    expect(end.stages[0]).toMatchObject({
      state: "Running",
      message: "RUN-8: waiting for Pending group(s) b",
    });
    expect(end.stages[1]!.state).toBe("NotStarted");
    expect(end.state).toBe("Running");
    // Saturday 22:00 the window opens: b1 runs, then the next stage.
    const later = drive(end, T0 + 24 * HOUR, {
      until: T0 + 7 * 24 * HOUR,
      script: [{ at: T0 + 24 * HOUR, event: (at) => ({ type: "TICK", at }) }],
    });
    expect(later.starts.map((s) => s.cluster)).toEqual(["b1", "c1"]);
    expect(later.run.state).toBe("Completed");
  });

  it("RUN-9 a member already at the target version is Skipped by the system; all skipped → group, stage, run Skipped", () => {
    const run = created(
      request([member("c1", { version: "1.28.3" }), member("c2", { version: "1.28.3" })]),
    );
    const first = started(run);
    expect(first.intents).toEqual([]);
    expect(memberOf(first.state, "c1")).toMatchObject({ state: "Skipped", skippedBy: "system" });
    expect(memberOf(first.state, "c1").message).toContain(
      "already at the target Kubernetes version",
    );
    expect(first.state.stages[0]!.groups[0]!.state).toBe("Skipped");
    expect(first.state.stages[0]!.state).toBe("Skipped");
    expect(first.state.state).toBe("Skipped");
  });

  it("RUN-9 a Full run upgrades a member whose control plane is at the target but whose pools lag; one with every pool there too is Skipped", () => {
    const lagging = member("lagging", {
      version: "1.28.3",
      pools: [
        { name: "np", nodeImage: "cos-97", version: "1.27.7" },
        { name: "gpu", nodeImage: "cos-97", version: "1.28.3" },
      ],
    });
    const there = member("there", {
      version: "1.28.3",
      pools: [{ name: "np", nodeImage: "cos-97", version: "1.28.3" }],
    });
    const first = started(created(request([there, lagging])));
    expect(memberOf(first.state, "there")).toMatchObject({
      state: "Skipped",
      message: "RUN-9: already at the target Kubernetes version 1.28.3",
    });
    expect(first.intents).toEqual([
      {
        type: "START_MEMBER",
        cluster: "lagging",
        upgrade: "Full",
        kubernetesVersion: "1.28.3",
        nodeImage: "cos-110",
      },
    ]);
    // ControlPlaneOnly leaves the pools alone: its target is the control plane only.
    const cpOnly = { ...FULL, type: "ControlPlaneOnly" as const };
    const cp = started(created(request([lagging], { goal: cpOnly })));
    expect(memberOf(cp.state, "lagging")).toMatchObject({ state: "Skipped", skippedBy: "system" });
  });

  it("RUN-9 a member upgraded by hand past the target does not refuse the run: it is Skipped at its turn with its version, and the others run", () => {
    // created() throws with the refusal's detail when the run is refused.
    const first = started(
      created(request([member("past", { version: "1.28.5" }), member("behind")])),
    );
    expect(memberOf(first.state, "past")).toMatchObject({
      state: "Skipped",
      skippedBy: "system",
      message:
        "RUN-9: already past the target Kubernetes version 1.28.3 (runs 1.28.5; VER-2: a cluster is never downgraded)",
    });
    expect(first.intents.map((i) => i.cluster)).toEqual(["behind"]);
  });

  it("RUN-9 a member the fleet finds already at the target when its start arrives (upgraded by hand since the run looked) is Skipped, not Failed, and the group's next member starts", () => {
    const run = created(request([member("a"), member("b"), member("c")]));
    const first = started(run);
    expect(first.intents.map((i) => i.cluster)).toEqual(["a"]);
    const next = step(first.state, {
      type: "MEMBER_ENDED",
      cluster: "a",
      succeeded: true,
      at: T0 + 600 * SECOND,
    });
    expect(next.intents.map((i) => i.cluster)).toEqual(["b"]);
    // The fleet's refusal, after the run read the member again: a manual upgrade's end
    // reached the inventory between the run's decision and the start.
    const read = step(next.state, {
      type: "TICK",
      at: T0 + 600 * SECOND,
      membership: { present: [member("b", { version: "1.28.3" }), member("c")], departed: [] },
    });
    const refused = step(read.state, {
      type: "MEMBER_START_REFUSED",
      cluster: "b",
      message: "VER-8: b already runs 1.28.3",
      at: T0 + 600 * SECOND,
    });
    expect(memberOf(refused.state, "b")).toMatchObject({
      state: "Skipped",
      skippedBy: "system",
      message: "RUN-9: already at the target Kubernetes version 1.28.3",
    });
    expect(memberOf(refused.state, "b").startedAt).toBeUndefined();
    expect(refused.intents.map((i) => i.cluster)).toEqual(["c"]);
    expect(refused.state.state).toBe("Running");
  });

  it("RUN-11 a start the fleet refuses for another reason (a blocking preflight finding) still fails the member and the run", () => {
    const run = created(request([member("a"), member("b")]));
    const first = started(run);
    const refused = step(first.state, {
      type: "MEMBER_START_REFUSED",
      cluster: "a",
      message: "LIFE-2: preflight found a blocking problem",
      at: T0,
    });
    expect(memberOf(refused.state, "a")).toMatchObject({
      state: "Failed",
      message: "LIFE-2: preflight found a blocking problem",
    });
    expect(refused.intents).toEqual([]);
    expect(refused.state.state).toBe("Failed");
  });

  it("RUN-9 NodeImageOnly skips a member whose pools all run the target image", () => {
    const goal = { type: "NodeImageOnly" as const, nodeImageSelection: "Latest" as const };
    const run = created(
      request([member("done", { pools: [{ name: "np", nodeImage: "cos-110" }] }), member("todo")], {
        goal,
      }),
    );
    const first = started(run);
    expect(memberOf(first.state, "done")).toMatchObject({ state: "Skipped", skippedBy: "system" });
    expect(first.intents.map((i) => i.cluster)).toEqual(["todo"]);
  });

  it("RUN-9 Consistent image with a pool that has no version of it (another SKU/OS) → member Skipped", () => {
    const goal = { ...request([]).goal, nodeImageSelection: "Consistent" as const };
    const odd = member("odd", {
      pools: [
        { name: "np", nodeImage: "cos-97" },
        { name: "gpu", nodeImage: "ubuntu-2204" },
      ],
    });
    const run = created(request([odd, member("fine")], { goal }));
    const first = started(run);
    expect(memberOf(first.state, "odd")).toMatchObject({ state: "Skipped", skippedBy: "system" });
    expect(memberOf(first.state, "odd").message).toContain("no version for node pool gpu");
    expect(first.intents.map((i) => i.cluster)).toEqual(["fine"]);
  });

  it("RUN-10 EXT-3 a stop stops tracking: the member under way shows Stopped and its upgrade goes on, the run Stopping until it ended; what it did shows when the run starts again, which resumes where it stopped", () => {
    const run = created(request([member("c1"), member("c2")]));
    const first = started(run);
    const confirmed = step(first.state, {
      type: "MEMBER_STARTED",
      cluster: "c1",
      operationId: "op-1",
      at: T0,
    });
    const stopped = step(confirmed.state, { type: "STOP", at: T0 + 60 * SECOND });
    // EXT-3: Stopping until the upgrade under way has ended (heard, not tracked).
    expect(stopped.state.state).toBe("Stopping");
    expect(memberOf(stopped.state, "c1")).toMatchObject({
      state: "Stopped",
      operationId: "op-1",
      message: "RUN-10: the run stopped tracking this member's upgrade (op-1); it is not cancelled",
    });
    expect(groupOf(stopped.state, "default").state).toBe("Stopped");
    expect(stopped.intents).toEqual([]);
    const ended = step(stopped.state, {
      type: "MEMBER_ENDED",
      cluster: "c1",
      succeeded: true,
      at: T0 + 600 * SECOND,
    });
    // Not tracked while stopped: the end is kept, not shown.
    expect(memberOf(ended.state, "c1").state).toBe("Stopped");
    expect(memberOf(ended.state, "c1").endedAt).toBeUndefined();
    expect(ended.intents).toEqual([]);
    expect(ended.state.state).toBe("Stopped");
    const again = step(ended.state, { type: "START", at: T0 + HOUR });
    expect(memberOf(again.state, "c1")).toMatchObject({
      state: "Completed",
      endedAt: T0 + 600 * SECOND,
    });
    expect(memberOf(again.state, "c1").message).toBeUndefined();
    expect(again.intents.map((i) => i.cluster)).toEqual(["c2"]);
    expect(again.state.state).toBe("Running");
  });

  it("RUN-10 RUN-11 an upgrade still going when the run starts again is tracked again; one that failed while the run was stopped shows Failed then and fails the run", () => {
    const run = created(request([member("c1"), member("c2")]));
    const first = started(run);
    const stopped = step(first.state, { type: "STOP", at: T0 + 60 * SECOND });
    expect(memberOf(stopped.state, "c1").state).toBe("Stopped");
    const resumed = step(stopped.state, { type: "START", at: T0 + 120 * SECOND });
    expect(memberOf(resumed.state, "c1").state).toBe("Running");
    expect(memberOf(resumed.state, "c1").message).toBeUndefined();
    expect(resumed.intents).toEqual([]);
    const stoppedAgain = step(resumed.state, { type: "STOP", at: T0 + 180 * SECOND });
    const failed = step(stoppedAgain.state, {
      type: "MEMBER_ENDED",
      cluster: "c1",
      succeeded: false,
      message: "control plane upgrade failed",
      at: T0 + 600 * SECOND,
    });
    expect(failed.state.state).toBe("Stopped");
    const shown = step(failed.state, { type: "START", at: T0 + HOUR });
    expect(memberOf(shown.state, "c1")).toMatchObject({
      state: "Failed",
      message: "control plane upgrade failed",
      endedAt: T0 + 600 * SECOND,
    });
    expect(shown.state.state).toBe("Failed");
    expect(shown.intents).toEqual([]);
  });

  it("RUN-8 a group is Pending only when all its members are Pending or NotStarted, a stage only when all its groups are: a Completed member keeps its group Running while it waits for a Pending one", () => {
    const members = [
      { ...member("a1", { maintenance: CLOSED }), group: "a" },
      { ...member("b1"), group: "b" },
      { ...member("b2", { maintenance: CLOSED }), group: "b" },
    ];
    const run = created(request(members, { strategy: strategy([["a", "b"]]) }));
    const first = started(run);
    expect(groupOf(first.state, "a")).toMatchObject({ state: "Pending" });
    expect(groupOf(first.state, "b").state).toBe("Running");
    expect(first.state.stages[0]!.state).toBe("Running");
    const ended = step(first.state, {
      type: "MEMBER_ENDED",
      cluster: "b1",
      succeeded: true,
      at: T0 + 600 * SECOND,
    });
    expect(groupOf(ended.state, "a").state).toBe("Pending");
    expect(groupOf(ended.state, "b")).toMatchObject({
      state: "Running",
      message: "RUN-8: waiting for Pending member(s) b2",
    });
    expect(ended.state.stages[0]!.state).toBe("Running");
    expect(ended.state.state).toBe("Running");
    // Every group Pending: the stage and the run are.
    const held = started(
      created(
        request(
          [
            { ...member("a1", { maintenance: CLOSED }), group: "a" },
            { ...member("b2", { maintenance: CLOSED }), group: "b" },
          ],
          { strategy: strategy([["a", "b"]]) },
        ),
      ),
    );
    expect(held.state.stages[0]!.state).toBe("Pending");
    expect(held.state.state).toBe("Pending");
  });

  it("RUN-10 stop and start are refused in the wrong state (409)", () => {
    const run = created(request([member("c1")]));
    expect(decideUpdateRun(run, { type: "STOP", at: T0 }, T0)).toMatchObject({
      ok: false,
      error: { rule: "RUN-10", kind: "conflict" },
    });
    const first = started(run);
    expect(decideUpdateRun(first.state, { type: "START", at: T0 }, T0)).toMatchObject({
      ok: false,
      error: { kind: "conflict" },
    });
  });

  it("RUN-11 a failed member fails its group, stage and run with a summary; nothing further is attempted", () => {
    const members = ["a1", "a2", "b1", "b2", "c1"].map((c) => ({ ...member(c), group: c[0] }));
    const run = created(request(members, { strategy: strategy([["a", "b"], ["c"]]) }));
    const { run: end, starts } = drive(run, T0, {
      duration: (c) => (c === "a1" ? 300 : 600),
      fails: new Set(["a1"]),
      script: [{ at: T0, event: (at) => ({ type: "START", at }) }],
    });
    expect(starts.map((s) => s.cluster)).toEqual(["a1", "b1"]);
    expect(memberOf(end, "a1").state).toBe("Failed");
    expect(groupOf(end, "a").state).toBe("Failed");
    expect(end.stages[0]!.state).toBe("Failed");
    expect(end.state).toBe("Failed");
    expect(end.message).toContain("RUN-11: member a1 failed: control plane upgrade failed");
    // b1 was already running: it finishes and is recorded; b2 never starts.
    expect(memberOf(end, "b1").state).toBe("Completed");
    expect(memberOf(end, "b2").state).toBe("NotStarted");
    expect(groupOf(end, "b").state).toBe("Stopped");
    expect(end.stages[1]!.state).toBe("NotStarted");
  });

  it("RUN-12 skip a member, group or stage before the run starts", () => {
    const members = ["a1", "a2", "b1", "c1"].map((c) => ({ ...member(c), group: c[0] }));
    const run = created(request(members, { strategy: strategy([["a", "b"], ["c"]]) }));
    const skipped = step(run, {
      type: "SKIP",
      at: T0,
      targets: [
        { type: "Member", name: "a1" },
        { type: "Group", name: "b" },
        { type: "Stage", name: "stage-2" },
      ],
    });
    expect(memberOf(skipped.state, "a1")).toMatchObject({ state: "Skipped", skippedBy: "user" });
    expect(groupOf(skipped.state, "b").state).toBe("Skipped");
    expect(skipped.state.stages[1]!.state).toBe("Skipped");
    const { run: end, starts } = drive(skipped.state, T0, {
      script: [{ at: T0, event: (at) => ({ type: "START", at }) }],
    });
    expect(starts.map((s) => s.cluster)).toEqual(["a2"]);
    expect(end.state).toBe("Completed");
  });

  it("RUN-12 skip during the run: a Pending member, a later stage; a running member, a stage with one, or an unknown name is refused", () => {
    const run = created(
      request([member("c1"), member("c2", { maintenance: CLOSED }), member("c3")]),
    );
    const first = started(run);
    expect(
      decideUpdateRun(
        first.state,
        { type: "SKIP", at: T0, targets: [{ type: "Member", name: "c1" }] },
        T0,
      ),
    ).toMatchObject({ ok: false, error: { rule: "RUN-12", kind: "conflict" } });
    expect(
      decideUpdateRun(
        first.state,
        {
          type: "SKIP",
          at: T0,
          targets: [
            { type: "Member", name: "c2" },
            { type: "Group", name: "nope" },
          ],
        },
        T0,
      ),
    ).toMatchObject({ ok: false, error: { rule: "RUN-12", kind: "refused" } });
    const skipped = step(first.state, {
      type: "SKIP",
      at: T0 + 1,
      targets: [{ type: "Member", name: "c2" }],
    });
    expect(memberOf(skipped.state, "c2")).toMatchObject({ state: "Skipped", skippedBy: "user" });
    // A stage (or group) with an upgrade under way is not skipped: that upgrade would go on.
    const refused = decideUpdateRun(
      skipped.state,
      { type: "SKIP", at: T0 + 2, targets: [{ type: "Stage", name: "default" }] },
      T0 + 2,
    );
    expect(refused).toMatchObject({ ok: false, error: { rule: "RUN-12", kind: "conflict" } });
    const ended = step(skipped.state, {
      type: "MEMBER_ENDED",
      cluster: "c1",
      succeeded: true,
      at: T0 + 3,
    });
    expect(ended.intents.map((i) => i.cluster)).toEqual(["c3"]);
    const members = ["a", "b"].map((g) => ({ ...member(`${g}1`), group: g }));
    const two = started(created(request(members, { strategy: strategy([["a"], ["b"]]) })));
    const stage = step(two.state, {
      type: "SKIP",
      at: T0 + 2,
      targets: [{ type: "Stage", name: "stage-2" }],
    });
    expect(memberOf(stage.state, "b1")).toMatchObject({
      state: "Skipped",
      message: "RUN-12: stage stage-2 skipped by the user",
    });
    const done = step(stage.state, {
      type: "MEMBER_ENDED",
      cluster: "a1",
      succeeded: true,
      at: T0 + 3,
    });
    expect(done.state.stages[1]!.state).toBe("Skipped");
    expect(done.state.state).toBe("Completed");
  });
});
