import { describe, expect, it } from "vitest";
import { clusterBody } from "../fixtures.ts";
import { api } from "../helpers.ts";
import { clusterWithPool, NEW, OLD, useNodePoolFixtures } from "../operations/helpers.ts";
import { stuckWithoutReason } from "../stuck-reasons.ts";

useNodePoolFixtures();

/** Reads a status endpoint and returns its answer, asserting every stuck state says why. */
async function walk(path: string): Promise<Record<string, unknown>> {
  const res = await api("GET", path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(stuckWithoutReason(res.body), path).toEqual([]);
  return res.body;
}

const SATURDAY_WINDOW = {
  windows: [{ start: "02:00", durationSeconds: 14_400, days: ["SAT"] }],
  exclusions: [],
};

describe("stalled states say why (EXT-9)", () => {
  it("EXT-9 every status answer of a stalled scenario of each kind names the rule that holds it: a run held by a gate, by a window and by a stop; node-pool upgrades paused and cancelled; a cluster awaiting its upgrade; a cluster upgrade whose health checks keep failing", async () => {
    // A run: group a behind an approval gate, group b's member outside its window.
    const gated = await api("PUT", "/v1/clusters/x9-a", {
      body: clusterBody({ fleet: "prod", version: OLD, updateGroup: "x9-a" }),
    });
    expect(gated.status, JSON.stringify(gated.body)).toBe(201);
    const windowed = await api("PUT", "/v1/clusters/x9-b", {
      body: clusterBody({
        fleet: "prod",
        version: OLD,
        updateGroup: "x9-b",
        maintenance: SATURDAY_WINDOW,
      }),
    });
    expect(windowed.status, JSON.stringify(windowed.body)).toBe(201);
    const run = await api("POST", "/v1/fleets/prod/update-runs", {
      body: {
        name: "x9-run",
        upgrade: { type: "ControlPlaneOnly", kubernetesVersion: NEW },
        stages: [
          {
            name: "held",
            groups: [{ name: "x9-a", beforeGates: [{ type: "Approval" }] }, { name: "x9-b" }],
          },
        ],
      },
    });
    expect(run.status, JSON.stringify(run.body)).toBe(201);
    expect((await api("POST", "/v1/fleets/prod/update-runs/x9-run/start")).status).toBe(200);
    const held = await walk("/v1/fleets/prod/update-runs/x9-run");
    expect(held.state).toBe("Pending");
    expect((await api("POST", "/v1/fleets/prod/update-runs/x9-run/stop")).status).toBe(200);
    expect((await walk("/v1/fleets/prod/update-runs/x9-run")).state).toMatch(/^Stopp/);
    await walk("/v1/fleets/prod/update-runs");

    // Node-pool upgrades: one paused by its window (MW-4), one cancelled (NUP-7).
    await clusterWithPool(
      "x9-w",
      { nodeCount: 1, zones: ["europe-west1-b"] },
      { maintenance: SATURDAY_WINDOW },
    );
    const paused = await api("POST", "/v1/clusters/x9-w/node-pools/p/upgrade", { body: {} });
    expect((await walk(`/v1/operations/${paused.body.id}`)).state).toBe("PAUSED");
    await clusterWithPool("x9-c", { nodeCount: 3, zones: ["europe-west1-b"] });
    const running = await api("POST", "/v1/clusters/x9-c/node-pools/p/upgrade", { body: {} });
    expect((await api("POST", "/v1/clusters/x9-c/node-pools/p/cancel")).status).toBe(200);
    expect((await walk(`/v1/operations/${running.body.id}`)).state).toBe("CANCELLED");

    // A cluster whose desired version awaits an upgrade (VER-8).
    const raised = await api("PUT", "/v1/clusters/x9-b", {
      body: clusterBody({
        fleet: "prod",
        version: NEW,
        updateGroup: "x9-b",
        maintenance: SATURDAY_WINDOW,
      }),
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    const cluster = await walk("/v1/clusters/x9-b");
    expect((cluster.status as { reason?: string }).reason).toMatch(/^VER-8: /);
    await walk("/v1/clusters?limit=100");

    // A cluster upgrade whose health checks keep failing (LIFE-3).
    const healthy = await api("PUT", "/v1/clusters/x9-h", {
      body: clusterBody({ fleet: "prod", version: OLD }),
    });
    expect(healthy.status, JSON.stringify(healthy.body)).toBe(201);
    const fault = await api("PUT", "/v1/sim/faults/x9-health", {
      body: { match: { cluster: "x9-h", operation: "HEALTH_CHECK" }, effect: "HEALTH_CHECK_FAIL" },
    });
    expect(fault.status).toBeLessThan(300);
    const upgrade = await api("POST", "/v1/clusters/x9-h/upgrade", { body: { version: NEW } });
    expect(upgrade.status, JSON.stringify(upgrade.body)).toBe(202);
    for (let i = 0; i < 40; i++) {
      const op = (await api("GET", `/v1/operations/${upgrade.body.id}`)).body;
      if (op.healthChecks !== undefined) break;
      await api("POST", "/v1/sim/advance", { body: { seconds: 300 } });
    }
    await walk(`/v1/operations/${upgrade.body.id}`);
    await walk("/v1/clusters/x9-h");
    expect((await api("POST", `/v1/operations/${upgrade.body.id}/cancel`)).status).toBe(200);
    expect((await walk(`/v1/operations/${upgrade.body.id}`)).state).toBe("CANCELLED");
    await walk("/v1/clusters/x9-h");
  });
});
