import { describe, expect, it } from "vitest";
import { type PlannedCluster, planRollout } from "../../src/plan/index.ts";
import { initialGroupState } from "../../src/sequencing/machine.ts";
import type { GroupFacts } from "../../src/sequencing/types.ts";
import { DAY, SECOND } from "../../src/time/instant.ts";
import { cluster, R25, T0 } from "../sequencing/driver.ts";

const OLD = "1.21.11-gke.1100";
const NEW = "1.21.14-gke.4300";
const SIM = { seed: 1, jitter: 0 };

function planned(name: string): PlannedCluster {
  return {
    facts: {
      cluster: name,
      role: "user",
      version: OLD,
      catalogue: [OLD, NEW],
      controlPlaneNodes: 3,
      pools: [
        {
          cluster: name,
          pool: "np",
          controlPlaneVersion: OLD,
          nodes: [{ name: `${name}-np-0`, zone: "z-a", version: OLD, nodeImage: "cos-105" }],
        },
      ],
    },
    pools: [{ name: "np", nodeImage: "cos-105" }],
  };
}

function group(name: string, clusters: string[], up?: string, down?: string): GroupFacts {
  return {
    group: name,
    kind: "FLEET",
    ...(up ? { upstream: up } : {}),
    ...(down ? { downstream: down } : {}),
    defaultSoakSeconds: DAY / SECOND,
    soakOverrides: {},
    targets: { REGULAR: R25 },
    availability: {},
    clusters: clusters.map((c) => cluster(c, OLD)),
  };
}

describe("EXT-6 rollout plans", () => {
  it("EXT-6 a two-group sequence: the downstream's control planes start when the upstream's control-plane soak ends (SEQ-5), nodes follow (SEQ-6), the makespan ends with the last soak", () => {
    const plan = planRollout(
      {
        groups: [
          {
            facts: group("testing", ["t-1", "t-2"], undefined, "prod"),
            state: initialGroupState(),
          },
          { facts: group("prod", ["p-1"], "testing"), state: initialGroupState() },
        ],
        clusters: { "t-1": planned("t-1"), "t-2": planned("t-2"), "p-1": planned("p-1") },
        sim: SIM,
      },
      T0,
    );
    expect(plan.cutoff).toBeUndefined();
    const [testing, prod] = plan.groups;
    const phase = (g: typeof testing, type: string) => g!.upgrades.find((u) => u.type === type)!;
    expect(testing!.upgrades.map((u) => [u.type, u.version, u.state])).toEqual([
      ["CONTROL_PLANE", NEW, "COMPLETE"],
      ["NODE", NEW, "COMPLETE"],
    ]);
    expect(phase(testing, "CONTROL_PLANE").start).toBe(T0);
    expect(phase(testing, "CONTROL_PLANE").soakEnd).toBe(
      phase(testing, "CONTROL_PLANE").soakStart! + DAY,
    );
    expect(phase(prod, "CONTROL_PLANE").start).toBe(phase(testing, "CONTROL_PLANE").soakEnd);
    expect(phase(prod, "NODE").start).toBeGreaterThanOrEqual(phase(testing, "NODE").soakEnd!);
    expect(plan.end).toBe(prod!.end);
    expect(plan.makespanSeconds).toBe((prod!.end! - T0) / SECOND);
    const last = plan.criticalPath.at(-1)!;
    expect(last).toMatchObject({ kind: "soak", name: "prod", until: plan.end });
    expect(plan.criticalPath[0]!.from).toBe(T0);
  });
  it("SEC-3 a sequence plan that runs out of its step budget stops there and says so", () => {
    const input = {
      groups: [
        { facts: group("testing", ["t-1", "t-2"], undefined, "prod"), state: initialGroupState() },
        { facts: group("prod", ["p-1"], "testing"), state: initialGroupState() },
      ],
      clusters: { "t-1": planned("t-1"), "t-2": planned("t-2"), "p-1": planned("p-1") },
      sim: SIM,
    };
    expect(planRollout(input, T0).cutoff).toBeUndefined();
    const cut = planRollout({ ...input, stepBudget: 2 }, T0);
    expect(cut.cutoff?.reason).toMatch(/^SEC-3: the plan stopped after its budget of 2 steps/);
    expect(cut.cutoff!.at).toBeGreaterThan(T0);
  });
});
