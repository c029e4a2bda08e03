import { describe, expect, it } from "vitest";
import {
  type AutoscalerDecision,
  evaluateCluster,
  hasFeature,
  type ProvisioningRequest,
  VERSION_GATES,
  validateAutoscaling,
  validateProvisioningClass,
} from "../../src/index.ts";
import { CURRENT, input, node, pods, pool, T0, ZONES } from "./fixtures.ts";

const [A, B] = ZONES as [string, string, string];
const at = (controlPlaneVersion: string) => ({ controlPlaneVersion });
const ups = (d: AutoscalerDecision) => d.actions.filter((a) => a.type === "SCALE_UP");
const onDemand = { machineType: "e2-standard-4", zones: ZONES };

describe("seed 001 version gates", () => {
  it("CA-1 total limits need control plane 1.24: refused on 1.23, taken on any 1.24 build", () => {
    const total = {
      ...onDemand,
      autoscaling: { enabled: true, totalMinNodes: 3, totalMaxNodes: 12 },
    };
    expect(validateAutoscaling(total, at("1.23.17-gke.8400"))).toEqual({
      ok: false,
      error: {
        rule: "CA-1",
        kind: "refused",
        detail:
          "CA-1: setting total limits (totalMinNodes/totalMaxNodes) needs control plane 1.24.0 or later; the cluster runs 1.23.17-gke.8400",
      },
    });
    expect(validateAutoscaling(total, at("1.24.0-gke.100")).ok).toBe(true);
    const perZone = { ...onDemand, autoscaling: { enabled: true, minNodes: 1, maxNodes: 4 } };
    expect(validateAutoscaling(perZone, at("1.21.14-gke.4300")).ok).toBe(true);
  });

  it("CA-10 a location policy needs control plane 1.24.1-gke.800; without one the defaults apply on older clusters", () => {
    const any = { ...onDemand, autoscaling: { enabled: true, locationPolicy: "ANY" as const } };
    expect(validateAutoscaling(any, at("1.24.1-gke.700"))).toMatchObject({
      ok: false,
      error: { rule: "CA-10", kind: "refused", detail: expect.stringMatching(/1\.24\.1-gke\.800/) },
    });
    expect(validateAutoscaling(any, at("1.24.1-gke.800")).ok).toBe(true);
    const none = { ...onDemand, spot: true, autoscaling: { enabled: true, maxNodes: 4 } };
    expect(validateAutoscaling(none, at("1.23.8-gke.1900")).ok).toBe(true);
  });

  it("CA-14 each ProvisioningRequest class needs its control plane, Autopilot's own for queued-provisioning", () => {
    const standard = (v: string) => ({ controlPlaneVersion: v, autopilot: false });
    const autopilot = (v: string) => ({ controlPlaneVersion: v, autopilot: true });
    expect(
      validateProvisioningClass(standard("1.28.3-gke.1097999"), "queued-provisioning"),
    ).toMatchObject({
      ok: false,
      error: { rule: "CA-14", kind: "refused" },
    });
    expect(
      validateProvisioningClass(standard("1.28.3-gke.1098000"), "queued-provisioning").ok,
    ).toBe(true);
    expect(validateProvisioningClass(autopilot("1.29.1-gke.100"), "queued-provisioning")).toEqual({
      ok: false,
      error: {
        rule: "CA-14",
        kind: "refused",
        detail:
          "CA-14: a ProvisioningRequest of class queued-provisioning needs control plane 1.30.3-gke.1451000 or later on Autopilot; the cluster runs 1.29.1-gke.100",
      },
    });
    expect(
      validateProvisioningClass(autopilot("1.30.3-gke.1451000"), "queued-provisioning").ok,
    ).toBe(true);
    expect(validateProvisioningClass(standard("1.30.2-gke.1467000"), "check-capacity").ok).toBe(
      false,
    );
    expect(validateProvisioningClass(standard("1.30.2-gke.1468000"), "check-capacity").ok).toBe(
      true,
    );
    expect(
      validateProvisioningClass(standard("1.31.26-gke.100"), "best-effort-atomic"),
    ).toMatchObject({ ok: false, error: { rule: "CA-14" } });
    expect(validateProvisioningClass(standard("1.31.27-gke.100"), "best-effort-atomic").ok).toBe(
      true,
    );
  });

  it("CA-9 below 1.27 unused reservations do not put a dearer pool first; from 1.27 they always do", () => {
    const reserved = pool("reserved", {
      machine: { machineType: "n2-standard-4", cpuMillis: 4000, memoryMiB: 16384, pricePerHour: 2 },
      reservations: { [B]: 5 },
    });
    const parts = { pools: [pool("cheap"), reserved], pods: pods("p", 2, 3500) };
    const old = evaluateCluster(input({ ...parts, cluster: at("1.26.15-gke.100") }), T0);
    expect(ups(old)).toMatchObject([{ pool: "cheap" }]);
    expect(old.notes).toContain(
      "CA-9: reservations of reserved not weighed: weighing unused reservations in scale up needs control plane 1.27.0 or later; the cluster runs 1.26.15-gke.100",
    );
    const now = evaluateCluster(input({ ...parts, cluster: at("1.27.0-gke.100") }), T0);
    expect(ups(now)).toMatchObject([{ pool: "reserved", zones: { [B]: 2 } }]);
  });

  it("CA-3 below 1.24.5-gke.600 a Local SSD pool at 0 nodes does not scale up: a NOOP says why", () => {
    const ssd = pool("ssd", { localSsd: true });
    const other = node("sys-0", "sys");
    const parts = {
      pools: [ssd, pool("sys", { autoscaling: { enabled: false } })],
      nodes: [other],
    };
    const d = evaluateCluster(
      input({ ...parts, pods: pods("p", 2, 3500), cluster: at("1.24.5-gke.500") }),
      T0,
    );
    expect(ups(d)).toEqual([]);
    expect(d.records.find((r) => r.pool === "ssd")).toMatchObject({
      action: "NOOP",
      blockedBy: "CA-3",
      reason:
        "pending pods could use it but the pool has no nodes, and scaling up from zero nodes a pool with Local SSDs as ephemeral storage needs control plane 1.24.5-gke.600 or later; the cluster runs 1.24.5-gke.500",
    });
    const fixed = evaluateCluster(
      input({ ...parts, pods: pods("p", 2, 3500), cluster: at("1.24.5-gke.600") }),
      T0,
    );
    // One pod takes the room left on sys-0; the other needs a Local SSD node.
    expect(ups(fixed)).toMatchObject([{ pool: "ssd", delta: 1 }]);
  });

  it("CA-3 below 1.24.5-gke.600 a Local SSD pool that has nodes still grows", () => {
    const ssd = pool("ssd", { localSsd: true });
    const busy = pods("busy", 1, 3500).map((p) => ({ ...p, node: "ssd-0" }));
    const d = evaluateCluster(
      input({
        pools: [ssd],
        nodes: [node("ssd-0", "ssd", A)],
        pods: [...busy, ...pods("p", 1, 3500)],
        cluster: at("1.24.5-gke.500"),
      }),
      T0,
    );
    expect(ups(d)).toMatchObject([{ pool: "ssd", delta: 1 }]);
  });

  it("CA-5 below 1.22 an empty cluster (no nodes) does not scale up any pool; from 1.22 it does", () => {
    const parts = { pools: [pool("web"), pool("batch")], pods: pods("p", 2, 3500) };
    const old = evaluateCluster(input({ ...parts, cluster: at("1.21.14-gke.4300") }), T0);
    expect(ups(old)).toEqual([]);
    for (const name of ["web", "batch"]) {
      expect(old.records.find((r) => r.pool === name)).toMatchObject({
        action: "NOOP",
        blockedBy: "CA-5",
        reason: expect.stringMatching(
          /the cluster has no nodes, and scaling up a cluster without nodes needs control plane 1\.22\.0 or later; the cluster runs 1\.21\.14-gke\.4300/,
        ),
      });
    }
    const withANode = evaluateCluster(
      input({ ...parts, nodes: [node("web-0", "web", A)], cluster: at("1.21.14-gke.4300") }),
      T0,
    );
    expect(ups(withANode).length).toBeGreaterThan(0);
    const current = evaluateCluster(input({ ...parts, cluster: at("1.22.0-gke.100") }), T0);
    expect(ups(current).length).toBeGreaterThan(0);
  });

  it("CA-5 below 1.22 an empty cluster's ProvisioningRequest waits, held by the same gate", () => {
    const request: ProvisioningRequest = {
      name: "job",
      class: "queued-provisioning",
      pool: "web",
      podTemplate: { controller: "Job", containers: [{ cpuMillis: 3500, memoryMiB: 1024 }] },
      count: 2,
    };
    const d = evaluateCluster(
      input({
        pools: [pool("web")],
        provisioningRequests: [request],
        cluster: at("1.21.14-gke.4300"),
      }),
      T0,
    );
    expect(d.provisioning).toMatchObject([{ state: "WAITING", nodes: 0 }]);
    expect(d.provisioning[0]?.reason).toMatch(/the cluster has no nodes/);
  });

  it("CA-8 and CA-7 read the same gate table: 1 hour of grace from 1.32.7-gke.1079000, local storage from 1.22", () => {
    expect(VERSION_GATES.longGracefulTermination).toMatchObject({
      rule: "CA-8",
      since: "1.32.7-gke.1079000",
    });
    expect(hasFeature(at("1.21.14-gke.4300"), "localStorageEviction")).toBe(false);
    expect(hasFeature(at("1.22.0"), "localStorageEviction")).toBe(true);
    expect(hasFeature(CURRENT, "reservations")).toBe(true);
  });
});

describe("CA-13 a multi-host TPU slice must fit one zone", () => {
  const tpu = (zones: string[], autoscaling: Record<string, number>, nodeCount?: number) => ({
    machineType: "ct5lp-hightpu-4t",
    zones,
    tpu: { topology: "16x16", multiHost: true },
    autoscaling: { enabled: true, ...autoscaling },
    ...(nodeCount === undefined ? {} : { nodeCount }),
  });

  it("CA-13 2 zones × max 32 nodes cannot hold the 64-node 16x16 slice in one zone: refused", () => {
    expect(validateAutoscaling(tpu([A, B], { minNodes: 0, maxNodes: 32 }), CURRENT)).toEqual({
      ok: false,
      error: {
        rule: "CA-13",
        kind: "refused",
        detail:
          "CA-13: a multi-host slice of 16x16 needs 64 nodes in one zone; the per-zone maximum is 32 (over 2 zones: 64 nodes, never one whole slice)",
      },
    });
    expect(validateAutoscaling(tpu([A, B], { minNodes: 0, maxNodes: 64 }), CURRENT).ok).toBe(true);
    expect(validateAutoscaling(tpu([A], { minNodes: 0, maxNodes: 64 }), CURRENT).ok).toBe(true);
  });

  it("CA-13 a total maximum below the slice is refused too", () => {
    expect(validateAutoscaling(tpu([A, B], { totalMaxNodes: 63 }), CURRENT)).toMatchObject({
      ok: false,
      error: { rule: "CA-13", detail: expect.stringMatching(/needs 64 nodes; the maximum is 63/) },
    });
    expect(validateAutoscaling(tpu([A, B], { totalMaxNodes: 64 }), CURRENT).ok).toBe(true);
  });

  it("CA-13 a per-zone minimum or size that spreads the slice over zones is refused; one zone holding it is taken", () => {
    expect(validateAutoscaling(tpu([A, B], { minNodes: 32, maxNodes: 64 }), CURRENT)).toMatchObject(
      {
        ok: false,
        error: {
          rule: "CA-13",
          detail: expect.stringMatching(/minimum of 32 per zone over 2 zones/),
        },
      },
    );
    expect(validateAutoscaling(tpu([A], { minNodes: 64, maxNodes: 64 }), CURRENT).ok).toBe(true);
    expect(validateAutoscaling(tpu([A, B], { maxNodes: 64 }, 32), CURRENT)).toMatchObject({
      ok: false,
      error: {
        rule: "CA-13",
        detail: expect.stringMatching(/32 per zone over 2 zones \(64 nodes\)/),
      },
    });
    expect(validateAutoscaling(tpu([A], { maxNodes: 64 }, 64), CURRENT).ok).toBe(true);
    expect(
      validateAutoscaling(tpu([A, B], { totalMinNodes: 64, totalMaxNodes: 64 }), CURRENT).ok,
    ).toBe(true);
  });
});
