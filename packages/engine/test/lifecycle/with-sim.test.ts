import { describe, expect, it } from "vitest";
import {
  type ClusterUpgradeDecision,
  type ClusterUpgradeEvent,
  clusterUpgradeView,
  decideClusterUpgrade,
  resumeClusterUpgrade,
  startClusterUpgrade,
  type WorkerPoolUpgrade,
  workerPoolFacts,
} from "../../src/lifecycle/index.ts";
import type { Decision } from "../../src/machine/decision.ts";
import { isTerminal } from "../../src/node-pool/operation.ts";
import type { NodePoolFacts } from "../../src/node-pool/types.ts";
import {
  decideNodePoolUpgrade,
  type NodePoolOperation,
  startNodePoolUpgrade,
} from "../../src/node-pool/upgrade.ts";
import { poolNodes } from "../../src/node-pool/view.ts";
import type { ProviderCommand } from "../../src/provider/commands.ts";
import type { SimConfig } from "../../src/provider/sim/config.ts";
import { createSim, simAdvance, simNextEventAt, simSubmit } from "../../src/provider/sim/sim.ts";
import type { SimState } from "../../src/provider/sim/state.ts";
import { type Instant, SECOND } from "../../src/time/instant.ts";
import { T0, workerPool } from "./driver.ts";
import { request, userCluster } from "./fixtures.ts";

/**
 * A small fleet host over the embedded sim, as the fleet Durable Object will be: the
 * cluster upgrade's commands and each worker pool's own node-pool machine (started from
 * the START_POOL_UPGRADE intents) run against one sim, answers are routed by the
 * operation id that prefixes every command id, and a pool's end is reported back.
 */
function runOnSim(
  start: ClusterUpgradeDecision,
  pools: NodePoolFacts[],
  config: SimConfig,
  resumeAt?: Instant,
) {
  let sim: SimState = createSim(config, T0);
  let now = T0;
  let cu = start.state;
  let cuWake = start.wakeAt;
  const poolOps = new Map<string, NodePoolOperation>();
  const poolWake = new Map<string, Instant | undefined>();
  const reported = new Set<string>();
  const inbox: ClusterUpgradeEvent[] = [];
  let count = 0;
  const sent: ProviderCommand[] = [];
  const submit = (commands: readonly ProviderCommand[]) => {
    sent.push(...commands);
    sim = simSubmit(sim, commands, now);
  };

  const applyPool = (id: string, decision: Decision<NodePoolOperation>) => {
    poolOps.set(id, decision.state);
    poolWake.set(id, decision.wakeAt);
    submit(decision.commands);
    const h = decision.state.header;
    if (isTerminal(h.state) && !reported.has(id)) {
      reported.add(id);
      const ended: ClusterUpgradeEvent = {
        type: "POOL_UPGRADE_ENDED",
        pool: h.pool,
        operationId: id,
        state: h.state,
        at: now,
      };
      if (h.error !== undefined) ended.error = h.error;
      const versions: Record<string, number> = {};
      for (const node of poolNodes(decision.state))
        versions[node.version] = (versions[node.version] ?? 0) + 1;
      ended.nodeVersions = versions;
      inbox.push(ended);
    }
  };
  const apply = (decision: ClusterUpgradeDecision) => {
    // Frozen: a decision that changed the operation it was given would throw here.
    cu = deepFreeze(decision.state);
    cuWake = decision.wakeAt;
    submit(decision.commands);
    for (const intent of decision.intents) {
      const facts = pools.find((p) => p.pool === intent.pool)!;
      const operationId = `np-${++count}`;
      const started = startNodePoolUpgrade(
        {
          operationId,
          pool: workerPoolFacts(facts, intent),
          target: intent.target,
        },
        now,
      );
      if (!started.ok) {
        inbox.push({
          type: "POOL_UPGRADE_ENDED",
          pool: intent.pool,
          operationId,
          state: "FAILED",
          error: started.error.detail,
          at: now,
        });
        continue;
      }
      inbox.push({ type: "POOL_UPGRADE_STARTED", pool: intent.pool, operationId, at: now });
      applyPool(operationId, started.value);
    }
  };
  const drain = () => {
    while (inbox.length > 0) apply(decideClusterUpgrade(cu, inbox.shift()!, now));
  };
  apply(start);
  drain();
  let resumed = resumeAt === undefined;
  for (let step = 0; step < 100_000; step++) {
    const wakes = [
      simNextEventAt(sim),
      cuWake,
      ...poolWake.values(),
      resumed ? undefined : resumeAt,
    ];
    const next = Math.min(...wakes.map((w) => w ?? Number.POSITIVE_INFINITY));
    if (!Number.isFinite(next)) break;
    now = Math.max(now, next);
    if (!resumed && resumeAt !== undefined && resumeAt <= now) {
      resumed = true;
      const out = resumeClusterUpgrade(cu, now);
      if (out.ok) apply(out.value);
    }
    const advanced = simAdvance(sim, now);
    sim = advanced.state;
    for (const event of advanced.events) {
      if (event.type === "NODE_PREEMPTED") continue;
      if (event.commandId.startsWith(`${cu.id}:`)) {
        apply(decideClusterUpgrade(cu, event, now));
        continue;
      }
      const id = [...poolOps.keys()].find((key) => event.commandId.startsWith(`${key}:`));
      if (id !== undefined) applyPool(id, decideNodePoolUpgrade(poolOps.get(id)!, event, now));
    }
    if (cuWake !== undefined && cuWake <= now)
      apply(decideClusterUpgrade(cu, { type: "TICK", at: now }, now));
    for (const [id, wake] of poolWake) {
      if (wake !== undefined && wake <= now)
        applyPool(id, decideNodePoolUpgrade(poolOps.get(id)!, { type: "TICK", at: now }, now));
    }
    drain();
  }
  return { cu, poolOps, now, sent };
}

/** Freezes `value` and everything in it (a pure machine must not change its input). */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

const POOLS = [
  workerPool("np-surge", { a: 3 }, "1.14.3", {
    upgradeStrategy: { type: "SURGE", maxSurge: 1, maxUnavailable: 0 },
  }),
  workerPool("np-bg", { a: 2, b: 2 }, "1.14.3", {
    upgradeStrategy: {
      type: "BLUE_GREEN",
      batchNodeCount: 2,
      batchSoakSeconds: 60,
      nodePoolSoakSeconds: 600,
    },
  }),
];

function started(workerPools: WorkerPoolUpgrade = "STRATEGY"): ClusterUpgradeDecision {
  const out = startClusterUpgrade(request(userCluster({ pools: POOLS, workerPools })), T0);
  if (!out.ok) throw new Error(out.error.detail);
  return out.value;
}

function allOnTarget(poolOps: Map<string, NodePoolOperation>): boolean {
  return [...poolOps.values()].every((op) =>
    poolNodes(op).every((node) => node.version === "1.15.11"),
  );
}

describe("cluster upgrade on the embedded sim", () => {
  it("LIFE-3 VER-7 the sim drives a user cluster end to end, each worker pool through its own strategy machine", () => {
    const { cu, poolOps } = runOnSim(started(), POOLS, { seed: 3 });
    expect(cu.state).toBe("SUCCEEDED");
    expect(cu.status.version).toBe("1.15.11");
    expect([...poolOps.values()].map((op) => [op.header.pool, op.kind, op.header.state])).toEqual([
      ["np-bg", "BLUE_GREEN", "SUCCEEDED"],
      ["np-surge", "SURGE", "SUCCEEDED"],
    ]);
    expect(allOnTarget(poolOps)).toBe(true);
    expect(clusterUpgradeView(cu).versions).toEqual({ "1.15.11": 12 });
  });

  it("LIFE-3 LIFE-2 a decision never changes the operation it is given: every state is frozen before the next decision, through preflight, components, pools, a failure and its resume", () => {
    const { cu } = runOnSim(started(), POOLS, {
      seed: 5,
      faults: [{ id: "f", match: { operation: "UPGRADE_COMPONENT" }, effect: "FAIL", times: 1 }],
    });
    expect(cu.state).toBe("FAILED");
    expect(Object.isFrozen(cu.steps[0])).toBe(true);
    const resumed = runOnSim(
      started(),
      POOLS,
      {
        seed: 5,
        faults: [{ id: "f", match: { operation: "UPGRADE_COMPONENT" }, effect: "FAIL", times: 1 }],
      },
      T0 + 3_600 * SECOND,
    );
    expect(resumed.cu.state).toBe("SUCCEEDED");
  });

  it("LIFE-3 bare-metal worker pools are upgraded in place by default: each machine is cordoned, drained without PDBs, upgraded and uncordoned, one at a time per pool; no machine is created or deleted and every node keeps its name", () => {
    const { cu, poolOps, sent } = runOnSim(started("IN_PLACE"), POOLS, { seed: 3 });
    expect(cu.state).toBe("SUCCEEDED");
    expect([...poolOps.values()].map((op) => [op.header.pool, op.kind, op.header.state])).toEqual([
      ["np-bg", "IN_PLACE", "SUCCEEDED"],
      ["np-surge", "IN_PLACE", "SUCCEEDED"],
    ]);
    expect(sent.filter((c) => c.type === "CREATE_NODE" || c.type === "DELETE_NODE")).toEqual([]);
    const names = (op: NodePoolOperation) =>
      poolNodes(op)
        .map((n) => n.name)
        .sort();
    for (const op of poolOps.values()) {
      const facts = POOLS.find((p) => p.pool === op.header.pool)!;
      expect(names(op)).toEqual(facts.nodes.map((n) => n.name).sort());
      expect(poolNodes(op).every((n) => n.state === "READY")).toBe(true);
    }
    expect(allOnTarget(poolOps)).toBe(true);
    // One node of np-surge: cordon, drain (best effort, LIFE-6), upgrade, uncordon, in order.
    const steps = sent
      .filter((c) => "node" in c && c.node === "np-surge-a-0")
      .map((c) => (c.type === "DRAIN_NODE" ? `${c.type} respectPdb=${c.respectPdb}` : c.type));
    expect(steps).toEqual([
      "CORDON_NODE",
      "DRAIN_NODE respectPdb=false",
      "UPGRADE_NODE",
      "UNCORDON_NODE",
    ]);
    // One machine at a time per pool: a node's cordon waits for the previous uncordon.
    const surge = sent.filter((c) => "pool" in c && c.pool === "np-surge").map((c) => c.type);
    expect(surge.filter((t) => t === "CORDON_NODE")).toHaveLength(3);
    expect(surge.slice(0, 5)).toEqual([
      "CORDON_NODE",
      "DRAIN_NODE",
      "UPGRADE_NODE",
      "UNCORDON_NODE",
      "CORDON_NODE",
    ]);
    expect(clusterUpgradeView(cu).versions).toEqual({ "1.15.11": 12 });
  });

  it("LIFE-3 a sim FAIL fault on a component fails the upgrade naming it; resume finishes without upgrading anything twice", () => {
    const config: SimConfig = {
      seed: 3,
      faults: [
        {
          id: "addons",
          match: { cluster: "bm-1", operation: "UPGRADE_COMPONENT" },
          effect: "FAIL",
          times: 1,
        },
      ],
    };
    const failed = runOnSim(started(), POOLS, config);
    expect(failed.cu.state).toBe("FAILED");
    expect(failed.cu.error).toMatch(
      /^LIFE-3: control-plane-load-balancers failed \(FAILED: sim fault addons/,
    );
    const { cu } = runOnSim(started(), POOLS, config, T0 + 3600 * SECOND);
    expect(cu.state).toBe("SUCCEEDED");
    expect(cu.steps.map((s) => [s.id, s.attempts]).filter(([, n]) => n !== 1)).toEqual([
      ["control-plane-load-balancers", 2],
    ]);
  });

  it("LIFE-3 sim HEALTH_CHECK_FAIL faults make the health checks repeat until they pass", () => {
    const config: SimConfig = {
      seed: 3,
      faults: [{ id: "hc", match: { cluster: "bm-1" }, effect: "HEALTH_CHECK_FAIL", times: 3 }],
    };
    const { cu } = runOnSim(started(), POOLS, config);
    expect(cu.state).toBe("SUCCEEDED");
    expect(cu.steps.find((s) => s.id === "health-checks")?.attempts).toBe(4);
  });

  it("LIFE-2 a sim FAIL fault on RUN_PREFLIGHT stops the upgrade before spec.version changes", () => {
    const config: SimConfig = {
      seed: 3,
      faults: [
        { id: "diag", match: { cluster: "bm-1", operation: "RUN_PREFLIGHT" }, effect: "FAIL" },
      ],
    };
    const { cu } = runOnSim(started(), POOLS, config);
    expect(cu.state).toBe("FAILED");
    expect(cu.spec.version).toBe("1.14.3");
    expect(cu.error).toMatch(/^LIFE-2: provider preflight blocked the upgrade/);
  });
});
