import { describe, expect, it } from "vitest";
import type { Decision } from "../machine/decision.ts";
import type { ProviderCommand } from "../provider/commands.ts";
import {
  createSim,
  type SimConfig,
  simAdvance,
  simNextEventAt,
  simSubmit,
} from "../provider/sim/index.ts";
import { earliest } from "./operation.ts";
import { poolOf, T0, TARGET, zoneSizes } from "./test-driver.ts";
import type { NodePoolFacts } from "./types.ts";
import { decideNodePoolUpgrade, type NodePoolOperation, startNodePoolUpgrade } from "./upgrade.ts";
import { poolNodes } from "./view.ts";

/** Runs an upgrade against the simulated provider until neither side has anything left. */
function runWithSim(pool: NodePoolFacts, config: SimConfig) {
  const started = startNodePoolUpgrade({ operationId: "op-sim", pool, target: TARGET }, T0);
  if (!started.ok) throw new Error(started.error.detail);
  let sim = createSim(config, T0);
  let decision: Decision<NodePoolOperation> = started.value;
  const commands: ProviderCommand[] = [];
  const sizes: number[] = [];
  for (let now = T0, steps = 0; steps < 100_000; steps++) {
    commands.push(...decision.commands);
    sim = simSubmit(sim, decision.commands, now);
    sizes.push(zoneSizes(decision.state).a ?? 0);
    const next = earliest(simNextEventAt(sim), decision.wakeAt);
    if (next === undefined) break;
    now = next;
    const advanced = simAdvance(sim, now);
    sim = advanced.state;
    let op = decision.state;
    const emitted: ProviderCommand[] = [];
    let wakeAt = decision.wakeAt;
    const events =
      advanced.events.length > 0 ? advanced.events : [{ type: "TICK" as const, at: now }];
    for (const event of events) {
      const step = decideNodePoolUpgrade(op, event, now);
      op = step.state;
      emitted.push(...step.commands);
      wakeAt = step.wakeAt;
    }
    decision = {
      state: op,
      commands: emitted,
      notes: [],
      ...(wakeAt === undefined ? {} : { wakeAt }),
    };
  }
  return { op: decision.state, commands, sizes };
}

describe("node-pool upgrades against the simulated provider", () => {
  it("NUP-6 surge with room for one extra node: refused creates wait for capacity and the pool finishes", () => {
    const { op, commands, sizes } = runWithSim(
      poolOf({ a: 6 }, undefined, { upgradeStrategy: { maxSurge: 3 } }),
      {
        seed: 7,
        capacity: { a: { quotaNodes: 7, inUse: 6 } },
      },
    );
    expect(op.header.state).toBe("SUCCEEDED");
    expect(Math.max(...sizes)).toBeLessThanOrEqual(9);
    expect(commands.filter((c) => c.type === "CREATE_NODE").length).toBeGreaterThan(6);
    expect(op.header.events.some((e) => e.message.startsWith("NUP-6"))).toBe(true);
    expect(poolNodes(op).every((n) => n.version === TARGET.version)).toBe(true);
  });

  it("NUP-3 a drain held by a PodDisruptionBudget is forced after an hour (sim STUCK_DRAIN)", () => {
    const { op, commands } = runWithSim(poolOf({ a: 2 }), {
      seed: 1,
      faults: [{ id: "pdb", match: { node: "a-001" }, effect: "STUCK_DRAIN" }],
    });
    expect(op.header.state).toBe("SUCCEEDED");
    expect(
      commands.some((c) => c.type === "DRAIN_NODE" && c.node === "a-001" && !c.respectPdb),
    ).toBe(true);
  });

  it("NUP-8 blue-green against the sim ends with only green nodes on the target", () => {
    const pool = poolOf({ a: 4 }, undefined, {
      upgradeStrategy: { type: "BLUE_GREEN", batchPercent: 0.5, nodePoolSoakSeconds: 600 },
      freeCapacity: { a: { nodes: 4, limitedBy: "NODES" } },
    });
    const { op } = runWithSim(pool, {
      seed: 3,
      jitter: 0.2,
      capacity: { a: { quotaNodes: 8, inUse: 4 } },
    });
    expect(op.header.state).toBe("SUCCEEDED");
    expect(poolNodes(op).map((n) => [n.color, n.version])).toEqual(
      Array(4).fill(["GREEN", TARGET.version]),
    );
  });
});
