import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import { clusterWithPools, useAutoscalerFixtures } from "./helpers.ts";

useAutoscalerFixtures();

const template = { containers: [{ cpuMillis: 3000, memoryMiB: 1024 }] };

describe("ProvisioningRequests and compute classes through the API (CA-14, CA-15)", () => {
  it("CA-14 check-capacity only answers; best-effort-atomic is all or nothing; queued-provisioning waits", async () => {
    await clusterWithPools("pr-a", {
      p: {
        zones: ["europe-west1-b"],
        nodeCount: 2,
        autoscaling: { enabled: true, minNodes: 0, maxNodes: 4 },
      },
    });
    const request = (body: Record<string, unknown>) =>
      api("POST", "/v1/clusters/pr-a/provisioning-requests", { body });
    // check-capacity asks whether the pods fit the nodes there are (2 of 4 CPU).
    const fits = await request({
      class: "check-capacity",
      pool: "p",
      podTemplate: template,
      count: 2,
    });
    expect(fits.status, JSON.stringify(fits.body)).toBe(201);
    expect(fits.body).toMatchObject({ class: "check-capacity", state: "CAPACITY_AVAILABLE" });
    const tooBig = await request({
      class: "check-capacity",
      pool: "p",
      podTemplate: template,
      count: 9,
    });
    expect(tooBig.body.state).toBe("CAPACITY_UNAVAILABLE");
    expect(tooBig.body.reason.length).toBeGreaterThan(10);
    // Nothing was provisioned for either.
    const nodes = await api("GET", "/v1/clusters/pr-a/nodes?pool=p");
    expect(nodes.body.items).toHaveLength(2);

    const atomicTooBig = await request({
      class: "best-effort-atomic",
      pool: "p",
      podTemplate: template,
      count: 9,
    });
    expect(atomicTooBig.body.state).toBe("FAILED");
    const atomic = await request({
      class: "best-effort-atomic",
      pool: "p",
      podTemplate: template,
      count: 2,
    });
    expect(atomic.body.state).toBe("PROVISIONED");
    const queued = await request({
      class: "queued-provisioning",
      pool: "p",
      podTemplate: template,
      count: 9,
    });
    expect(queued.body.state).toBe("WAITING");
  });

  it("CA-14 a request for an unknown pool is a 404 and a malformed one a 400", async () => {
    await clusterWithPools("pr-b", { p: { nodeCount: 1 } });
    const missing = await api("POST", "/v1/clusters/pr-b/provisioning-requests", {
      body: { class: "check-capacity", pool: "nope", podTemplate: template, count: 1 },
    });
    expect(missing.status).toBe(404);
    const bad = await api("POST", "/v1/clusters/pr-b/provisioning-requests", {
      body: { class: "eventually", podTemplate: template, count: 0 },
    });
    expect(bad.status).toBe(400);
  });

  it("CA-15 a compute class is stored with its ordered rules and read back; bad rules are a 400", async () => {
    const body = {
      priorities: [
        { machineType: "g2-standard-24", spot: true, accelerator: { type: "nvidia-l4", count: 2 } },
        {
          machineType: "g2-standard-24",
          spot: false,
          accelerator: { type: "nvidia-l4", count: 2 },
        },
      ],
      activeMigration: { optimizeRulePriority: true },
    };
    const created = await api("PUT", "/v1/compute-classes/prefer-l4-spot", { body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const replaced = await api("PUT", "/v1/compute-classes/prefer-l4-spot", { body });
    expect(replaced.status).toBe(200);
    const read = await api("GET", "/v1/compute-classes/prefer-l4-spot");
    expect(read.body).toMatchObject({ name: "prefer-l4-spot", ...body });
    expect((await api("GET", "/v1/compute-classes/none")).status).toBe(404);
    const empty = await api("PUT", "/v1/compute-classes/empty", { body: { priorities: [] } });
    expect(empty.status).toBe(400);
  });
});

describe("compute classes choose the pool (CA-15)", () => {
  it("CA-15 pods of a class grow the pool of its first rule, and fall back to the next rule while that one backs off", async () => {
    await api("PUT", "/v1/compute-classes/spot-first", {
      body: {
        priorities: [
          { machineType: "e2-standard-4", spot: true },
          { machineType: "e2-standard-4" },
        ],
      },
    });
    const pool = (spot: boolean) => ({
      zones: ["europe-west1-b"],
      nodeCount: 0,
      spot,
      computeClass: "spot-first",
      autoscaling: { enabled: true, minNodes: 0, maxNodes: 4 },
    });
    await clusterWithPools("cc-a", { "cc-ondemand": pool(false), "cc-spot": pool(true) });
    const read = await api("GET", "/v1/clusters/cc-a/node-pools/cc-spot");
    expect(read.body.computeClass).toBe("spot-first");
    await api("PUT", "/v1/sim/faults/cc-no-spot", {
      body: { match: { cluster: "cc-a", pool: "cc-spot" }, effect: "QUOTA_EXCEEDED" },
    });
    const classPod = (name: string) => ({
      name,
      containers: [{ cpuMillis: 3000, memoryMiB: 512 }],
      nodeSelector: { "cloud.google.com/compute-class": "spot-first" },
    });
    const put = await api("PUT", "/v1/clusters/cc-a/workloads", {
      body: { pods: [classPod("job-0")] },
    });
    const first = put.body.decisions.find((d: { action: string }) => d.action === "SCALE_UP");
    expect(first?.pool).toBe("cc-spot");
    await api("POST", "/v1/sim/advance", { body: { seconds: 30 } });
    await api("POST", "/v1/clusters/cc-a/autoscaler/evaluate");
    const log = (
      await api("GET", "/v1/clusters/cc-a/autoscaler/decisions?pool=cc-ondemand")
    ).body.items.filter((d: { action: string }) => d.action === "SCALE_UP");
    expect(log).toHaveLength(1);
    await api("DELETE", "/v1/sim/faults/cc-no-spot");
  });
});
