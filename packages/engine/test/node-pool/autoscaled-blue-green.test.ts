import { describe, expect, it } from "vitest";
import { poolScalingPolicy, scalableNodes } from "../../src/node-pool/autoscaler-interplay.ts";
import {
  cancelUpgrade,
  completeUpgrade,
  resumeUpgrade,
  rollbackUpgrade,
} from "../../src/node-pool/controls.ts";
import { allNodes } from "../../src/node-pool/node-steps/node-table.ts";
import type { AutoscaledBlueGreenOperation } from "../../src/node-pool/strategies/autoscaled-blue-green/operation.ts";
import type { NodePoolFacts } from "../../src/node-pool/types.ts";
import { type NodePoolOperation, startNodePoolUpgrade } from "../../src/node-pool/upgrade.ts";
import { DAY, HOUR, SECOND } from "../../src/time/instant.ts";
import { drive, type FaultPlan, poolOf, type ScriptStep, T0, TARGET } from "./driver.ts";

function pool(
  zones: Record<string, number>,
  waitSeconds: number,
  extra: Partial<NodePoolFacts> = {},
) {
  return poolOf(zones, "1.34.1-gke.100", {
    controlPlaneVersion: "1.34.1-gke.300",
    autoscalingEnabled: true,
    upgradeStrategy: { type: "AUTOSCALED_BLUE_GREEN", waitSeconds },
    ...extra,
  });
}

const TARGET_34 = { version: "1.34.1-gke.300", nodeImage: TARGET.nodeImage };

function start(facts: NodePoolFacts) {
  const started = startNodePoolUpgrade(
    { operationId: "op-abg", pool: facts, target: TARGET_34 },
    T0,
  );
  if (!started.ok) throw new Error(started.error.detail);
  return started.value;
}

function at(seconds: number, label: string, act: ScriptStep["act"]): ScriptStep {
  return { at: T0 + seconds * SECOND, label, act };
}

function firstAt(log: string[], type: string): number {
  const line = log.find((l) => l.split(" ")[1] === type);
  return line === undefined ? Number.NaN : Number(line.split(" ")[0]!.slice(1));
}

describe("autoscaled blue-green upgrades", () => {
  it("NUP-10 green starts with 0 nodes, blue is cordoned, drains start after waitSeconds, no soak, blue deleted", () => {
    const started = start(pool({ a: 3 }, 3600));
    expect(started.commands.map((c) => c.type)).toEqual(Array(3).fill("CORDON_NODE"));
    expect(allNodes(started.state.nodes).filter((n) => n.color === "GREEN")).toHaveLength(0);
    const { op, commands, log } = drive(started, T0);
    expect(commands.some((c) => c.type === "CREATE_NODE")).toBe(false);
    expect(firstAt(log, "DRAIN_NODE")).toBe(1 + 3600);
    // Drains honour PDBs, pods get up to 24 h of grace; then delete straight away (no soak).
    expect(
      commands
        .filter((c) => c.type === "DRAIN_NODE")
        .every((c) => c.type === "DRAIN_NODE" && c.respectPdb && c.graceSeconds === 86_400),
    ).toBe(true);
    expect(firstAt(log, "DELETE_NODE")).toBe(1 + 3600 + 60);
    expect(op.header.state).toBe("SUCCEEDED");
    expect(allNodes(op.nodes)).toHaveLength(0);
  });

  it("NUP-10 the default wait is 3 days", () => {
    const facts = pool({ a: 1 }, 0);
    facts.upgradeStrategy = { type: "AUTOSCALED_BLUE_GREEN" };
    const { log } = drive(start(facts), T0);
    expect(log.find((l) => l.includes("DRAIN_NODE"))).toMatch(new RegExp(`^\\+${1 + 3 * 86_400} `));
  });

  it("NUP-10 during the wait the autoscaler may shrink blue to zero, ignoring its minimum, and grow green", () => {
    const seen: string[] = [];
    const { op, commands } = drive(start(pool({ a: 2 }, DAY / SECOND)), T0, {
      script: [
        at(HOUR / SECOND, "autoscaler moves pods", (o, now) => ({
          type: "POOL_SCALED",
          at: now,
          added: [{ name: "green-0", zone: "a", ...TARGET_34 }],
          removed: scalableNodes(o).filter((n) => n.startsWith("a-")),
        })),
      ],
      observe: (o) => {
        const [blue, green] = poolScalingPolicy(o).groups;
        const row = `${o.header.phase} blue down:${blue!.scaleDown} ignoreMin:${blue!.ignoreMinNodes} green:${green?.scaleUp}/${green?.scaleDown}`;
        if (seen.at(-1) !== row) seen.push(row);
      },
    });
    expect(seen).toEqual([
      "CORDONING_BLUE blue down:false ignoreMin:false green:true/true",
      "WAITING_TO_DRAIN blue down:true ignoreMin:true green:true/true",
      "DONE blue down:true ignoreMin:false green:undefined/undefined",
    ]);
    expect(commands.some((c) => c.type === "DRAIN_NODE")).toBe(false);
    expect(op.header.state).toBe("SUCCEEDED");
    expect(op.header.progress).toEqual({ done: 2, total: 2 });
    expect(allNodes(op.nodes).map((n) => [n.name, n.color, n.version])).toEqual([
      ["green-0", "GREEN", TARGET_34.version],
    ]);
  });

  it("NUP-10 remaining blue nodes drain up to 20 at a time, honouring PDBs for 1 h, then without them", () => {
    let most = 0;
    const stuck: FaultPlan = (c) =>
      c.type === "DRAIN_NODE" && c.respectPdb && c.node === "a-000" ? { kind: "STUCK" } : undefined;
    const { op, commands } = drive(start(pool({ a: 30, b: 20 }, 0)), T0, {
      faults: stuck,
      observe: (o) => {
        most = Math.max(most, Object.keys((o as AutoscaledBlueGreenOperation).draining).length);
      },
    });
    expect(most).toBe(20);
    const forced = commands.filter((c) => c.type === "DRAIN_NODE" && !c.respectPdb);
    expect(forced.map((c) => c.type === "DRAIN_NODE" && [c.node, c.graceSeconds])).toEqual([
      ["a-000", 86_400],
    ]);
    expect(op.header.state).toBe("SUCCEEDED");
  });

  it("NUP-10 nodes with pods marked not safe to evict are drained only 7 days after blue was cordoned, separately from waitSeconds; the others drain after the wait", () => {
    const drains = (commands: { type: string }[]) =>
      commands.flatMap((c) => (c.type === "DRAIN_NODE" && "node" in c ? [c.node as string] : []));
    const reasons: string[] = [];
    const { op, commands, log } = drive(
      start(pool({ a: 3 }, 3600, { unevictableNodes: ["a-001"] })),
      T0,
      {
        observe: (o) => {
          const reason = o.header.reason ?? "";
          if (reason.includes("not safe to evict") && reasons.at(-1) !== reason)
            reasons.push(reason);
        },
      },
    );
    const lines = log.filter((l) => l.includes("DRAIN_NODE"));
    // Cordoned at +1 s: a-000 and a-002 after the hour's wait, a-001 seven days after.
    expect(lines.map((l) => l.split(" ")[0])).toEqual(["+3601", "+3601", `+${1 + 7 * 86_400}`]);
    expect(drains(commands)).toEqual(["a-000", "a-002", "a-001"]);
    expect(reasons).toEqual([
      "NUP-10: a-001 holds pods marked not safe to evict; drained from 2025-01-13T09:00:01.000Z, 7 days after blue was cordoned",
    ]);
    expect(firstAt(log, "DELETE_NODE")).toBe(1 + 7 * 86_400 + 60);
    expect(op.header.state).toBe("SUCCEEDED");
  });

  it("NUP-10 the autoscaler's view of pods not safe to evict is followed: a node whose marked pod ended drains at once, a node given one is held", () => {
    const { commands, log } = drive(
      start(pool({ a: 3 }, 3600, { unevictableNodes: ["a-001"] })),
      T0,
      {
        script: [
          at(1800, "the marked pod moved to a-002", (_o, now) => ({
            type: "UNEVICTABLE_PODS",
            at: now,
            nodes: ["a-002"],
          })),
          at((2 * DAY) / SECOND, "the marked pod ended", (_o, now) => ({
            type: "UNEVICTABLE_PODS",
            at: now,
            nodes: [],
          })),
        ],
      },
    );
    const drained = log.filter((l) => l.includes("DRAIN_NODE")).map((l) => l.split(" ")[0]);
    expect(drained).toEqual(["+3601", "+3601", `+${2 * 86_400}`]);
    expect(commands.flatMap((c) => (c.type === "DRAIN_NODE" ? [c.node] : []))).toEqual([
      "a-000",
      "a-001",
      "a-002",
    ]);
  });

  it("NUP-10 cancel and resume work; rollback and complete are refused", () => {
    const { op, refusals } = drive(start(pool({ a: 2 }, 600)), T0, {
      script: [
        at(100, "cancel", cancelUpgrade),
        at(200, "rollback", rollbackUpgrade),
        at(201, "complete", completeUpgrade),
        at(5000, "resume", resumeUpgrade),
      ],
      observe: (o, now) => {
        if (now > T0 + 100 * SECOND && now < T0 + 5000 * SECOND)
          expect(o.header.state).toBe("CANCELLED");
      },
    });
    expect(refusals).toEqual([
      "rollback: refused NUP-10: autoscaled blue-green upgrades cannot be rolled back",
      "complete: refused NUP-10: autoscaled blue-green has no node-pool soak to complete",
    ]);
    expect(op.header.state).toBe("SUCCEEDED");
    expect(op.header.endedAt! - T0).toBeGreaterThan(5000 * SECOND);
  });

  it("NUP-10 requires control plane 1.34.0-gke.2201000 or later and the autoscaler (422)", () => {
    const old = startNodePoolUpgrade(
      {
        operationId: "x",
        pool: pool({ a: 1 }, 0, { controlPlaneVersion: "1.34.0-gke.2200999" }),
        target: { version: "1.34.0-gke.100", nodeImage: "cos" },
      },
      T0,
    );
    expect(old).toMatchObject({ ok: false, error: { rule: "NUP-10", kind: "refused" } });
    const off = startNodePoolUpgrade(
      {
        operationId: "x",
        pool: pool({ a: 1 }, 0, { autoscalingEnabled: false }),
        target: TARGET_34,
      },
      T0,
    );
    expect(off).toMatchObject({
      ok: false,
      error: { rule: "NUP-10", kind: "refused", detail: expect.stringMatching(/autoscaler/) },
    });
  });

  it("MW-4 autoscaled blue-green runs to completion once started", () => {
    const { op } = drive(start(pool({ a: 2 }, 60)), T0, {
      script: [
        at(10, "window closes", (_o, now) => ({
          type: "WINDOW",
          at: now,
          window: { openUntil: null },
        })),
      ],
    });
    expect(op.header.state).toBe("SUCCEEDED");
  });

  it("NUP-12 nodes being cordoned, drained or deleted are never offered to the autoscaler", () => {
    const offered: NodePoolOperation[] = [];
    drive(start(pool({ a: 3 }, 0)), T0, { observe: (o) => offered.push(o) });
    for (const o of offered) {
      const busy = allNodes(o.nodes)
        .filter((n) => n.pending?.command !== undefined)
        .map((n) => n.name);
      expect(scalableNodes(o).filter((n) => busy.includes(n))).toEqual([]);
    }
  });
});
