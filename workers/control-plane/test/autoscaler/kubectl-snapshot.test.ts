import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import { clusterWithPools, decisions, podsOf, useAutoscalerFixtures } from "./helpers.ts";
import { kubectlList } from "./kubectl-list.ts";

useAutoscalerFixtures();

const autoscaled = { nodeCount: 1, autoscaling: { enabled: true, minNodes: 0, maxNodes: 3 } };
const NODE_B = "kubectl-web-europe-west1-b-0000";
const NODE_C = "kubectl-web-europe-west1-c-0000";

type Listed = Awaited<ReturnType<typeof podsOf>>[number] & Record<string, unknown>;

async function listed(cluster: string): Promise<Map<string, Listed>> {
  return new Map((await podsOf(cluster)).map((p) => [p.name, p as Listed]));
}

describe("PUT …/workloads takes what `kubectl get pods,pdb -A -o json` prints (CA-2, CA-7)", () => {
  it("CA-2 CA-7 a kubectl List: requests from quantities, the controller from ownerReferences, a bare pod keeps its node, finished pods and unknown fields left out", async () => {
    await clusterWithPools("kubectl", { web: autoscaled });
    const put = await api("PUT", "/v1/clusters/kubectl/workloads", { body: kubectlList });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    // Six pods, one of them Succeeded; one PDB.
    expect(put.body).toMatchObject({ complete: true, pods: 5, pdbs: 1 });

    const pods = await listed("kubectl");
    expect([...pods.keys()].sort()).toEqual([
      "db-0",
      "debug-shell",
      "fluentbit-x7k2p",
      "web-7d4b9c5f8-abcde",
      "web-7d4b9c5f8-fghij",
    ]);
    // CA-2: "250m" → 250, "128Mi" → 128, "0.5" → 500; "500M" → 477 MiB and "1e9" bytes
    // (a limit standing for its missing request) → 954 MiB, rounded up.
    expect(pods.get("web-7d4b9c5f8-abcde")).toMatchObject({
      namespace: "shop",
      node: NODE_B,
      controller: "ReplicaSet",
      containers: [{ cpuMillis: 250, memoryMiB: 128 }],
      initContainers: [{ cpuMillis: 500, memoryMiB: 64 }],
      labels: { app: "web", "pod-template-hash": "7d4b9c5f8" },
      // Only the annotations the autoscaler reads are kept.
      annotations: { "cluster-autoscaler.kubernetes.io/safe-to-evict": "true" },
      daemonSet: false,
      localStorage: false,
    });
    expect(pods.get("debug-shell")).toMatchObject({
      namespace: "default",
      node: NODE_B,
      controller: null,
      containers: [{ cpuMillis: 100, memoryMiB: 477 }],
      localStorage: true,
    });
    expect(pods.get("fluentbit-x7k2p")).toMatchObject({
      namespace: "kube-system",
      controller: "DaemonSet",
      daemonSet: true,
      priority: 2_000_001_000,
      priorityClassName: "system-node-critical",
      localStorage: true,
      containers: [{ cpuMillis: 100, memoryMiB: 200 }],
    });
    expect(pods.get("db-0")).toMatchObject({
      controller: "StatefulSet",
      node: NODE_C,
      priority: 1000,
      containers: [{ cpuMillis: 1000, memoryMiB: 2048 }],
    });
    // Nothing kubectl printed beyond what the pod form has is stored or listed.
    expect(Object.keys(pods.get("db-0") ?? {})).not.toContain("status");

    const all = await decisions("kubectl");
    // CA-2: the pending pod's 3.5 CPU fits neither node (4 CPU, 250 m and 1 CPU taken).
    const up = all.find((d) => d.action === "SCALE_UP");
    expect(up?.reason).toMatch(/^1 pod of 3\.5 CPU pending; pool web chosen/);
    expect(up?.reason).toMatch(
      /not modelled: ephemeral-storage requests \(shop\/web-7d4b9c5f8-fghij\)/,
    );
    // CA-7: the bare pod keeps its node, the PDB keeps db-0's.
    const reasons = (node: string) =>
      all
        .filter((d) => d.nodes?.includes(node))
        .map((d) => d.reason)
        .join("\n");
    expect(reasons(NODE_B)).toMatch(/debug-shell has no controller/);
    expect(reasons(NODE_C)).toMatch(/db-0/);
  });

  it("CA-7 a PodList (items without kind, as the API server lists them) is a whole snapshot too; a pod with no controller owner is bare", async () => {
    await clusterWithPools("kubectl-podlist", { web: autoscaled });
    const pod = {
      metadata: {
        name: "solo",
        namespace: "tools",
        ownerReferences: [{ apiVersion: "v1", kind: "Node", name: "n", uid: "u" }],
      },
      spec: { containers: [{ name: "c", resources: { requests: { cpu: 1, memory: "1Gi" } } }] },
    };
    const put = await api("PUT", "/v1/clusters/kubectl-podlist/workloads", {
      body: { apiVersion: "v1", kind: "PodList", metadata: {}, items: [pod] },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ pods: 1, pdbs: 0 });
    expect((await listed("kubectl-podlist")).get("solo")).toMatchObject({
      namespace: "tools",
      controller: null,
      containers: [{ cpuMillis: 1000, memoryMiB: 1024 }],
    });
  });

  it("CA-2 CA-7 invalid values of the fields the autoscaler reads are 422 problems naming their JSON path; unknown fields are not", async () => {
    await clusterWithPools("kubectl-bad", { web: autoscaled });
    const [first] = kubectlList.items;
    const withRequests = (requests: Record<string, unknown>) => ({
      kind: "List",
      items: [
        {
          ...first,
          spec: { ...first?.spec, containers: [{ name: "main", resources: { requests } }] },
        },
      ],
    });
    const cases: [unknown, string, string][] = [
      [
        withRequests({ cpu: "250x" }),
        "CA-2",
        "json.items.0.spec.containers.0.resources.requests.cpu",
      ],
      [
        withRequests({ memory: "-1Gi" }),
        "CA-2",
        "json.items.0.spec.containers.0.resources.requests.memory",
      ],
      [
        withRequests({ "nvidia.com/gpu": "0.5" }),
        "CA-2",
        "json.items.0.spec.containers.0.resources.requests.nvidia.com/gpu",
      ],
      [
        {
          kind: "List",
          items: [
            {
              kind: "PodDisruptionBudget",
              metadata: { name: "p", namespace: "shop" },
              spec: {
                maxUnavailable: "25%",
                selector: { matchExpressions: [{ key: "app", operator: "NotIn", values: ["x"] }] },
              },
            },
          ],
        },
        "CA-7",
        "json.items.0.spec.selector.matchExpressions.0",
      ],
    ];
    for (const [body, rule, path] of cases) {
      const res = await api("PUT", "/v1/clusters/kubectl-bad/workloads", { body });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
      expect(res.body.rule).toBe(rule);
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    // A malformed field that is not a rule's is a 400, still with the Kubernetes path.
    const noContainers = await api("PUT", "/v1/clusters/kubectl-bad/workloads", {
      body: {
        kind: "List",
        items: [{ kind: "Pod", metadata: { name: "p" }, spec: { containers: [] } }],
      },
    });
    expect(noContainers.status).toBe(400);
    expect(noContainers.body.detail).toMatch(/json\.items\.0\.spec\.containers/);
    // A short-form error still names the short form's path, not the union's.
    const short = await api("PUT", "/v1/clusters/kubectl-bad/workloads", {
      body: { pods: [{ name: "x", containers: [] }] },
    });
    expect(short.status).toBe(400);
    expect(short.body.detail).toMatch(/json\.pods\.0\.containers/);
    // Nothing was stored by any of them.
    expect(await podsOf("kubectl-bad")).toEqual([]);
    // kubectl's other kinds are not part of a workload snapshot.
    const service = await api("PUT", "/v1/clusters/kubectl-bad/workloads", {
      body: { kind: "List", items: [{ kind: "Service", metadata: { name: "s" } }] },
    });
    expect(service.status).toBe(400);
    expect(service.body.detail).toMatch(/json\.items\.0\.kind/);
  });

  it("CA-2 a kubectl List is one whole snapshot: over 1 MB of it is taken (up to 8 MB), over 5,000 unfinished pods or a part is not", async () => {
    await clusterWithPools("kubectl-big", { web: autoscaled });
    const [template] = kubectlList.items;
    const many = (count: number) => ({
      apiVersion: "v1",
      kind: "List",
      items: Array.from({ length: count }, (_, i) => ({
        ...template,
        metadata: { ...template?.metadata, name: `web-${i}` },
        spec: { ...template?.spec, nodeName: undefined },
      })),
    });
    const big = many(600);
    expect(JSON.stringify(big).length).toBeGreaterThan(1024 * 1024);
    const put = await api("PUT", "/v1/clusters/kubectl-big/workloads", { body: big });
    expect(put.status, JSON.stringify(put.body).slice(0, 300)).toBe(200);
    expect(put.body.pods).toBe(600);
    const small = (count: number) => ({
      kind: "PodList",
      items: Array.from({ length: count }, (_, i) => ({
        metadata: { name: `p-${i}` },
        spec: { containers: [{ resources: { requests: { cpu: "1m" } } }] },
      })),
    });
    const over = await api("PUT", "/v1/clusters/kubectl-big/workloads", { body: small(5001) });
    expect(over.status).toBe(400);
    expect(over.body.detail).toMatch(/at most 5000 pods/);
    const parted = await api("PUT", "/v1/clusters/kubectl-big/workloads", {
      body: { ...small(1), part: { snapshot: "s", index: 0, count: 2 } },
    });
    expect(parted.status).toBe(400);
    expect(parted.body.detail).toMatch(/json\.part: a Kubernetes List is one whole snapshot/);
    expect(await podsOf("kubectl-big")).toHaveLength(600);
  });
});
