import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import { clusterWithPools, decisions, podsOf, useAutoscalerFixtures } from "./helpers.ts";

useAutoscalerFixtures();

const ZONE = ["europe-west1-b"];
const requests = [{ cpuMillis: 3000, memoryMiB: 256 }];

/** Pods as an agent copies them from Kubernetes pod specs. */
const trainer = {
  name: "trainer-0",
  containers: requests,
  tolerations: [
    { key: "dedicated", operator: "Equal", value: "ml", effect: "NoSchedule" },
    {
      key: "node.kubernetes.io/not-ready",
      operator: "Exists",
      effect: "NoExecute",
      tolerationSeconds: 300,
    },
  ],
  affinity: {
    nodeAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: {
        nodeSelectorTerms: [
          {
            matchExpressions: [{ key: "example.com/accelerated", operator: "In", values: ["yes"] }],
          },
        ],
      },
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
  },
};
const web = {
  name: "web-0",
  labels: { app: "web" },
  containers: requests,
  priorityClassName: "standard",
  topologySpreadConstraints: [
    {
      maxSkew: 1,
      topologyKey: "topology.kubernetes.io/zone",
      whenUnsatisfiable: "ScheduleAnyway",
      labelSelector: { matchLabels: { app: "web" } },
    },
  ],
  affinity: {
    podAntiAffinity: {
      preferredDuringSchedulingIgnoredDuringExecution: [
        {
          weight: 100,
          podAffinityTerm: {
            labelSelector: { matchExpressions: [{ key: "app", operator: "In", values: ["web"] }] },
            topologyKey: "kubernetes.io/hostname",
          },
        },
      ],
    },
  },
};
const napped = {
  name: "batch-0",
  containers: requests,
  nodeSelector: { "cloud.google.com/machine-family": "n4" },
};

describe("Kubernetes pod specs through the API (CA-3, CA-17)", () => {
  it("CA-3 CA-17 real pod specs are accepted; taints, tolerations and required node affinity steer the scale-up; the rest is named as not modelled", async () => {
    await clusterWithPools("k8s-a", {
      ml: {
        zones: ZONE,
        nodeCount: 0,
        labels: { "example.com/accelerated": "yes" },
        taints: [{ key: "dedicated", value: "ml", effect: "NoSchedule" }],
        autoscaling: { enabled: true, minNodes: 0, maxNodes: 3 },
      },
      web: { zones: ZONE, nodeCount: 0, autoscaling: { enabled: true, minNodes: 0, maxNodes: 3 } },
    });
    const pool = await api("GET", "/v1/clusters/k8s-a/node-pools/ml");
    expect(pool.body.taints).toEqual([{ key: "dedicated", value: "ml", effect: "NoSchedule" }]);
    const put = await api("PUT", "/v1/clusters/k8s-a/workloads", {
      body: { pods: [trainer, web, napped] },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const ups = (await decisions("k8s-a")).filter((d) => d.action === "SCALE_UP");
    const ml = ups.find((d) => d.pool === "ml");
    const plain = ups.find((d) => d.pool === "web");
    expect(ml?.delta).toBe(1);
    expect(ml?.reason).toMatch(/1 pod of 3 CPU pending/);
    expect(ml?.reason).toMatch(/not modelled: preferred node affinity \(trainer-0\)/);
    expect(plain?.delta).toBe(1);
    expect(plain?.reason).toMatch(
      /not modelled: preferred pod anti-affinity \(web-0\); topology spread on topology\.kubernetes\.io\/zone \(ScheduleAnyway\) \(web-0\)/,
    );
    // The pod asking for a machine family no pool has: node auto-provisioning is named.
    const noop = (await decisions("k8s-a")).find((d) =>
      /no node pool has cloud\.google\.com\/machine-family=n4 \(batch-0\); node auto-provisioning/.test(
        d.reason,
      ),
    );
    expect(noop?.action).toBe("NOOP");
    expect(noop?.pool).toBeNull();
    // What the agent sent is kept as sent (and valid against /openapi.json).
    const stored = await podsOf("k8s-a");
    expect(stored.find((p) => p.name === "trainer-0")).toMatchObject({
      tolerations: trainer.tolerations,
    });
  });

  it("CA-3 a malformed Kubernetes field is still a 400 naming it", async () => {
    await clusterWithPools("k8s-bad", {
      web: { zones: ZONE, nodeCount: 0, autoscaling: { enabled: true, minNodes: 0, maxNodes: 3 } },
    });
    const res = await api("PUT", "/v1/clusters/k8s-bad/workloads", {
      body: {
        pods: [{ name: "p", containers: requests, tolerations: [{ operator: "Sometimes" }] }],
      },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.errors)).toMatch(/tolerations/);
  });
});
