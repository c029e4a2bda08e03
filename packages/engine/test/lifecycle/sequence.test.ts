import { describe, expect, it } from "vitest";
import { resumeClusterUpgrade, startClusterUpgrade } from "../../src/lifecycle/index.ts";
import type { ClusterFacts, ClusterUpgradeRequest } from "../../src/lifecycle/types.ts";
import { SECOND } from "../../src/time/instant.ts";
import { driveCluster, type LifecycleDriveOptions, T0 } from "./driver.ts";
import { adminCluster, request, userCluster } from "./fixtures.ts";

/**
 * Sequence tests, as for node-pool upgrades: each scenario's readable timeline is
 * compared with its golden file, then replayed under 25 seeded orders of simultaneous
 * answers, where the outcome and the LIFE-3 order must still hold.
 */
interface Scenario {
  name: string;
  facts: ClusterFacts;
  extra?: Partial<ClusterUpgradeRequest>;
  options?: LifecycleDriveOptions;
}

const SCENARIOS: Scenario[] = [
  { name: "user-cluster-two-pools", facts: userCluster() },
  { name: "admin-in-place", facts: adminCluster() },
  {
    name: "hybrid-bootstrap",
    facts: adminCluster({ role: "hybrid" }),
    extra: { useBootstrap: true },
  },
  {
    name: "control-plane-fails-then-resume",
    facts: userCluster(),
    options: {
      answer: (_command, step, nth) =>
        step === "control-plane-node-pool" && nth === 1
          ? { ok: false, reason: "FAILED" }
          : undefined,
      script: [{ at: T0 + 1800 * SECOND, label: "resume", act: resumeClusterUpgrade }],
    },
  },
];

function run(scenario: Scenario, tieSeed?: number) {
  const started = startClusterUpgrade(request(scenario.facts, scenario.extra), T0);
  if (!started.ok) throw new Error(started.error.detail);
  const order: string[] = [];
  const result = driveCluster(started.value, T0, {
    ...scenario.options,
    reload: true,
    ...(tieSeed === undefined ? {} : { tieSeed }),
    observe: (op) => {
      const lb = op.steps.find((s) => s.id === "load-balancer-node-pool");
      for (const s of op.steps) {
        if (
          s.action.type === "WORKER_POOL" &&
          s.status !== "PENDING" &&
          lb &&
          lb.status !== "DONE"
        ) {
          order.push(`${s.id} before the load-balancer pool`);
        }
      }
    },
  });
  return { ...result, order };
}

describe("cluster upgrade sequences", () => {
  for (const scenario of SCENARIOS) {
    it(`LIFE-3 LIFE-5 ${scenario.name}: the timeline matches its golden file`, async () => {
      const { log, op, refusals } = run(scenario);
      expect(refusals).toEqual([]);
      expect(op.state).toBe("SUCCEEDED");
      await expect(`${log.join("\n")}\n`).toMatchFileSnapshot(
        `./__golden__/${scenario.name}.timeline`,
      );
    });

    it(`LIFE-3 ${scenario.name}: 25 seeded orders of simultaneous answers all succeed in LIFE-3 order`, () => {
      for (let seed = 1; seed <= 25; seed++) {
        const { op, order, commands } = run(scenario, seed);
        expect(op.state, `seed ${seed}`).toBe("SUCCEEDED");
        expect(order, `seed ${seed}`).toEqual([]);
        expect(new Set(commands.map((c) => c.id)).size, `seed ${seed}`).toBe(commands.length);
      }
    });
  }
});
