import { describe, expect, it } from "vitest";
import {
  cancelUpgrade,
  completeUpgrade,
  resumeUpgrade,
  rollbackUpgrade,
} from "../../src/node-pool/controls.ts";
import { allNodes } from "../../src/node-pool/node-steps/node-table.ts";
import { startNodePoolUpgrade } from "../../src/node-pool/upgrade.ts";
import { DAY, HOUR, SECOND } from "../../src/time/instant.ts";
import { drive, type FaultPlan, poolOf, type ScriptStep, T0, TARGET } from "./driver.ts";

function start() {
  const facts = poolOf({ a: 2, b: 1 }, undefined, { flexStart: true });
  const started = startNodePoolUpgrade({ operationId: "op-sl", pool: facts, target: TARGET }, T0);
  if (!started.ok) throw new Error(started.error.detail);
  return started.value;
}

function preempt(seconds: number, node: string): ScriptStep {
  return {
    at: T0 + seconds * SECOND,
    label: `preempt ${node}`,
    act: (_o, now) => ({
      type: "NODE_PREEMPTED",
      cluster: "prod-1",
      pool: "pool-a",
      node,
      at: now,
    }),
  };
}

describe("short-lived upgrades", () => {
  it("NUP-11 existing nodes keep running: starting sends no command", () => {
    const started = start();
    expect(started.state.header.strategy).toBe("SHORT_LIVED");
    expect(started.commands).toEqual([]);
    expect(started.wakeAt).toBe(T0 + 7 * DAY);
  });

  it("NUP-11 a preempted node is replaced by one with the new configuration", () => {
    const { op, commands } = drive(start(), T0, {
      script: [preempt(3600, "a-001")],
      until: T0 + DAY,
    });
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatchObject({ type: "CREATE_NODE", zone: "a", version: TARGET.version });
    expect(
      allNodes(op.nodes)
        .map((n) => [n.name.startsWith("pool-a-"), n.version])
        .sort(),
    ).toEqual([
      [false, "1.30.1-gke.100"],
      [false, "1.30.1-gke.100"],
      [true, TARGET.version],
    ]);
    expect(op.header.progress).toEqual({ done: 1, total: 3 });
    expect(op.header.state).toBe("RUNNING");
  });

  it("NUP-11 every node is on the new configuration within 7 days: the rest are replaced at the deadline", () => {
    const stuck: FaultPlan = (c) =>
      c.type === "DRAIN_NODE" && c.respectPdb && c.node === "b-000" ? { kind: "STUCK" } : undefined;
    const { op, log } = drive(start(), T0, { script: [preempt(3600, "a-000")], faults: stuck });
    expect(op.header.state).toBe("SUCCEEDED");
    expect(op.header.endedAt! - T0).toBeLessThanOrEqual(7 * DAY + 2 * HOUR);
    expect(allNodes(op.nodes)).toHaveLength(3);
    expect(
      allNodes(op.nodes).every((n) => n.version === TARGET.version && n.state === "READY"),
    ).toBe(true);
    const deadline = 7 * 86_400;
    expect(log.filter((l) => l.startsWith(`+${deadline} CORDON_NODE`))).toHaveLength(2);
    expect(log.some((l) => l.includes("DRAIN_NODE b-000 respectPdb=false"))).toBe(true);
  });

  it("NUP-11 a node preempted during its deadline replacement is not waited for", () => {
    const stuck: FaultPlan = (c) => (c.type === "DRAIN_NODE" ? { kind: "STUCK" } : undefined);
    const { op } = drive(start(), T0, {
      faults: stuck,
      script: [preempt(7 * 86_400 + 30, "a-000")],
    });
    expect(op.header.state).toBe("SUCCEEDED");
    expect(allNodes(op.nodes)).toHaveLength(3);
    expect(allNodes(op.nodes).every((n) => n.version === TARGET.version)).toBe(true);
  });

  it("NUP-11 short-lived upgrades have no settings and no controls (422)", () => {
    const op = start().state;
    for (const control of [cancelUpgrade, resumeUpgrade, rollbackUpgrade]) {
      expect(control(op, T0)).toMatchObject({
        ok: false,
        error: { rule: "NUP-11", kind: "refused" },
      });
    }
    expect(completeUpgrade(op, T0)).toMatchObject({ ok: false, error: { kind: "refused" } });
  });

  it("MW-4 short-lived upgrades follow preemptions, not maintenance windows", () => {
    const { op } = drive(start(), T0, {
      script: [
        {
          at: T0,
          label: "window closed",
          act: (_o, now) => ({ type: "WINDOW", at: now, window: { openUntil: null } }),
        },
        preempt(60, "b-000"),
      ],
      until: T0 + DAY,
    });
    expect(
      allNodes(op.nodes)
        .filter((n) => n.zone === "b")
        .map((n) => n.version),
    ).toEqual([TARGET.version]);
  });
});
