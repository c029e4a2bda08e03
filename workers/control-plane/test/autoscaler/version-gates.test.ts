import { describe, expect, it } from "vitest";
import { clusterBody, poolBody } from "../fixtures.ts";
import { api } from "../helpers.ts";
import { evaluate, pods, useAutoscalerFixtures } from "./helpers.ts";

useAutoscalerFixtures();

const ZONES = ["europe-west1-b", "europe-west1-c"];

async function cluster(name: string, version: string, extra: Record<string, unknown> = {}) {
  const res = await api("PUT", `/v1/clusters/${name}`, {
    body: clusterBody({ version, ...extra }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

function putPool(
  clusterName: string,
  pool: string,
  version: string,
  overrides: Record<string, unknown>,
) {
  return api("PUT", `/v1/clusters/${clusterName}/node-pools/${pool}`, {
    body: poolBody({ version, zones: ZONES, ...overrides }),
  });
}

async function putPods(clusterName: string, list: Record<string, unknown>[]) {
  const res = await api("PUT", `/v1/clusters/${clusterName}/workloads`, { body: { pods: list } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { decisions: { action: string; pool: string; reason: string }[] };
}

describe("seed 001 version gates on the node-pool PUT (CA-1, CA-10)", () => {
  it("CA-10 a pool with a location policy on a 1.23 cluster is 422 and not stored; without one it is taken", async () => {
    const v = "1.23.17-gke.8400";
    await cluster("gate-loc", v);
    const refused = await putPool("gate-loc", "p", v, {
      autoscaling: { enabled: true, maxNodes: 4, locationPolicy: "ANY" },
    });
    expect(refused.status).toBe(422);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect(refused.body).toMatchObject({
      rule: "CA-10",
      detail:
        "CA-10: setting a location policy needs control plane 1.24.1-gke.800 or later; the cluster runs 1.23.17-gke.8400",
    });
    expect((await api("GET", "/v1/clusters/gate-loc/node-pools/p")).status).toBe(404);
    const plain = await putPool("gate-loc", "p", v, {
      autoscaling: { enabled: true, maxNodes: 4 },
    });
    expect(plain.status, JSON.stringify(plain.body)).toBe(201);
  });

  it("CA-1 total limits on a 1.23 cluster are 422; on a 1.24 cluster they are taken", async () => {
    const old = "1.23.17-gke.8400";
    await cluster("gate-total-old", old);
    const refused = await putPool("gate-total-old", "p", old, {
      autoscaling: { enabled: true, totalMinNodes: 3, totalMaxNodes: 12 },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.rule).toBe("CA-1");
    expect(refused.body.detail).toMatch(
      /^CA-1: setting total limits .* needs control plane 1\.24\.0/,
    );
    expect((await api("GET", "/v1/clusters/gate-total-old/node-pools/p")).status).toBe(404);
    const v = "1.24.2-gke.300";
    await cluster("gate-total", v);
    const taken = await putPool("gate-total", "p", v, {
      autoscaling: { enabled: true, totalMinNodes: 3, totalMaxNodes: 12 },
    });
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
  });
});

describe("CA-13 a multi-host TPU slice must fit one zone (node-pool PUT)", () => {
  it("CA-13 2 zones × max 32 nodes for the 64-node 16x16 slice is 422 and not stored; max 64 per zone is taken", async () => {
    const tpu = await api("PUT", "/v1/machine-types/ct5lp-hightpu-4t", {
      body: { cpuMillis: 112_000, memoryMiB: 196_608, gpus: 4, pricePerHour: 4.8 },
    });
    expect(tpu.status).toBeLessThan(300);
    const v = "1.33.5-gke.1000";
    await cluster("gate-tpu", v);
    const slice = {
      machineType: "ct5lp-hightpu-4t",
      nodeCount: 0,
      tpu: { topology: "16x16", multiHost: true },
    };
    const split = await putPool("gate-tpu", "tpu", v, {
      ...slice,
      autoscaling: { enabled: true, minNodes: 0, maxNodes: 32 },
    });
    expect(split.status).toBe(422);
    expect(split.headers.get("content-type")).toBe("application/problem+json");
    expect(split.body.rule).toBe("CA-13");
    expect(split.body.detail).toMatch(
      /^CA-13: .*needs 64 nodes in one zone; the per-zone maximum is 32/,
    );
    expect((await api("GET", "/v1/clusters/gate-tpu/node-pools/tpu")).status).toBe(404);
    const spread = await putPool("gate-tpu", "tpu", v, {
      ...slice,
      nodeCount: 32,
      autoscaling: { enabled: true, maxNodes: 64 },
    });
    expect(spread.status).toBe(422);
    expect(spread.body.rule).toBe("CA-13");
    const whole = await putPool("gate-tpu", "tpu", v, {
      ...slice,
      autoscaling: { enabled: true, minNodes: 0, maxNodes: 64 },
    });
    expect(whole.status, JSON.stringify(whole.body)).toBe(201);
  });
});

describe("CA-14 ProvisioningRequest classes by control plane version", () => {
  const template = { containers: [{ cpuMillis: 1000, memoryMiB: 1024 }] };
  const request = (clusterName: string, provisioningClass: string) =>
    api("POST", `/v1/clusters/${clusterName}/provisioning-requests`, {
      body: { class: provisioningClass, podTemplate: template, count: 1 },
    });

  it("CA-14 on a 1.29 Standard cluster queued-provisioning is taken, check-capacity and best-effort-atomic are 422", async () => {
    await cluster("gate-pr", "1.29.1-gke.100");
    const queued = await request("gate-pr", "queued-provisioning");
    expect(queued.status, JSON.stringify(queued.body)).toBe(201);
    const check = await request("gate-pr", "check-capacity");
    expect(check.status).toBe(422);
    expect(check.headers.get("content-type")).toBe("application/problem+json");
    expect(check.body).toMatchObject({
      rule: "CA-14",
      detail:
        "CA-14: a ProvisioningRequest of class check-capacity needs control plane 1.30.2-gke.1468000 or later; the cluster runs 1.29.1-gke.100",
    });
    const atomic = await request("gate-pr", "best-effort-atomic");
    expect(atomic.status).toBe(422);
    expect(atomic.body.detail).toMatch(/1\.31\.27 or later/);
  });

  it("CA-14 on a 1.29 Autopilot cluster queued-provisioning is 422 (Autopilot needs 1.30.3-gke.1451000)", async () => {
    await cluster("gate-pr-auto", "1.29.1-gke.100", { autopilot: true });
    const queued = await request("gate-pr-auto", "queued-provisioning");
    expect(queued.status).toBe(422);
    expect(queued.body.rule).toBe("CA-14");
    expect(queued.body.detail).toMatch(/1\.30\.3-gke\.1451000 or later on Autopilot/);
  });
});

describe("seed 001 version gates held in the decisions (CA-3, CA-5, CA-9)", () => {
  it("CA-9 a dearer pool with an unused reservation goes first from 1.27; on 1.26 the cheaper pool does", async () => {
    const machine = await api("PUT", "/v1/machine-types/n2-gate-4", {
      body: { cpuMillis: 4000, memoryMiB: 16_384, pricePerHour: 0.5 },
    });
    expect(machine.status).toBeLessThan(300);
    const reservation = await api("PUT", "/v1/reservations/gate-res", {
      body: { zone: ZONES[1], machineType: "n2-gate-4", count: 4 },
    });
    expect(reservation.status, JSON.stringify(reservation.body)).toBeLessThan(300);
    const chosen = async (name: string, v: string) => {
      await cluster(name, v);
      const pools = {
        cheap: { zones: [ZONES[0]], nodeCount: 1, autoscaling: { enabled: true, maxNodes: 4 } },
        reserved: {
          machineType: "n2-gate-4",
          nodeCount: 0,
          autoscaling: { enabled: true, maxNodes: 4 },
        },
      };
      for (const [pool, body] of Object.entries(pools)) {
        const res = await putPool(name, pool, v, body);
        expect(res.status, JSON.stringify(res.body)).toBe(201);
      }
      // One 3-CPU pod fits the cheap pool's node; the other needs a new node.
      const put = await putPods(name, pods("web", 2, 3000));
      return put.decisions.find((d) => d.action === "SCALE_UP");
    };
    expect(await chosen("gate-res-old", "1.26.15-gke.100")).toMatchObject({ pool: "cheap" });
    const current = await chosen("gate-res", "1.27.3-gke.100");
    expect(current).toMatchObject({ pool: "reserved" });
    expect(current?.reason).toMatch(/unused reservation/);
  });

  it("CA-5 on a 1.21 cluster with no nodes pending pods add none: the pool's NOOP cites the rule", async () => {
    const v = "1.21.11-gke.1100";
    await cluster("gate-empty", v);
    const pool = await putPool("gate-empty", "p", v, {
      nodeCount: 0,
      autoscaling: { enabled: true, minNodes: 0, maxNodes: 4 },
    });
    expect(pool.status, JSON.stringify(pool.body)).toBe(201);
    await putPods("gate-empty", pods("web", 2, 3000));
    const decided = await evaluate("gate-empty");
    expect(decided.some((d) => d.action === "SCALE_UP")).toBe(false);
    expect(decided.find((d) => d.pool === "p")).toMatchObject({
      action: "NOOP",
      blockedBy: "CA-5",
      reason: expect.stringMatching(
        /the cluster has no nodes, and scaling up a cluster without nodes needs control plane 1\.22\.0/,
      ),
    });
  });

  it("CA-3 on 1.24.5-gke.500 a Local SSD pool at 0 nodes does not scale up: a NOOP cites the rule", async () => {
    const v = "1.24.5-gke.500";
    await cluster("gate-ssd", v);
    const sys = await putPool("gate-ssd", "sys", v, { zones: [ZONES[0]], nodeCount: 1 });
    expect(sys.status, JSON.stringify(sys.body)).toBe(201);
    const ssd = await putPool("gate-ssd", "ssd", v, {
      nodeCount: 0,
      localSsd: true,
      autoscaling: { enabled: true, minNodes: 0, maxNodes: 4 },
    });
    expect(ssd.status, JSON.stringify(ssd.body)).toBe(201);
    expect(ssd.body.localSsd).toBe(true);
    // One 3-CPU pod fits the sys node; the other needs a node of the Local SSD pool.
    await putPods("gate-ssd", pods("web", 2, 3000));
    const decided = await evaluate("gate-ssd");
    expect(decided.some((d) => d.action === "SCALE_UP")).toBe(false);
    expect(decided.find((d) => d.pool === "ssd")).toMatchObject({
      action: "NOOP",
      blockedBy: "CA-3",
      reason: expect.stringMatching(
        /the pool has no nodes, and scaling up from zero nodes a pool with Local SSDs as ephemeral storage needs control plane 1\.24\.5-gke\.600/,
      ),
    });
  });
});
