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
});
