import { describe, expect, it } from "vitest";
import { clusterBody, poolBody } from "../fixtures.ts";
import { api, signedCallback } from "../helpers.ts";
import { clusterWithPool, NEW, OLD, useNodePoolFixtures } from "./helpers.ts";

useNodePoolFixtures();

describe("node-pool upgrades through the API: any strategy", () => {
  it("NUP-1 flex-start pools upgrade short-lived whatever is configured; autopilot-managed pools surge", async () => {
    await clusterWithPool("u-flex", {
      nodeCount: 1,
      zones: ["europe-west1-b"],
      flexStart: true,
      upgradeStrategy: { type: "BLUE_GREEN" },
    });
    const flex = await api("POST", "/v1/clusters/u-flex/node-pools/p/upgrade", { body: {} });
    expect(flex.status).toBe(202);
    expect(flex.body.strategy).toBe("SHORT_LIVED");
    await clusterWithPool("u-ap", {
      nodeCount: 1,
      zones: ["europe-west1-b"],
      autopilotManaged: true,
      upgradeStrategy: { type: "SURGE" },
    });
    const autopilot = await api("POST", "/v1/clusters/u-ap/node-pools/p/upgrade", { body: {} });
    expect(autopilot.body.strategy).toBe("SURGE");
  });

  it("NUP-1 switching a cluster to Autopilot while a pool keeps another strategy is refused (422 naming the pool) instead of upgrading it by surge silently; pools on surge's defaults switch", async () => {
    const pool = poolBody({ version: OLD, nodeCount: 1, zones: ["europe-west1-b"] });
    await clusterWithPool("u-ap-switch", {
      ...pool,
      upgradeStrategy: { type: "BLUE_GREEN", nodePoolSoakSeconds: 0 },
    });
    const switched = await api("PUT", "/v1/clusters/u-ap-switch", {
      body: clusterBody({ version: NEW, autopilot: true }),
    });
    expect(switched.status, JSON.stringify(switched.body)).toBe(422);
    expect(switched.headers.get("content-type")).toBe("application/problem+json");
    expect(switched.body.rule).toBe("NUP-1");
    expect(switched.body.detail).toMatch(/^NUP-1: .*node pool p .*BLUE_GREEN/);
    expect((await api("GET", "/v1/clusters/u-ap-switch")).body.autopilot).not.toBe(true);
    // Back on surge's defaults the switch goes through.
    const surge = await api("PUT", "/v1/clusters/u-ap-switch/node-pools/p", {
      body: { ...pool, upgradeStrategy: { type: "SURGE" } },
    });
    expect(surge.status, JSON.stringify(surge.body)).toBe(200);
    const again = await api("PUT", "/v1/clusters/u-ap-switch", {
      body: clusterBody({ version: NEW, autopilot: true }),
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it("NUP-1 an Autopilot-managed pool, or a pool of an Autopilot cluster, refuses another strategy or strategy settings on PUT (422) and keeps what it had", async () => {
    const pool = poolBody({ version: OLD, nodeCount: 1, zones: ["europe-west1-b"] });
    await clusterWithPool("u-apm", { ...pool, autopilotManaged: true });
    expect(
      (
        await api("PUT", "/v1/clusters/u-ap-cluster", {
          body: clusterBody({ version: NEW, autopilot: true }),
        })
      ).status,
    ).toBe(201);
    const cases: [string, Record<string, unknown>][] = [
      ["u-apm", { ...pool, autopilotManaged: true, upgradeStrategy: { type: "BLUE_GREEN" } }],
      ["u-apm", { ...pool, autopilotManaged: true, upgradeStrategy: { maxSurge: 3 } }],
      ["u-ap-cluster", { ...pool, upgradeStrategy: { type: "BLUE_GREEN", batchPercent: 0.5 } }],
      ["u-ap-cluster", { ...pool, upgradeStrategy: { maxUnavailable: 2 } }],
    ];
    for (const [cluster, body] of cases) {
      const refused = await api("PUT", `/v1/clusters/${cluster}/node-pools/p`, { body });
      expect(refused.status, JSON.stringify(refused.body)).toBe(422);
      expect(refused.headers.get("content-type")).toBe("application/problem+json");
      expect(refused.body.rule).toBe("NUP-1");
      expect(refused.body.detail).toMatch(/^NUP-1: Autopilot/);
    }
    const kept = await api("GET", "/v1/clusters/u-apm/node-pools/p");
    expect(kept.body.upgradeStrategy).toBeUndefined();
    expect((await api("GET", "/v1/clusters/u-ap-cluster/node-pools/p")).status).toBe(404);
    // Surge at its defaults is what such a pool does anyway: accepted.
    const surge = await api("PUT", "/v1/clusters/u-ap-cluster/node-pools/p", {
      body: { ...pool, upgradeStrategy: { type: "SURGE", maxSurge: 1, maxUnavailable: 0 } },
    });
    expect(surge.status, JSON.stringify(surge.body)).toBe(201);
    const upgrade = await api("POST", "/v1/clusters/u-ap-cluster/node-pools/p/upgrade", {
      body: {},
    });
    expect(upgrade.status).toBe(202);
    expect(upgrade.body.strategy).toBe("SURGE");
  });

  it("NUP-7 a second upgrade of a pool under upgrade is a 409", async () => {
    await clusterWithPool("u-twice", { nodeCount: 1, zones: ["europe-west1-b"] });
    expect(
      (await api("POST", "/v1/clusters/u-twice/node-pools/p/upgrade", { body: {} })).status,
    ).toBe(202);
    expect(
      (await api("POST", "/v1/clusters/u-twice/node-pools/p/upgrade", { body: {} })).status,
    ).toBe(409);
  });

  it("VER-7 a node target above the control plane is a 422; bad input is 400; unknown op is 404", async () => {
    await clusterWithPool("u-bad", { nodeCount: 1, zones: ["europe-west1-b"] });
    const above = await api("POST", "/v1/clusters/u-bad/node-pools/p/upgrade", {
      body: { version: "1.22.3-gke.100" },
    });
    expect(above.status).toBe(422);
    expect(above.body.rule).toBe("VER-7");
    expect(
      (
        await api("POST", "/v1/clusters/u-bad/node-pools/p/upgrade", {
          body: { version: "latest" },
        })
      ).status,
    ).toBe(400);
    expect(
      (await api("POST", "/v1/clusters/u-bad/node-pools/p/upgrade", { body: { surge: 3 } })).status,
    ).toBe(400);
    expect(
      (await api("GET", "/v1/operations/op-00000000-0000-0000-0000-000000000000")).status,
    ).toBe(404);
    expect((await api("GET", "/v1/operations/nope")).status).toBe(400);
  });

  it("SEC-7 executor callbacks must be signed; in sim mode a signed one is refused too (409)", async () => {
    await clusterWithPool("u-hook", { nodeCount: 1, zones: ["europe-west1-b"] });
    const started = await api("POST", "/v1/clusters/u-hook/node-pools/p/upgrade", { body: {} });
    const id = started.body.id;
    const body = JSON.stringify({
      type: "COMMAND_FAILED",
      commandId: `${id}:nope:CREATE:1`,
      reason: "FAILED",
      message: "x",
    });
    const unsigned = await api("POST", `/v1/operations/${id}/events`, { token: null, body });
    expect(unsigned.status).toBe(401);
    const path = `/v1/operations/${id}/events`;
    const headers = await signedCallback(path, body);
    const signed = await api("POST", path, { token: null, body, headers });
    expect(signed.status).toBe(409);
    expect(signed.body).toMatchObject({ rule: "SEC-7" });
  });
});
