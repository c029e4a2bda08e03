import { describe, expect, it } from "vitest";
import { evaluateCluster, type ProvisioningRequest } from "../../src/index.ts";
import { input, node, pod, pool, T0 } from "./fixtures.ts";

const template = { controller: "Job", containers: [{ cpuMillis: 3500, memoryMiB: 1024 }] };

function request(over: Partial<ProvisioningRequest>): ProvisioningRequest {
  return {
    name: "job",
    class: "best-effort-atomic",
    pool: "batch",
    podTemplate: template,
    count: 4,
    ...over,
  };
}

describe("provisioning requests", () => {
  const batch = pool("batch", {
    autoscaling: { enabled: true, totalMinNodes: 0, totalMaxNodes: 5 },
  });

  it("CA-14 best-effort-atomic provisions all pods' nodes of one pool together", () => {
    const d = evaluateCluster(input({ pools: [batch], provisioningRequests: [request({})] }), T0);
    expect(d.provisioning).toMatchObject([
      { name: "job", state: "PROVISIONED", pool: "batch", nodes: 4 },
    ]);
    expect(d.actions).toMatchObject([{ type: "SCALE_UP", pool: "batch", delta: 4 }]);
  });

  it("CA-14 best-effort-atomic provisions nothing when not every pod fits", () => {
    const d = evaluateCluster(
      input({ pools: [batch], provisioningRequests: [request({ count: 6 })] }),
      T0,
    );
    expect(d.provisioning).toMatchObject([{ state: "FAILED", nodes: 0 }]);
    expect(d.provisioning[0]?.reason).toMatch(/all or nothing, and only 5 of 6 pods fit/);
    expect(d.actions).toEqual([]);
  });

  it("CA-14 queued-provisioning waits until all capacity can be had, then provisions", () => {
    const full = {
      ...batch,
      zoneCapacity: { "us-central1-a": 1, "us-central1-b": 1, "us-central1-c": 1 },
    };
    const waiting = evaluateCluster(
      input({ pools: [full], provisioningRequests: [request({ class: "queued-provisioning" })] }),
      T0,
    );
    expect(waiting.provisioning).toMatchObject([{ state: "WAITING", nodes: 0 }]);
    expect(waiting.actions).toEqual([]);
    const freed = evaluateCluster(
      input({
        pools: [batch],
        provisioningRequests: [request({ class: "queued-provisioning", state: "WAITING" })],
      }),
      T0,
    );
    expect(freed.provisioning).toMatchObject([{ state: "PROVISIONED", nodes: 4 }]);
  });

  it("CA-14 check-capacity only answers whether the pods fit; it never adds nodes", () => {
    const nodes = [node("b-1", "batch"), node("b-2", "batch")];
    const yes = evaluateCluster(
      input({
        pools: [batch],
        nodes,
        provisioningRequests: [request({ class: "check-capacity", count: 2 })],
      }),
      T0,
    );
    expect(yes.provisioning).toMatchObject([{ state: "CAPACITY_AVAILABLE" }]);
    const no = evaluateCluster(
      input({
        pools: [batch],
        nodes,
        provisioningRequests: [request({ class: "check-capacity", count: 3 })],
      }),
      T0,
    );
    expect(no.provisioning).toMatchObject([{ state: "CAPACITY_UNAVAILABLE" }]);
    expect(no.actions.filter((a) => a.type === "SCALE_UP")).toEqual([]);
  });

  it("CA-14 a request without a pool gets one pool, chosen as scale up chooses (CA-9)", () => {
    const spot = pool("spot", {
      spot: true,
      machine: {
        machineType: "e2-standard-4",
        cpuMillis: 4000,
        memoryMiB: 16384,
        pricePerHour: 1,
        spotPricePerHour: 0.2,
      },
    });
    const d = evaluateCluster(
      input({ pools: [batch, spot], provisioningRequests: [request({ pool: undefined })] }),
      T0,
    );
    expect(d.provisioning).toMatchObject([{ state: "PROVISIONED", pool: "spot" }]);
    expect(d.actions.map((a) => a.pool)).toEqual(["spot"]);
  });

  it("CA-14 settled requests are not looked at again", () => {
    const d = evaluateCluster(
      input({
        pools: [batch],
        provisioningRequests: [request({ state: "PROVISIONED" })],
        pods: [pod("x", 100, 64, { node: undefined })],
      }),
      T0,
    );
    expect(d.provisioning).toEqual([]);
  });
});
