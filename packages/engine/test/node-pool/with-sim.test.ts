import { describe, expect, it } from "vitest";
import type { Decision } from "../../src/machine/decision.ts";
import { earliest } from "../../src/node-pool/operation.ts";
import type { NodePoolFacts } from "../../src/node-pool/types.ts";
import {
  decideNodePoolUpgrade,
  type NodePoolOperation,
  startNodePoolUpgrade,
} from "../../src/node-pool/upgrade.ts";
import { poolNodes } from "../../src/node-pool/view.ts";
import type { ProviderCommand } from "../../src/provider/commands.ts";
import {
  createSim,
  type SimConfig,
  type SimFault,
  simAdvance,
  simNextEventAt,
  simSubmit,
} from "../../src/provider/sim/index.ts";
import { poolOf, T0, TARGET, zoneSizes } from "./driver.ts";

/**
 * Runs an upgrade against the simulated provider until neither side has anything left
 * (or `until`). `rival` is another pool in the same zone that keeps asking for a node,
 * every 5 s, until it has one: it takes any capacity the upgrade lets go of.
 */
function runWithSim(
  pool: NodePoolFacts,
  config: SimConfig,
  options: { rival?: string; until?: number } = {},
) {
  const started = startNodePoolUpgrade({ operationId: "op-sim", pool, target: TARGET }, T0);
  if (!started.ok) throw new Error(started.error.detail);
  let sim = createSim(config, T0);
  let decision: Decision<NodePoolOperation> = started.value;
  const commands: ProviderCommand[] = [];
  const sizes: number[] = [];
  let rivalTries = 0;
  let rivalHas = false;
  let rivalAt: number | undefined = options.rival === undefined ? undefined : T0;
  for (let now = T0, steps = 0; steps < 100_000; steps++) {
    commands.push(...decision.commands);
    sim = simSubmit(sim, decision.commands, now);
    if (rivalAt !== undefined && now >= rivalAt && options.rival !== undefined) {
      rivalTries += 1;
      const node = `${options.rival}-node`;
      const create: ProviderCommand = {
        ...{ id: `rival:${rivalTries}`, type: "CREATE_NODE", cluster: "prod-1" },
        ...{ pool: options.rival, zone: "a", node, ...TARGET },
      };
      sim = simSubmit(sim, [create], now);
      rivalAt = now + 5_000;
    }
    sizes.push(zoneSizes(decision.state).a ?? 0);
    const next = earliest(simNextEventAt(sim), decision.wakeAt, rivalAt);
    if (next === undefined || (options.until !== undefined && next > options.until)) break;
    now = next;
    const advanced = simAdvance(sim, now);
    sim = advanced.state;
    for (const event of advanced.events) {
      if (event.type === "COMMAND_SUCCEEDED" && event.commandId.startsWith("rival:")) {
        rivalHas = true;
        rivalAt = undefined;
      }
    }
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
  return { op: decision.state, commands, sizes, rivalHas, sim };
}

/** The first recreate fails once and is retried 30 s later: a gap a rival can use. */
const FIRST_RECREATE_FAILS: SimFault = {
  id: "flaky-create",
  match: { pool: "pool-a", operation: "CREATE_NODE" },
  effect: "FAIL",
  times: 1,
};

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

  it("NUP-4 a node on reserved capacity is recreated into it: a rival pool in the zone never gets it", () => {
    const reserved = poolOf({ a: 3 }, undefined, {
      upgradeStrategy: { maxSurge: 0, maxUnavailable: 1 },
    });
    reserved.nodes = reserved.nodes.map((n) => ({ ...n, reserved: true }));
    const { op, rivalHas, sim } = runWithSim(
      reserved,
      {
        seed: 2,
        capacity: { a: { quotaNodes: 0, reservedNodes: 3, inUse: 3 } },
        faults: [FIRST_RECREATE_FAILS],
      },
      { rival: "batch" },
    );
    expect(op.header.state).toBe("SUCCEEDED");
    expect(op.header.events.some((e) => e.message.startsWith("NUP-6"))).toBe(false);
    expect(rivalHas).toBe(false);
    expect(sim.zones.a).toEqual({ capacity: 3, used: 3 });
  });

  it("NUP-4 capacity not from a reservation is released while the node is recreated: a rival takes it and the recreate waits (NUP-6)", () => {
    const plain = poolOf({ a: 3 }, undefined, {
      upgradeStrategy: { maxSurge: 0, maxUnavailable: 1 },
    });
    const { op, rivalHas } = runWithSim(
      plain,
      { seed: 2, capacity: { a: { quotaNodes: 3, inUse: 3 } }, faults: [FIRST_RECREATE_FAILS] },
      { rival: "batch", until: T0 + 6 * 3_600_000 },
    );
    expect(rivalHas).toBe(true);
    expect(op.header.state).toBe("RUNNING");
    expect(op.header.reason).toMatch(/^NUP-6: no capacity for .* in a/);
    expect(zoneSizes(op).a).toBe(2);
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
