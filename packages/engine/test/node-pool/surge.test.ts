import { describe, expect, it } from "vitest";
import { keyedValues } from "../../src/collections/keyed-map.ts";
import { cancelUpgrade, resumeUpgrade, rollbackUpgrade } from "../../src/node-pool/controls.ts";
import { allNodes } from "../../src/node-pool/node-steps/node-table.ts";
import type { SurgeOperation } from "../../src/node-pool/strategies/surge/operation.ts";
import type { NodePoolFacts } from "../../src/node-pool/types.ts";
import {
  decideNodePoolUpgrade,
  type NodePoolOperation,
  startNodePoolUpgrade,
} from "../../src/node-pool/upgrade.ts";
import { HOUR, MINUTE, SECOND } from "../../src/time/instant.ts";
import {
  drive,
  type FaultPlan,
  poolOf,
  readySizes,
  stepsOf,
  T0,
  TARGET,
  zoneSizes,
} from "./driver.ts";

function start(pool: NodePoolFacts, extra: { window?: { openUntil: number | null } } = {}) {
  const started = startNodePoolUpgrade({ operationId: "op-1", pool, target: TARGET, ...extra }, T0);
  if (!started.ok) throw new Error(started.error.detail);
  return started.value;
}

function surge(maxSurge: number, maxUnavailable: number) {
  return { upgradeStrategy: { maxSurge, maxUnavailable } };
}

/**
 * Largest pool per zone (every node that exists or is being created), smallest number of
 * schedulable (READY) nodes per zone, and most nodes in flight per zone. Reading of NUP-5:
 * "between n−u and n+s nodes" bounds what exists from above and what can run pods from
 * below — a recreated node is gone for a moment, which is what maxUnavailable allows.
 */
function watch() {
  const seen = {
    max: {} as Record<string, number>,
    min: {} as Record<string, number>,
    inFlight: 0,
  };
  const observe = (op: NodePoolOperation) => {
    for (const [zone, size] of Object.entries(zoneSizes(op))) {
      seen.max[zone] = Math.max(seen.max[zone] ?? 0, size);
    }
    for (const [zone, size] of Object.entries(readySizes(op))) {
      seen.min[zone] = Math.min(seen.min[zone] ?? Number.POSITIVE_INFINITY, size);
    }
    const s = op as SurgeOperation;
    const perZone: Record<string, number> = {};
    for (const task of keyedValues(s.replacements))
      perZone[task.zone] = (perZone[task.zone] ?? 0) + 1;
    for (const n of Object.values(perZone)) seen.inFlight = Math.max(seen.inFlight, n);
  };
  return { seen, observe };
}

function versions(op: NodePoolOperation): string[] {
  return [...new Set(allNodes(op.nodes).map((n) => n.version))].sort();
}

describe("surge upgrades", () => {
  it("NUP-3 a surge node is created, then the old one is cordoned, drained honouring PDBs, deleted", () => {
    const { commands, op } = drive(start(poolOf({ a: 1 })), T0);
    expect(stepsOf(commands)).toEqual([
      expect.stringMatching(/^CREATE_NODE pool-a-\w+-0-0$/),
      "CORDON_NODE a-000",
      "DRAIN_NODE a-000",
      "DELETE_NODE a-000",
    ]);
    const drain = commands[2]!;
    expect(drain.type === "DRAIN_NODE" && drain.respectPdb).toBe(true);
    expect(op.header.state).toBe("SUCCEEDED");
    expect(allNodes(op.nodes).map((n) => [n.version, n.state])).toEqual([
      [TARGET.version, "READY"],
    ]);
  });

  it("NUP-3 a drain still running after 1 h is re-sent without PDBs, then the node is deleted", () => {
    const stuck: FaultPlan = (c) =>
      c.type === "DRAIN_NODE" && c.respectPdb ? { kind: "STUCK" } : undefined;
    const { commands, op } = drive(start(poolOf({ a: 1 })), T0, { faults: stuck });
    const drains = commands.filter((c) => c.type === "DRAIN_NODE");
    expect(drains.map((d) => d.type === "DRAIN_NODE" && d.respectPdb)).toEqual([true, false]);
    expect(drains[1]!.id).toMatch(/:a-000:DRAIN_FORCED:\d+$/);
    expect(op.header.events.some((e) => e.message.startsWith("NUP-3"))).toBe(true);
    expect(op.header.state).toBe("SUCCEEDED");
    expect(op.header.endedAt! - T0).toBeGreaterThanOrEqual(HOUR);
  });

  it("NUP-4 an unavailable node is cordoned, drained, deleted, then recreated; no UNCORDON is needed", () => {
    const seen = watch();
    const { commands, op } = drive(start(poolOf({ a: 3 }, undefined, surge(0, 1))), T0, {
      observe: seen.observe,
    });
    expect(stepsOf(commands).slice(0, 4)).toEqual([
      "CORDON_NODE a-000",
      "DRAIN_NODE a-000",
      "DELETE_NODE a-000",
      expect.stringMatching(/^CREATE_NODE /),
    ]);
    expect(commands.some((c) => c.type === "UNCORDON_NODE")).toBe(false);
    expect(seen.seen.min.a).toBe(2);
    expect(seen.seen.max.a).toBe(3);
    expect(op.header.state).toBe("SUCCEEDED");
  });

  it("NUP-5 5 nodes, maxSurge=2, maxUnavailable=1 stay within 4..7", () => {
    const seen = watch();
    const { op } = drive(start(poolOf({ a: 5 }, undefined, surge(2, 1))), T0, {
      observe: seen.observe,
    });
    expect(seen.seen.min.a).toBeGreaterThanOrEqual(4);
    expect(seen.seen.max.a).toBe(7);
    expect(seen.seen.inFlight).toBe(3);
    expect(op.header.state).toBe("SUCCEEDED");
    expect(zoneSizes(op)).toEqual({ a: 5 });
    expect(versions(op)).toEqual([TARGET.version]);
  });

  it.each([
    ["balanced (default)", 1, 0],
    ["fast, no surge resources, disruptive", 0, 20],
    ["fast, most surge resources, least disruptive", 20, 0],
    ["slow, disruptive, no surge resources", 0, 1],
  ])(
    "NUP-2 seed profile %s: maxSurge=%i maxUnavailable=%i bounds and in-flight window",
    (_name, s, u) => {
      const seen = watch();
      const n = 30;
      const { op } = drive(start(poolOf({ a: n }, undefined, surge(s, u))), T0, {
        observe: seen.observe,
      });
      expect(op.header.state).toBe("SUCCEEDED");
      expect(seen.seen.inFlight).toBe(Math.min(n, s + u));
      expect(seen.seen.max.a).toBe(n + Math.min(n, s));
      expect(seen.seen.min.a).toBe(n - Math.min(n, u));
      expect(versions(op)).toEqual([TARGET.version]);
    },
  );

  it("NUP-2 the window is per zone: each zone has its own maxSurge + maxUnavailable in flight", () => {
    const seen = watch();
    const { commands } = drive(start(poolOf({ a: 4, b: 4 }, undefined, surge(2, 0))), T0, {
      observe: seen.observe,
    });
    const first = commands.filter((c) => c.type === "CREATE_NODE").slice(0, 4);
    expect(first.map((c) => c.type === "CREATE_NODE" && c.zone)).toEqual(["a", "a", "b", "b"]);
    expect(seen.seen.inFlight).toBe(2);
  });

  it("NUP-6 a create refused for quota waits and retries with backoff; the pool does not fail and other nodes go on", () => {
    const quota: FaultPlan = (c, nth) =>
      c.type === "CREATE_NODE" && c.node.endsWith("-0-0") && nth <= 3
        ? { kind: "FAIL", reason: nth === 2 ? "IP_EXHAUSTED" : "QUOTA_EXCEEDED" }
        : undefined;
    const reasons: string[] = [];
    const { commands, op } = drive(start(poolOf({ a: 3 }, undefined, surge(2, 0))), T0, {
      faults: quota,
      observe: (o) => {
        if (o.header.reason?.startsWith("NUP-6")) reasons.push(o.header.reason);
      },
    });
    const creates = commands.filter((c) => c.type === "CREATE_NODE" && c.node.endsWith("-0-0"));
    expect(creates.map((c) => c.id.split(":").pop())).toEqual(["1", "2", "3", "4"]);
    expect(reasons[0]).toMatch(/^NUP-6: no capacity for .*-0-0 in a \(QUOTA_EXCEEDED\)/);
    // Another node finished while the first one waited for capacity.
    const firstDelete = commands.findIndex((c) => c.type === "DELETE_NODE");
    expect(firstDelete).toBeLessThan(commands.indexOf(creates[3]!));
    expect(op.header.state).toBe("SUCCEEDED");
  });

  it("NUP-6 capacity backoff starts at 30 s and doubles up to 5 min", () => {
    const times: number[] = [];
    const quota: FaultPlan = (c, nth) =>
      c.type === "CREATE_NODE" && nth <= 6
        ? { kind: "FAIL", reason: "QUOTA_EXCEEDED", seconds: 0 }
        : undefined;
    drive(start(poolOf({ a: 1 })), T0, {
      faults: quota,
      observe: (_o, now, d) => {
        for (const c of d.commands) if (c.type === "CREATE_NODE") times.push((now - T0) / SECOND);
      },
    });
    expect(times.slice(0, 7)).toEqual([0, 30, 90, 210, 450, 750, 1050]);
  });

  it("NUP-6 (reading) any other failure is retried twice, then the upgrade FAILED with the error", () => {
    const broken: FaultPlan = (c) =>
      c.type === "CORDON_NODE" ? { kind: "FAIL", reason: "FAILED" } : undefined;
    const { commands, op } = drive(start(poolOf({ a: 2 })), T0, { faults: broken });
    expect(commands.filter((c) => c.type === "CORDON_NODE")).toHaveLength(3);
    expect(op.header.state).toBe("FAILED");
    expect(op.header.error).toMatch(/^NUP-3: CORDON of a-000 failed 3 times: FAILED/);
  });

  it("NUP-7 cancel: started nodes finish, others are left, upgraded ones stay (two versions)", () => {
    const { op } = drive(start(poolOf({ a: 4 })), T0, {
      script: [{ at: T0 + 4 * MINUTE, label: "cancel", act: cancelUpgrade }],
    });
    expect(op.header.state).toBe("CANCELLED");
    expect(versions(op)).toEqual(["1.30.1-gke.100", TARGET.version]);
    expect(allNodes(op.nodes).every((n) => n.state === "READY")).toBe(true);
    expect(zoneSizes(op)).toEqual({ a: 4 });
    expect(op.header.progress.done).toBeGreaterThan(0);
    expect(op.header.progress.done).toBeLessThan(4);
  });

  it("NUP-7 resume upgrades the nodes left by a cancel", () => {
    const { op } = drive(start(poolOf({ a: 4 })), T0, {
      script: [
        { at: T0 + 4 * MINUTE, label: "cancel", act: cancelUpgrade },
        { at: T0 + 2 * HOUR, label: "resume", act: resumeUpgrade },
      ],
    });
    expect(op.header.state).toBe("SUCCEEDED");
    expect(versions(op)).toEqual([TARGET.version]);
  });

  it("NUP-7 rollback reverts the upgraded nodes of a partially upgraded pool", () => {
    const { op, refusals } = drive(start(poolOf({ a: 4, b: 2 }, undefined, surge(1, 1))), T0, {
      script: [
        { at: T0 + 5 * MINUTE, label: "rollback while running", act: rollbackUpgrade },
        { at: T0 + 5 * MINUTE, label: "cancel", act: cancelUpgrade },
        { at: T0 + 6 * MINUTE, label: "rollback", act: rollbackUpgrade },
        { at: T0 + 7 * MINUTE, label: "cancel the rollback", act: cancelUpgrade },
      ],
    });
    expect(refusals).toEqual([
      expect.stringMatching(/^rollback while running: conflict NUP-7: .* cancel it first/),
      expect.stringMatching(
        /^cancel the rollback: conflict NUP-7: a rollback in progress cannot be cancelled/,
      ),
    ]);
    expect(op.header.state).toBe("ROLLED_BACK");
    expect(versions(op)).toEqual(["1.30.1-gke.100"]);
    expect(zoneSizes(op)).toEqual({ a: 4, b: 2 });
    expect(allNodes(op.nodes).every((n) => n.state === "READY" && n.nodeImage === "cos-1")).toBe(
      true,
    );
  });

  it("NUP-7 a finished upgrade stays DONE when a late tick or window change arrives", () => {
    const { op, now } = drive(start(poolOf({ a: 2 })), T0);
    expect(op.header).toMatchObject({ state: "SUCCEEDED", phase: "DONE" });
    const ticked = decideNodePoolUpgrade(op, { type: "TICK", at: now + HOUR }, now + HOUR);
    const closed = decideNodePoolUpgrade(
      ticked.state,
      { type: "WINDOW", at: now + HOUR, window: { openUntil: null } },
      now + HOUR,
    );
    expect(closed.state.header).toMatchObject({ state: "SUCCEEDED", phase: "DONE" });
    expect([...ticked.commands, ...closed.commands]).toEqual([]);
  });

  it("NUP-7 a completed upgrade cannot be rolled back (409)", () => {
    const { op } = drive(start(poolOf({ a: 2 })), T0);
    const refused = rollbackUpgrade(op, T0 + 10 * HOUR);
    expect(refused).toMatchObject({
      ok: false,
      error: {
        rule: "NUP-7",
        kind: "conflict",
        detail: expect.stringMatching(/cannot be rolled back/),
      },
    });
  });

  it("NUP-7 resume after a failure retries the failed node step, then upgrades the rest", () => {
    // The first node's cordon fails three times (the upgrade FAILs), then works again.
    const flaky: FaultPlan = (c, nth) =>
      c.type === "CORDON_NODE" && c.node === "a-000" && nth <= 3
        ? { kind: "FAIL", reason: "FAILED" }
        : undefined;
    let failed: NodePoolOperation | undefined;
    const { op, commands } = drive(start(poolOf({ a: 3 })), T0, {
      faults: flaky,
      observe: (o) => {
        if (o.header.state === "FAILED") failed ??= o;
      },
      script: [{ at: T0 + HOUR, label: "resume", act: resumeUpgrade }],
    });
    expect(failed?.header.error).toMatch(/^NUP-3: CORDON of a-000 failed 3 times/);
    expect(op.header.state).toBe("SUCCEEDED");
    expect(op.header.endedAt).toBeDefined();
    expect(op.header.error).toBeUndefined();
    expect(versions(op)).toEqual([TARGET.version]);
    expect(zoneSizes(op)).toEqual({ a: 3 });
    expect(commands.filter((c) => c.type === "CORDON_NODE" && c.node === "a-000")).toHaveLength(4);
    expect(new Set(commands.map((c) => c.id)).size).toBe(commands.length);
    expect(op.header.events.map((e) => e.message)).toContainEqual(
      expect.stringMatching(/^NUP-7: resumed after failure; retrying 1 failed nodes/),
    );
  });

  it("NUP-7 rollback of a failed surge upgrade: the never-created node is left, upgraded ones revert", () => {
    // The new image never becomes healthy on the second node's replacement.
    const broken: FaultPlan = (c) =>
      c.type === "CREATE_NODE" && c.node.endsWith("0-1") && c.nodeImage === TARGET.nodeImage
        ? { kind: "FAIL", reason: "HEALTH_CHECK_FAIL" }
        : undefined;
    const { op, commands, refusals } = drive(start(poolOf({ a: 3 })), T0, {
      faults: broken,
      script: [
        { at: T0 + HOUR, label: "rollback", act: rollbackUpgrade },
        { at: T0 + 3 * HOUR, label: "rollback again", act: rollbackUpgrade },
      ],
    });
    expect(refusals).toEqual([
      expect.stringMatching(/^rollback again: conflict NUP-7: .*already rolled back/),
    ]);
    expect(op.header.state).toBe("ROLLED_BACK");
    expect(versions(op)).toEqual(["1.30.1-gke.100"]);
    expect(zoneSizes(op)).toEqual({ a: 3 });
    expect(allNodes(op.nodes).every((n) => n.state === "READY")).toBe(true);
    expect(op.header.progress).toEqual({ done: 1, total: 1 });
    // a-001 was never touched: no cordon, drain or delete of it.
    expect(stepsOf(commands).filter((s) => s.endsWith(" a-001"))).toEqual([]);
    expect(new Set(commands.map((c) => c.id)).size).toBe(commands.length);
  });

  it("NUP-4 NUP-7 rollback of a failed unavailable-path upgrade recreates the deleted node with its original config", () => {
    const broken: FaultPlan = (c) =>
      c.type === "CREATE_NODE" && c.node.endsWith("0-1") && c.nodeImage === TARGET.nodeImage
        ? { kind: "FAIL", reason: "HEALTH_CHECK_FAIL" }
        : undefined;
    let failedSizes: Record<string, number> | undefined;
    const { op, commands } = drive(start(poolOf({ a: 3 }, undefined, surge(0, 1))), T0, {
      faults: broken,
      observe: (o) => {
        if (o.header.state === "FAILED") failedSizes ??= zoneSizes(o);
      },
      script: [{ at: T0 + HOUR, label: "rollback", act: rollbackUpgrade }],
    });
    expect(failedSizes).toEqual({ a: 2 });
    expect(op.header.state).toBe("ROLLED_BACK");
    expect(versions(op)).toEqual(["1.30.1-gke.100"]);
    expect(zoneSizes(op)).toEqual({ a: 3 });
    expect(op.header.progress).toEqual({ done: 2, total: 2 });
    const recreated = commands.filter(
      (c) => c.type === "CREATE_NODE" && c.node.endsWith("0-1") && c.nodeImage === "cos-1",
    );
    expect(recreated).toHaveLength(1);
    expect(new Set(commands.map((c) => c.id)).size).toBe(commands.length);
  });

  it("NUP-7 a failed rollback is retried by resume, not by a second rollback", () => {
    // Cancel part-way, roll back; the restore of the first node fails three times.
    const flaky: FaultPlan = (c, nth) =>
      c.type === "CREATE_NODE" && c.node.endsWith("-0-0-rb") && nth <= 3
        ? { kind: "FAIL", reason: "FAILED" }
        : undefined;
    const { op, refusals } = drive(start(poolOf({ a: 3 })), T0, {
      faults: flaky,
      script: [
        { at: T0 + 4 * MINUTE, label: "cancel", act: cancelUpgrade },
        { at: T0 + HOUR, label: "rollback", act: rollbackUpgrade },
        { at: T0 + 2 * HOUR, label: "rollback again", act: rollbackUpgrade },
        { at: T0 + 2 * HOUR, label: "resume", act: resumeUpgrade },
      ],
    });
    expect(refusals).toEqual([
      expect.stringMatching(
        /^rollback again: conflict NUP-7: the rollback failed; resume retries it/,
      ),
    ]);
    expect(op.header.state).toBe("ROLLED_BACK");
    expect(versions(op)).toEqual(["1.30.1-gke.100"]);
    expect(zoneSizes(op)).toEqual({ a: 3 });
  });

  it("NUP-7 a node still waiting for capacity when cancelled goes back in line untouched", () => {
    const quota: FaultPlan = (c) =>
      c.type === "CREATE_NODE" ? { kind: "FAIL", reason: "QUOTA_EXCEEDED" } : undefined;
    const { op, commands } = drive(start(poolOf({ a: 2 })), T0, {
      faults: quota,
      script: [{ at: T0 + MINUTE, label: "cancel", act: cancelUpgrade }],
    });
    expect(op.header.state).toBe("CANCELLED");
    expect((op as SurgeOperation).replacements.size).toBe(0);
    expect(
      allNodes(op.nodes)
        .map((n) => n.name)
        .sort(),
    ).toEqual(["a-000", "a-001"]);
    expect(commands.every((c) => c.type === "CREATE_NODE")).toBe(true);
  });

  it("MW-4 a closing window pauses: started nodes finish, no new node starts until it opens again", () => {
    const starts: number[] = [];
    const { op, log } = drive(
      start(poolOf({ a: 3 }), { window: { openUntil: T0 + 3 * MINUTE } }),
      T0,
      {
        script: [
          {
            at: T0 + 10 * HOUR,
            label: "window opens",
            act: (_o, now) => ({ type: "WINDOW", at: now, window: { openUntil: now + 4 * HOUR } }),
          },
        ],
        observe: (o, now, d) => {
          if (d.commands.some((c) => c.type === "CREATE_NODE")) starts.push((now - T0) / SECOND);
          if (now > T0 + 3 * MINUTE && now < T0 + 10 * HOUR && o.header.state !== "SUCCEEDED") {
            expect(o.header.state).toBe("PAUSED");
            expect(o.header.reason).toMatch(/^MW-4: maintenance window closed/);
          }
        },
      },
    );
    expect(starts).toEqual([0, 10 * 3600, 10 * 3600 + 211]);
    expect(log.join("\n")).toContain("DELETE_NODE a-000");
    expect(op.header.state).toBe("SUCCEEDED");
    expect(op.header.events.map((e) => e.message)).toContain("MW-4: window open; continuing");
  });

  it("MW-4 a WINDOW event that closes the window stops new nodes but never abandons one in flight", () => {
    const { op } = drive(start(poolOf({ a: 3 }, undefined, surge(2, 0))), T0, {
      script: [
        {
          at: T0 + MINUTE,
          label: "window closes",
          act: (_o, now) => ({
            type: "WINDOW",
            at: now,
            window: { openUntil: null, nextOpenAt: now + 6 * HOUR },
          }),
        },
      ],
    });
    expect(op.header.state).toBe("PAUSED");
    expect(op.header.reason).toContain("continue when it opens at");
    expect(op.header.progress).toEqual({ done: 2, total: 3 });
    expect(allNodes(op.nodes).every((n) => n.state === "READY")).toBe(true);
  });

  it("NUP-4 a node preempted while it drains is not waited for: its replacement is created at once", () => {
    const stuck: FaultPlan = (c) =>
      c.type === "DRAIN_NODE" && c.node === "a-000" ? { kind: "STUCK" } : undefined;
    const { op, commands } = drive(start(poolOf({ a: 2 }, undefined, surge(0, 1))), T0, {
      faults: stuck,
      script: [
        {
          at: T0 + 10 * MINUTE,
          label: "spot preemption",
          act: (_o, now) => ({
            type: "NODE_PREEMPTED",
            cluster: "prod-1",
            pool: "pool-a",
            node: "a-000",
            at: now,
          }),
        },
      ],
    });
    expect(op.header.state).toBe("SUCCEEDED");
    expect(op.header.endedAt! - T0).toBeLessThan(HOUR);
    expect(commands.some((c) => c.type === "DELETE_NODE" && c.node === "a-000")).toBe(false);
    expect(zoneSizes(op)).toEqual({ a: 2 });
  });

  it("NUP-3 command ids are deterministic and never repeat", () => {
    const a = drive(start(poolOf({ a: 6, b: 3 }, undefined, surge(2, 1))), T0);
    const b = drive(start(poolOf({ a: 6, b: 3 }, undefined, surge(2, 1))), T0);
    const ids = a.commands.map((c) => c.id);
    expect(ids).toEqual(b.commands.map((c) => c.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toMatch(/^op-1:pool-a-\w+-0-0:CREATE:1$/);
  });

  it("NUP-2 nodes already on the target are not touched", () => {
    const pool = poolOf({ a: 2 });
    pool.nodes.push({ name: "a-new", zone: "a", ...TARGET });
    const { op, commands } = drive(start(pool), T0);
    expect(op.header.progress).toEqual({ done: 2, total: 2 });
    expect(commands.some((c) => "node" in c && c.node === "a-new")).toBe(false);
  });
});
