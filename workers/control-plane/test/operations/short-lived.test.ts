import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import {
  advanceUntil,
  clusterWithPool,
  NEW,
  nodesOf,
  OLD,
  useNodePoolFixtures,
} from "./helpers.ts";

useNodePoolFixtures();

describe("node-pool upgrades through the API: short-lived (NUP-11)", () => {
  it("NUP-11 a short-lived pool has every node on the new config within 7 days and takes no controls", async () => {
    await clusterWithPool("u-short", { nodeCount: 2, zones: ["europe-west1-b"], flexStart: true });
    const started = await api("POST", "/v1/clusters/u-short/node-pools/p/upgrade", { body: {} });
    expect(started.body.strategy).toBe("SHORT_LIVED");
    const refused = await api("POST", "/v1/clusters/u-short/node-pools/p/cancel");
    expect(refused.status).toBe(422);
    expect(refused.body.rule).toBe("NUP-11");
    // Nothing is preempted in this sim run: the 7-day deadline replaces what is left.
    const done = await advanceUntil(started.body.id, (o) => o.state === "SUCCEEDED", {
      stepSeconds: 86_400,
      maxSteps: 20,
    });
    expect(done.progress).toEqual({ done: 2, total: 2 });
    expect((await nodesOf("u-short", "p")).every((n) => n.version === NEW)).toBe(true);
  });

  it("NUP-11 a preempted short-lived node comes back on the new config", async () => {
    await clusterWithPool("u-preempt", {
      nodeCount: 2,
      zones: ["europe-west1-b"],
      flexStart: true,
    });
    const started = await api("POST", "/v1/clusters/u-preempt/node-pools/p/upgrade", { body: {} });
    const [victim] = await nodesOf("u-preempt", "p");
    const res = await api("POST", "/v1/sim/preempt", {
      body: { cluster: "u-preempt", pool: "p", node: victim!.name },
    });
    expect(res.status).toBe(202);
    const op = await advanceUntil(started.body.id, (o) => o.progress.done >= 1, {
      stepSeconds: 60,
      maxSteps: 20,
    });
    expect(op.state).toBe("RUNNING");
    const nodes = await nodesOf("u-preempt", "p");
    expect(nodes.some((n) => n.name === victim!.name)).toBe(false);
    expect(nodes.filter((n) => n.version === NEW)).toHaveLength(1);
    expect(nodes.filter((n) => n.version === OLD)).toHaveLength(1);
  });

  it("NUP-1 a queued-provisioning pool upgrades short-lived from control plane 1.32.2-gke.1652000, with its configured strategy below", async () => {
    const pool = {
      version: "1.32.1-gke.100",
      nodeCount: 1,
      zones: ["europe-west1-b"],
      queuedProvisioning: true,
      upgradeStrategy: { type: "SURGE", maxSurge: 1, maxUnavailable: 0 },
    };
    await clusterWithPool("u-queued", pool, { version: "1.32.2-gke.1652000" });
    const shown = await api("GET", "/v1/clusters/u-queued/node-pools/p");
    expect(shown.body.queuedProvisioning).toBe(true);
    const started = await api("POST", "/v1/clusters/u-queued/node-pools/p/upgrade", { body: {} });
    expect(started.status).toBe(202);
    expect(started.body.strategy).toBe("SHORT_LIVED");

    await clusterWithPool("u-queued-old", pool, { version: "1.32.2-gke.1651000" });
    const below = await api("POST", "/v1/clusters/u-queued-old/node-pools/p/upgrade", {
      body: {},
    });
    expect(below.status).toBe(202);
    expect(below.body.strategy).toBe("SURGE");
  });
});
