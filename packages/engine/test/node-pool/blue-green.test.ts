import { describe, expect, it } from "vitest";
import { poolScalingPolicy, scalableNodes } from "../../src/node-pool/autoscaler-interplay.ts";
import {
  cancelUpgrade,
  completeUpgrade,
  resumeUpgrade,
  rollbackUpgrade,
} from "../../src/node-pool/controls.ts";
import { allNodes } from "../../src/node-pool/node-steps/node-table.ts";
import type { BlueGreenOperation } from "../../src/node-pool/strategies/blue-green/operation.ts";
import type { NodePoolFacts, UpgradeStrategySettings } from "../../src/node-pool/types.ts";
import { type NodePoolOperation, startNodePoolUpgrade } from "../../src/node-pool/upgrade.ts";
import { DAY, HOUR, SECOND } from "../../src/time/instant.ts";
import { drive, type FaultPlan, poolOf, type ScriptStep, T0, TARGET } from "./driver.ts";

const ORIGINAL = "1.30.1-gke.100";

function pool(
  zones: Record<string, number>,
  settings: UpgradeStrategySettings = {},
): NodePoolFacts {
  return poolOf(zones, ORIGINAL, { upgradeStrategy: { type: "BLUE_GREEN", ...settings } });
}

function start(facts: NodePoolFacts) {
  const started = startNodePoolUpgrade({ operationId: "op-bg", pool: facts, target: TARGET }, T0);
  if (!started.ok) throw new Error(started.error.detail);
  return started.value;
}

function phases(op: NodePoolOperation): string[] {
  return op.header.events.map((e) => e.message.split(":")[0]!);
}

/** The phase and the time (s from start) it was entered, from the drive's observations. */
function phaseLog() {
  const entered: [string, number][] = [];
  const observe = (op: NodePoolOperation, now: number) => {
    if (entered.at(-1)?.[0] !== op.header.phase)
      entered.push([op.header.phase, (now - T0) / SECOND]);
  };
  return { entered, observe };
}

function at(seconds: number, label: string, act: ScriptStep["act"]): ScriptStep {
  return { at: T0 + seconds * SECOND, label, act };
}

describe("blue-green upgrades", () => {
  it("NUP-8 runs its five phases in order: green created, blue cordoned, drained in batches, soaked, deleted", () => {
    const log = phaseLog();
    const { op, commands } = drive(start(pool({ a: 3, b: 2 }, { batchNodeCount: 2 })), T0, {
      observe: log.observe,
    });
    expect(log.entered.map(([p]) => p)).toEqual([
      "CREATING_GREEN",
      "CORDONING_BLUE",
      "DRAINING_BLUE",
      "SOAKING_POOL",
      "DELETING_BLUE",
      "DONE",
    ]);
    const types = commands.map((c) => c.type);
    expect(types.slice(0, 5)).toEqual(Array(5).fill("CREATE_NODE"));
    expect(types.slice(5, 10)).toEqual(Array(5).fill("CORDON_NODE"));
    const drains = commands.filter((c) => c.type === "DRAIN_NODE");
    // Phase 3 honours PDBs; phase 5 deletes pods without them, grace ≤ 60 min (NUP-9).
    expect(drains.slice(0, 5).every((d) => d.type === "DRAIN_NODE" && d.respectPdb)).toBe(true);
    expect(
      drains
        .slice(5)
        .every((d) => d.type === "DRAIN_NODE" && !d.respectPdb && d.graceSeconds <= 3600),
    ).toBe(true);
    expect(op.header.state).toBe("SUCCEEDED");
    expect(allNodes(op.nodes).map((n) => [n.color, n.version, n.state])).toEqual(
      Array(5).fill(["GREEN", TARGET.version, "READY"]),
    );
  });

  it("NUP-8 blue autoscaling is frozen from phase 1 and green may grow (NUP-12)", () => {
    const started = start(pool({ a: 2 }));
    const policy = poolScalingPolicy(started.state);
    expect(policy.groups).toMatchObject([
      { color: "BLUE", scaleUp: false, scaleDown: false },
      { color: "GREEN", scaleUp: true, scaleDown: false, config: TARGET },
    ]);
  });

  it("NUP-8 quota is checked before any green node is created (422 when green does not fit)", () => {
    const room = (nodes: number) => ({ nodes, limitedBy: "NODES" as const });
    const facts = { ...pool({ a: 3, b: 2 }), freeCapacity: { a: room(3), b: room(1) } };
    const refused = startNodePoolUpgrade({ operationId: "op-bg", pool: facts, target: TARGET }, T0);
    expect(refused).toMatchObject({
      ok: false,
      error: {
        rule: "NUP-8",
        kind: "refused",
        detail: expect.stringMatching(/needs 2 nodes in b but only 1 fit the zone's node quota/),
      },
    });
    expect(
      startNodePoolUpgrade(
        {
          operationId: "op-bg",
          pool: { ...facts, freeCapacity: { a: room(3), b: room(2) } },
          target: TARGET,
        },
        T0,
      ).ok,
    ).toBe(true);
  });

  it("NUP-8 batch size 0 skips phase 3: blue is drained only in phase 5", () => {
    const log = phaseLog();
    const { commands } = drive(start(pool({ a: 4 }, { batchPercent: 0 })), T0, {
      observe: log.observe,
    });
    expect(log.entered.map(([p]) => p)).not.toContain("DRAINING_BLUE");
    const drains = commands.filter((c) => c.type === "DRAIN_NODE");
    expect(drains.every((d) => d.type === "DRAIN_NODE" && !d.respectPdb)).toBe(true);
  });

  it("NUP-8 BATCH_PERCENT 0.3 of 10 nodes drains batches of 3 with a batch soak after each (4 batches)", () => {
    const starts: number[] = [];
    drive(
      start(pool({ a: 10 }, { batchPercent: 0.3, batchSoakSeconds: 600, nodePoolSoakSeconds: 0 })),
      T0,
      {
        observe: (_o, now, d) => {
          const drains = d.commands.filter((c) => c.type === "DRAIN_NODE" && c.respectPdb);
          if (drains.length > 0) starts.push(drains.length, (now - T0) / SECOND);
        },
      },
    );
    // Green ready at 120 s, cordon 1 s, each batch drains 60 s then soaks 600 s.
    expect(starts).toEqual([3, 121, 3, 781, 3, 1441, 1, 2101]);
  });

  it("NUP-8 total soak = nodePoolSoak + batchSoak × batches before blue is deleted", () => {
    const log = phaseLog();
    drive(
      start(
        pool({ a: 4 }, { batchNodeCount: 2, batchSoakSeconds: 1000, nodePoolSoakSeconds: 3000 }),
      ),
      T0,
      {
        observe: log.observe,
      },
    );
    const when = Object.fromEntries(log.entered);
    // Drains take 60 s each batch; the rest is soak: 2 × 1000 + 3000.
    expect(when.DELETING_BLUE! - when.DRAINING_BLUE! - 2 * 60).toBe(2 * 1000 + 3000);
  });

  it("NUP-8 once the soak reaches 7 days the delete phase starts at once, even with batches left", () => {
    const log = phaseLog();
    const { op, commands } = drive(
      start(
        pool(
          { a: 10 },
          { batchNodeCount: 1, batchSoakSeconds: 2 * 86_400, nodePoolSoakSeconds: 3600 },
        ),
      ),
      T0,
      { observe: log.observe, until: T0 + 30 * DAY },
    );
    const when = Object.fromEntries(log.entered);
    expect(log.entered.map(([p]) => p)).not.toContain("SOAKING_POOL");
    // Batches 1–3 soak 2 days each, batch 4 only 1 day: 7 days in all, then phase 5.
    const pdbDrains = commands.filter((c) => c.type === "DRAIN_NODE" && c.respectPdb);
    expect(pdbDrains).toHaveLength(4);
    expect(when.DELETING_BLUE! - when.DRAINING_BLUE!).toBe(7 * 86_400 + 4 * 60);
    expect(op.header.state).toBe("SUCCEEDED");
    expect(op.header.events.some((e) => e.message.includes("reached 7 days"))).toBe(true);
  });

  it("NUP-8 a node-pool soak of 10 days on its own is accepted and cut at 7 days, the cap named at the start and when blue's deletion begins", () => {
    const log = phaseLog();
    const { op } = drive(
      start(pool({ a: 2 }, { batchNodeCount: 2, nodePoolSoakSeconds: 10 * 86_400 })),
      T0,
      { observe: log.observe, until: T0 + 30 * DAY },
    );
    const when = Object.fromEntries(log.entered);
    expect(when.DELETING_BLUE! - when.SOAKING_POOL!).toBe(7 * 86_400);
    expect(op.header.state).toBe("SUCCEEDED");
    const messages = op.header.events.map((e) => e.message);
    expect(messages.some((m) => m.includes("total soak 864000 s (reaches 7 days"))).toBe(true);
    expect(messages).toContain("NUP-8: soak cut short: total soak reaches 7 days");
  });

  it("NUP-8 a phase-3 drain stuck on a PDB for 1 h does not hold the batches; its pods go in phase 5", () => {
    const stuck: FaultPlan = (c) =>
      c.type === "DRAIN_NODE" && c.respectPdb && c.node === "a-000" ? { kind: "STUCK" } : undefined;
    const log = phaseLog();
    const { op } = drive(start(pool({ a: 3 }, { batchNodeCount: 1 })), T0, {
      faults: stuck,
      observe: log.observe,
    });
    const when = Object.fromEntries(log.entered);
    expect(op.header.state).toBe("SUCCEEDED");
    expect(when.SOAKING_POOL! - when.DRAINING_BLUE!).toBe(3600 + 60 + 60);
  });

  it("NUP-9 phase 5 deletes the blue nodes after 60 min even if pods will not go", () => {
    const stuck: FaultPlan = (c) =>
      c.type === "DRAIN_NODE" && !c.respectPdb ? { kind: "STUCK" } : undefined;
    const log = phaseLog();
    const { op } = drive(start(pool({ a: 2 }, { nodePoolSoakSeconds: 0 })), T0, {
      faults: stuck,
      observe: log.observe,
    });
    const when = Object.fromEntries(log.entered);
    expect(op.header.state).toBe("SUCCEEDED");
    expect(when.DONE! - when.DELETING_BLUE!).toBe(3600 + 30);
  });

  it("NUP-9 cancel pauses in phases 1–4 and resume continues; phase 5 cannot be cancelled (409)", () => {
    const { op, refusals } = drive(start(pool({ a: 2 }, { nodePoolSoakSeconds: 600 })), T0, {
      script: [
        at(60, "cancel in phase 1", cancelUpgrade),
        at(400, "resume", resumeUpgrade),
        at(600, "cancel in phase 4", cancelUpgrade),
        at(700, "resume", resumeUpgrade),
        at(1150, "cancel in phase 5", cancelUpgrade),
      ],
    });
    expect(refusals).toEqual([
      expect.stringMatching(
        /^cancel in phase 5: conflict NUP-9: cancel is possible in phases 1–4 only/,
      ),
    ]);
    expect(op.header.state).toBe("SUCCEEDED");
  });

  it("NUP-9 a cancelled upgrade stays in place: green finishes being created, nothing new starts", () => {
    const { op } = drive(start(pool({ a: 2 })), T0, { script: [at(60, "cancel", cancelUpgrade)] });
    const bg = op as BlueGreenOperation;
    expect(op.header.state).toBe("CANCELLED");
    expect(bg.phase).toBe("CREATING_GREEN");
    expect(
      allNodes(op.nodes)
        .filter((n) => n.color === "GREEN")
        .map((n) => n.state),
    ).toEqual(["READY", "READY"]);
    expect(
      allNodes(op.nodes)
        .filter((n) => n.color === "BLUE")
        .map((n) => n.state),
    ).toEqual(["READY", "READY"]);
  });

  it("NUP-9 resume in phase 3 after a drained batch starts the next batch without its batch soak", () => {
    const drains: number[] = [];
    drive(start(pool({ a: 2 }, { batchNodeCount: 1, batchSoakSeconds: 3600 })), T0, {
      script: [
        at(200, "cancel during batch soak", cancelUpgrade),
        at(300, "resume", resumeUpgrade),
      ],
      observe: (_o, now, d) => {
        if (d.commands.some((c) => c.type === "DRAIN_NODE" && c.respectPdb))
          drains.push((now - T0) / SECOND);
      },
    });
    expect(drains).toEqual([121, 300]);
  });

  it("NUP-9 complete in phase 4 skips the rest of the soak; elsewhere it is refused", () => {
    const log = phaseLog();
    const { refusals } = drive(start(pool({ a: 2 }, { nodePoolSoakSeconds: 86_400 })), T0, {
      observe: log.observe,
      script: [
        at(60, "complete in phase 1", completeUpgrade),
        at(1000, "complete in phase 4", completeUpgrade),
      ],
    });
    expect(refusals).toEqual([
      expect.stringMatching(
        /^complete in phase 1: conflict NUP-9: complete skips the node-pool soak \(phase 4\)/,
      ),
    ]);
    expect(Object.fromEntries(log.entered).DELETING_BLUE).toBe(1000);
  });

  it("NUP-9 rollback in phase 1 deletes green", () => {
    const { op, commands } = drive(start(pool({ a: 2 })), T0, {
      script: [at(60, "cancel", cancelUpgrade), at(61, "rollback", rollbackUpgrade)],
    });
    expect(op.header.state).toBe("ROLLED_BACK");
    expect(commands.map((c) => c.type)).toEqual([
      "CREATE_NODE",
      "CREATE_NODE",
      "DELETE_NODE",
      "DELETE_NODE",
    ]);
    expect(allNodes(op.nodes).map((n) => [n.name, n.state, n.version])).toEqual(
      expect.arrayContaining([
        ["a-000", "READY", ORIGINAL],
        ["a-001", "READY", ORIGINAL],
      ]),
    );
    expect(allNodes(op.nodes)).toHaveLength(2);
  });

  it("NUP-9 rollback in phase 2 uncordons blue and deletes green", () => {
    const { op, commands } = drive(start(pool({ a: 2 })), T0, {
      script: [at(120.5, "cancel", cancelUpgrade), at(200, "rollback", rollbackUpgrade)],
    });
    expect(op.header.state).toBe("ROLLED_BACK");
    expect(commands.map((c) => c.type).slice(4)).toEqual([
      "UNCORDON_NODE",
      "UNCORDON_NODE",
      "DELETE_NODE",
      "DELETE_NODE",
    ]);
    expect(allNodes(op.nodes).every((n) => n.color === "BLUE" && n.state === "READY")).toBe(true);
  });

  it("NUP-9 rollback in phases 3–4 stops draining, uncordons blue, drains and deletes green", () => {
    for (const when of [150, 1000]) {
      const { op, commands } = drive(
        start(pool({ a: 3 }, { batchNodeCount: 1, batchSoakSeconds: 300 })),
        T0,
        {
          script: [at(when, "cancel", cancelUpgrade), at(when + 1, "rollback", rollbackUpgrade)],
        },
      );
      const after = commands.filter((c) => c.type !== "CREATE_NODE" && c.type !== "CORDON_NODE");
      const kinds = after.map((c) =>
        c.type === "DRAIN_NODE" ? `DRAIN ${c.node.startsWith("a-") ? "blue" : "green"}` : c.type,
      );
      const rollbackStart = kinds.indexOf("UNCORDON_NODE");
      expect(kinds.slice(rollbackStart)).toEqual([
        ...Array(3).fill("UNCORDON_NODE"),
        ...Array(3).fill("DRAIN green"),
        ...Array(3).fill("DELETE_NODE"),
      ]);
      expect(op.header.state).toBe("ROLLED_BACK");
      expect(allNodes(op.nodes).map((n) => [n.color, n.state, n.version])).toEqual(
        Array(3).fill(["BLUE", "READY", ORIGINAL]),
      );
    }
  });

  it("NUP-9 rollback needs a cancel first and is refused in phase 5 and after success", () => {
    const { op, refusals } = drive(start(pool({ a: 1 }, { nodePoolSoakSeconds: 60 })), T0, {
      script: [
        at(30, "rollback while running", rollbackUpgrade),
        at(250, "cancel", cancelUpgrade),
        at(251, "rollback in phase 5", rollbackUpgrade),
      ],
    });
    expect(refusals).toEqual([
      expect.stringMatching(/^rollback while running: conflict NUP-9: cancel the upgrade before/),
      expect.stringMatching(/^cancel: conflict NUP-9/),
      expect.stringMatching(
        /^rollback in phase 5: conflict NUP-9: rollback is possible in phases 1–4 only/,
      ),
    ]);
    expect(rollbackUpgrade(op, T0 + DAY)).toMatchObject({ ok: false, error: { kind: "conflict" } });
  });

  it("NUP-9 a failed upgrade (green cannot be created) can be rolled back", () => {
    const broken: FaultPlan = (c) =>
      c.type === "CREATE_NODE" && c.node.endsWith("-1")
        ? { kind: "FAIL", reason: "FAILED" }
        : undefined;
    const first = drive(start(pool({ a: 2 })), T0, { faults: broken });
    expect(first.op.header.state).toBe("FAILED");
    expect(first.op.header.error).toMatch(/^NUP-8: CREATE of .*-1 failed 3 times/);
    const rolled = rollbackUpgrade(first.op, first.now);
    if (!rolled.ok) throw new Error(rolled.error.detail);
    const { op } = drive(rolled.value, first.now);
    expect(op.header.state).toBe("ROLLED_BACK");
    expect(allNodes(op.nodes).every((n) => n.color === "BLUE" && n.state === "READY")).toBe(true);
  });

  it("NUP-8 a green node whose create failed for good is not in the failed upgrade's nodes: it was never made", () => {
    const broken: FaultPlan = (c) =>
      c.type === "CREATE_NODE" ? { kind: "FAIL", reason: "FAILED" } : undefined;
    const { op } = drive(start(pool({ a: 2, b: 1 })), T0, { faults: broken });
    expect(op.header.state).toBe("FAILED");
    const nodes = allNodes(op.nodes);
    expect(nodes.map((n) => [n.color, n.version])).toEqual(Array(3).fill(["BLUE", ORIGINAL]));
  });

  it("NUP-6 a green node refused for quota waits and retries; the upgrade continues once it fits", () => {
    const quota: FaultPlan = (c, nth) =>
      c.type === "CREATE_NODE" && nth <= 2 && c.node.endsWith("-0")
        ? { kind: "FAIL", reason: "QUOTA_EXCEEDED" }
        : undefined;
    const reasons = new Set<string>();
    const { op } = drive(start(pool({ a: 2 })), T0, {
      faults: quota,
      observe: (o) => {
        if (o.header.reason !== undefined) reasons.add(o.header.reason.split(":")[0]!);
      },
    });
    expect(reasons.has("NUP-6")).toBe(true);
    expect(op.header.state).toBe("SUCCEEDED");
  });

  it("MW-4 blue-green runs to completion once started, whatever the window does", () => {
    const { op } = drive(start(pool({ a: 2 })), T0, {
      script: [
        at(10, "window closes", (_o, now) => ({
          type: "WINDOW",
          at: now,
          window: { openUntil: null },
        })),
      ],
    });
    expect(op.header.state).toBe("SUCCEEDED");
    expect(op.header.endedAt! - T0).toBeLessThan(2 * HOUR);
  });

  it("NUP-12 blue is never scaled; green may only grow before phase 4 and scales both ways from it", () => {
    const seen: string[] = [];
    drive(start(pool({ a: 2 }, { nodePoolSoakSeconds: 600 })), T0, {
      observe: (o) => {
        const [blue, green] = poolScalingPolicy(o).groups;
        const row = `${o.header.phase} blue:${blue!.scaleUp}/${blue!.scaleDown} green:${green?.scaleUp}/${green?.scaleDown} removable:${scalableNodes(o).length}`;
        if (seen.at(-1) !== row) seen.push(row);
      },
    });
    expect(seen).toEqual([
      "CREATING_GREEN blue:false/false green:true/false removable:0",
      "CORDONING_BLUE blue:false/false green:true/false removable:0",
      "DRAINING_BLUE blue:false/false green:true/false removable:0",
      "SOAKING_POOL blue:false/false green:true/true removable:2",
      "DELETING_BLUE blue:false/false green:true/true removable:2",
      "DONE blue:true/true green:undefined/undefined removable:2",
    ]);
  });

  it("NUP-12 green nodes the autoscaler adds are tracked and end on the target", () => {
    const { op } = drive(start(pool({ a: 2 }, { nodePoolSoakSeconds: 600 })), T0, {
      script: [
        at(130, "autoscaler grows green", (_o, now) => ({
          type: "POOL_SCALED",
          at: now,
          added: [{ name: "green-extra", zone: "a", ...TARGET }],
          removed: [],
        })),
      ],
    });
    expect(allNodes(op.nodes).map((n) => n.name)).toContain("green-extra");
    expect(allNodes(op.nodes).every((n) => n.version === TARGET.version)).toBe(true);
    expect(phases(op)).toContain("NUP-8 phase 4");
  });
});

describe("EXT-7 health checks during a blue-green soak", () => {
  /** When the node-pool soak (phase 4) starts for this pool, from a dry run. */
  function soakStarts(facts: NodePoolFacts): number {
    const log = phaseLog();
    drive(start(facts), T0, { observe: log.observe });
    return log.entered.find(([p]) => p === "SOAKING_POOL")![1];
  }

  const failed = (detail: string) => (_op: NodePoolOperation, now: number) => ({
    type: "HEALTH_CHECK_FAILED" as const,
    at: now,
    detail,
  });

  it("EXT-7 a failed health check during the node-pool soak rolls the pool back at once, with an EXT-7 event in the operation", () => {
    const facts = pool({ a: 2 }, { batchNodeCount: 1 });
    const soak = soakStarts(facts);
    const { op, commands } = drive(start(facts), T0, {
      script: [at(soak + 10, "check failed", failed("HTTP 503: down"))],
    });
    expect(op.header.state).toBe("ROLLED_BACK");
    const messages = op.header.events.map((e) => e.message);
    const ext7 = messages.findIndex((m) => m.startsWith("EXT-7:"));
    expect(messages[ext7]).toBe(
      "EXT-7: health check failed during the node-pool soak (HTTP 503: down); rolling back",
    );
    expect(messages[ext7 + 1]).toMatch(/^NUP-9: rolling back from phase 4 \(SOAKING_POOL\)/);
    // NUP-9 from phase 4: blue uncordoned, green drained and deleted; blue never deleted.
    expect(
      commands.filter((c) => c.type === "DELETE_NODE").every((c) => !c.node.startsWith("a-")),
    ).toBe(true);
    expect(allNodes(op.nodes).map((n) => [n.color, n.state, n.version])).toEqual(
      Array(2).fill(["BLUE", "READY", ORIGINAL]),
    );
  });

  it("EXT-7 a health check failure outside the soak changes nothing", () => {
    const facts = pool({ a: 2 }, { batchNodeCount: 1 });
    const { op } = drive(start(facts), T0, {
      script: [at(30, "check failed early", failed("HTTP 500"))],
    });
    expect(op.header.state).toBe("SUCCEEDED");
    expect(op.header.events.some((e) => e.message.startsWith("EXT-7:"))).toBe(false);
  });
});
