import { describe, expect, it } from "vitest";
import { bindableNodes, evaluateCluster, placePods } from "../../src/index.ts";
import { input, node, pod, pool, T0 } from "./fixtures.ts";

const web = pool("web");

describe("pods pinned to a node the cluster does not have (CA-3)", () => {
  it("CA-3 a pod naming a node of another cluster, or a gone one, is pending: it triggers a scale up and the decision names the node", () => {
    const d = evaluateCluster(
      input({
        pools: [web],
        nodes: [node("web-1", "web")],
        pods: [
          pod("busy", 3500, 256, { node: "web-1" }),
          pod("stray", 3000, 256, { node: "other-cluster-node-7" }),
        ],
      }),
      T0,
    );
    const up = d.actions.find((a) => a.type === "SCALE_UP");
    expect(up).toMatchObject({ pool: "web", pods: ["default/stray"] });
    const named = d.records.find((r) => r.pool === null && /other-cluster-node-7/.test(r.reason));
    expect(named?.action).toBe("NOOP");
    expect(named?.reason).toMatch(
      /stray names node other-cluster-node-7, which this cluster does not have .*: it is pending/,
    );
  });

  it("CA-3 the control plane unpins such a pod and binds it like any pending pod on the next pass, not this one", () => {
    const nodes = bindableNodes([node("web-1", "web")], [web]);
    const first = placePods([pod("stray", 100, 64, { node: "ghost" })], nodes);
    expect(first.pods[0]).toMatchObject({ name: "stray", missingNode: "ghost" });
    expect(first.pods[0]?.node).toBeUndefined();
    expect([...first.changed]).toEqual([0]);
    // The pass in between sees it pending, naming the node.
    const pass = evaluateCluster(
      input({ pools: [web], nodes: [node("web-1", "web")], pods: first.pods }),
      T0,
    );
    expect(pass.records.some((r) => /stray names node ghost/.test(r.reason))).toBe(true);
    const second = placePods(first.pods, nodes);
    expect(second.pods[0]).toEqual(pod("stray", 100, 64, { node: "web-1" }));
  });

  it("CA-17 what the agent's Kubernetes pod carried that is not simulated is named in the scale-up", () => {
    const d = evaluateCluster(
      input({
        pools: [web],
        pods: [pod("p", 3000, 256, { notModelled: ["ephemeral-storage requests"] })],
      }),
      T0,
    );
    const record = d.records.find((r) => r.action === "SCALE_UP");
    expect(record?.reason).toMatch(/not modelled: ephemeral-storage requests \(p\)/);
  });
});
