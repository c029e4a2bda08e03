import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resumeClusterUpgrade, startClusterUpgrade } from "../../src/lifecycle/index.ts";
import type { ClusterUpgrade } from "../../src/lifecycle/types.ts";
import type { StrategyType } from "../../src/node-pool/types.ts";
import { SECOND } from "../../src/time/instant.ts";
import { driveCluster, T0, workerPool } from "./driver.ts";
import { adminCluster, request, userCluster } from "./fixtures.ts";

const STRATEGY_TYPES: StrategyType[] = [
  "SURGE",
  "BLUE_GREEN",
  "AUTOSCALED_BLUE_GREEN",
  "SHORT_LIVED",
];

const scenario = fc.record({
  pools: fc.array(fc.constantFrom(...STRATEGY_TYPES), { maxLength: 8 }),
  role: fc.constantFrom("user" as const, "admin" as const, "hybrid" as const),
  useBootstrap: fc.boolean(),
  loadBalancerPool: fc.boolean(),
  // Which first (and second) attempts fail, by step index and pool index.
  failingSteps: fc.uniqueArray(fc.nat(20), { maxLength: 4 }),
  failTwice: fc.boolean(),
  failingPools: fc.uniqueArray(fc.nat(7), { maxLength: 3 }),
  failedHealthChecks: fc.nat(5),
});

describe("cluster upgrade properties", () => {
  it("LIFE-3 VER-8 for any pools, failures and retries: no finished component or pool starts again, worker pools never start before the load-balancer pool is done, status.version changes only on success", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const base = s.role === "user" ? userCluster() : adminCluster({ role: s.role });
        const pools = s.pools.map((type, i) =>
          workerPool(`p${i}`, { a: 1 + (i % 3) }, "1.14.3", {
            upgradeStrategy: { type },
            ...(type === "SHORT_LIVED" ? { flexStart: true } : {}),
            ...(type === "AUTOSCALED_BLUE_GREEN" ? { autoscalingEnabled: true } : {}),
          }),
        );
        const facts = {
          ...base,
          pools,
          ...(s.loadBalancerPool ? {} : { loadBalancerNodes: undefined }),
        };
        const started = startClusterUpgrade(
          request(facts, { useBootstrap: s.useBootstrap && s.role !== "user" }),
          T0,
        );
        if (!started.ok) throw new Error(started.error.detail);
        const stepIds = started.value.state.steps.map((step) => step.id);
        const failing = new Set(s.failingSteps.map((i) => stepIds[i % stepIds.length]));
        const problems: string[] = [];
        const starts = new Map<string, number>();
        const check = (
          op: ClusterUpgrade,
          before: ClusterUpgrade | undefined,
          started: string[],
        ) => {
          for (const id of started) {
            const prior = before?.steps.find((step) => step.id === id);
            if (prior?.status === "DONE") problems.push(`${id} started again after it was done`);
            starts.set(id, (starts.get(id) ?? 0) + 1);
          }
          const lb = op.steps.find((step) => step.id === "load-balancer-node-pool");
          const cp = op.steps.find((step) => step.id === "control-plane-node-pool");
          for (const step of op.steps) {
            if (step.action.type !== "WORKER_POOL" || step.status === "PENDING") continue;
            if (lb !== undefined && lb.status !== "DONE")
              problems.push(`${step.id} before the LB pool`);
            if (cp?.status !== "DONE") problems.push(`${step.id} before the control plane (VER-7)`);
          }
          if (op.state !== "SUCCEEDED" && op.status.version !== "1.14.3") {
            problems.push(`status.version ${op.status.version} while ${op.state}`);
          }
        };
        let previous: ClusterUpgrade | undefined;
        const resumes = Array.from({ length: 12 }, (_, i) => ({
          at: T0 + (i + 1) * 7200 * SECOND,
          label: "resume",
          act: resumeClusterUpgrade,
        }));
        const { op, commands } = driveCluster(started.value, T0, {
          answer: (command, step, nth) => {
            if (command.type === "HEALTH_CHECK") {
              return nth <= s.failedHealthChecks
                ? { ok: false, reason: "HEALTH_CHECK_FAIL" }
                : undefined;
            }
            return failing.has(step) && (nth === 1 || (s.failTwice && nth === 2))
              ? { ok: false, reason: "FAILED" }
              : undefined;
          },
          poolEnd: (pool, nth) =>
            s.failingPools.some((i) => `p${i}` === pool) && nth === 1 ? "FAILED" : "SUCCEEDED",
          script: resumes,
          observe: (current, decision) => {
            const startedNow = [
              ...decision.commands
                .filter((c) => c.type !== "HEALTH_CHECK")
                .map((c) => c.id.split(":")[1] ?? ""),
              ...decision.intents.map((intent) => `pool/${intent.pool}`),
            ];
            check(current, previous, startedNow);
            previous = current;
          },
        });
        expect(problems).toEqual([]);
        expect(op.state).toBe("SUCCEEDED");
        expect(op.status.version).toBe("1.15.11");
        for (const step of op.steps) {
          if (step.action.type === "HEALTH_CHECKS") continue;
          expect(starts.get(step.id) ?? 0, step.id).toBe(
            step.action.type === "SET_SPEC_VERSION" || step.action.type === "SET_STATUS_VERSION"
              ? 0
              : step.attempts,
          );
        }
        expect(new Set(commands.map((c) => c.id)).size).toBe(commands.length);
      }),
      { numRuns: 150 },
    );
  });
});
