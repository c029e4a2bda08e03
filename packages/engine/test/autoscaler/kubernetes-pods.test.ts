import { describe, expect, it } from "vitest";
import {
  type AutoscalerDecision,
  type AutoscalerPod,
  bindableNodes,
  evaluateCluster,
  placePods,
  type ScaleUpAction,
} from "../../src/index.ts";
import { input, node, pod, pods, pool, T0, ZONES } from "./fixtures.ts";

const [A, B] = ZONES as [string, string, string];

function ups(d: AutoscalerDecision): ScaleUpAction[] {
  return d.actions.filter((a): a is ScaleUpAction => a.type === "SCALE_UP");
}

const tainted = pool("ml", {
  machine: { machineType: "e2-standard-4", cpuMillis: 4000, memoryMiB: 16384, pricePerHour: 0.5 },
  taints: [{ key: "dedicated", value: "ml", effect: "NoSchedule" }],
});
const plain = pool("web");
const tolerating: Partial<AutoscalerPod> = {
  tolerations: [{ key: "dedicated", operator: "Equal", value: "ml", effect: "NoSchedule" }],
};

describe("Kubernetes pod specs (CA-3, CA-17)", () => {
  it("CA-3 a tainted pool takes only pods that tolerate its NoSchedule taint, however cheap it is", () => {
    const d = evaluateCluster(
      input({
        pools: [tainted, plain],
        pods: [...pods("plain", 2, 3000), ...pods("ml", 2, 3000, 256, tolerating)],
      }),
      T0,
    );
    expect(ups(d).map((u) => [u.pool, u.pods])).toEqual([
      ["ml", ["default/ml-0", "default/ml-1"]],
      ["web", ["default/plain-0", "default/plain-1"]],
    ]);
    // Exists with no key tolerates everything; PreferNoSchedule never keeps a pod away.
    const any = pod("any", 3000, 256, { tolerations: [{ operator: "Exists" }] });
    expect(ups(evaluateCluster(input({ pools: [tainted], pods: [any] }), T0))).toHaveLength(1);
    const soft = pool("soft", { taints: [{ key: "k", effect: "PreferNoSchedule" }] });
    expect(
      ups(evaluateCluster(input({ pools: [soft], pods: pods("p", 1, 3000) }), T0)),
    ).toHaveLength(1);
  });

  it("CA-3 a running tainted node takes only tolerating pods when the control plane binds pending ones", () => {
    const nodes = [node("ml-1", "ml", A)];
    const placed = placePods(
      [pod("plain", 100), pod("ml", 100, 256, tolerating)],
      bindableNodes(nodes, [tainted]),
    );
    expect(placed.pods.map((p) => p.node)).toEqual([undefined, "ml-1"]);
  });

  it("CA-3 required node affinity in Kubernetes' form: any term, all expressions of it, Gt and Lt", () => {
    const gen = (name: string, generation: string) =>
      pool(name, { labels: { "example.com/generation": generation } });
    const affinity = {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [
            {
              matchExpressions: [
                { key: "example.com/generation", operator: "Gt" as const, values: ["3"] },
              ],
            },
            {
              matchExpressions: [
                { key: "topology.kubernetes.io/zone", operator: "In" as const, values: [B] },
                { key: "example.com/generation", operator: "Lt" as const, values: ["2"] },
              ],
            },
          ],
        },
      },
    };
    const choose = (pools: ReturnType<typeof pool>[]) =>
      ups(evaluateCluster(input({ pools, pods: [pod("p", 3000, 256, { affinity })] }), T0)).map(
        (u) => [u.pool, u.zones],
      );
    expect(choose([gen("g3", "3"), gen("g4", "4")])).toEqual([["g4", { [A]: 1 }]]);
    expect(choose([gen("g1", "1"), gen("g3", "3")])).toEqual([["g1", { [B]: 1 }]]);
    expect(choose([gen("g2", "2"), gen("g3", "3")])).toEqual([]);
  });

  it("CA-3 required pod anti-affinity in Kubernetes' form on the hostname topology puts one pod per node", () => {
    const spread = {
      labels: { app: "db" },
      affinity: {
        podAntiAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: [
            {
              labelSelector: {
                matchExpressions: [{ key: "app", operator: "In" as const, values: ["db"] }],
              },
              topologyKey: "kubernetes.io/hostname",
            },
          ],
        },
      },
    };
    const d = evaluateCluster(input({ pools: [plain], pods: pods("db", 3, 500, 256, spread) }), T0);
    expect(ups(d)[0]?.delta).toBe(3);
  });

  it("CA-17 constraints the simulation does not model are named in the scale-up's reason", () => {
    const soft: Partial<AutoscalerPod> = {
      affinity: {
        nodeAffinity: {
          preferredDuringSchedulingIgnoredDuringExecution: [
            {
              weight: 1,
              preference: {
                matchExpressions: [
                  { key: "cloud.google.com/gke-spot", operator: "In", values: ["true"] },
                ],
              },
            },
          ],
        },
        podAntiAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: [
            {
              labelSelector: { matchLabels: { app: "w" } },
              topologyKey: "topology.kubernetes.io/zone",
            },
          ],
        },
      },
      topologySpreadConstraints: [
        {
          maxSkew: 1,
          topologyKey: "topology.kubernetes.io/zone",
          whenUnsatisfiable: "DoNotSchedule",
        },
      ],
    };
    const d = evaluateCluster(input({ pools: [plain], pods: pods("w", 2, 3000, 256, soft) }), T0);
    const reason = d.records.find((r) => r.action === "SCALE_UP")?.reason;
    expect(reason).toMatch(/; not modelled: preferred node affinity \(w-0 \+1 more\)/);
    expect(reason).toMatch(
      /required pod anti-affinity on topology\.kubernetes\.io\/zone \(w-0 \+1 more\)/,
    );
    expect(reason).toMatch(
      /topology spread on topology\.kubernetes\.io\/zone \(DoNotSchedule, which the cluster autoscaler does not support\)/,
    );
  });

  it("CA-17 a pod selecting labels no pool has (node auto-provisioning) is named in the cluster's NOOP", () => {
    const nap = pod("trainer", 3000, 256, {
      nodeSelector: { "cloud.google.com/machine-family": "n4" },
    });
    const d = evaluateCluster(input({ pools: [plain], pods: [nap] }), T0);
    expect(ups(d)).toEqual([]);
    expect(d.records.find((r) => r.pool === null)?.reason).toMatch(
      /^1 pending pod fits no pool that may grow: trainer .*; no node pool has cloud\.google\.com\/machine-family=n4 \(trainer\); node auto-provisioning, which would create one, is not modelled$/,
    );
  });
});
