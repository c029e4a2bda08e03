import { env } from "cloudflare:test";
import { openInventory, putRollout } from "@regatta/inventory";
import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import { advance, rollout, sequencedCluster, upgradeOf, useRolloutFixtures } from "./helpers.ts";

useRolloutFixtures(["rm-a", "rm-b", "rq-up", "rq-down", "rs", "rs-down", "rr-up", "rr-down"]);

const R21 = "1.21.14-gke.4300";
const put = (path: string, body: unknown, token?: string) =>
  api("PUT", `${path}/rollout`, { body, ...(token === undefined ? {} : { token }) });
const remove = (path: string, token?: string | null) =>
  api("DELETE", `${path}/rollout`, token === undefined ? {} : { token });

describe("removing a group from its sequence (DELETE …/rollout)", () => {
  it("SEQ-1 DELETE /v1/fleets/{fleet}/rollout is a 409 problem naming the follower while another fleet names it upstream; nothing changes", async () => {
    expect((await put("/v1/fleets/rm-a", { defaultSoakSeconds: 0 })).status).toBe(201);
    expect(
      (await put("/v1/fleets/rm-b", { upstreamFleet: "rm-a", defaultSoakSeconds: 0 })).status,
    ).toBe(201);
    const refused = await remove("/v1/fleets/rm-a");
    expect(refused.status).toBe(409);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect(refused.body).toMatchObject({ status: 409, rule: "SEQ-1" });
    expect(refused.body.detail).toContain("rm-b");
    expect((await api("GET", "/v1/fleets/rm-a/rollout")).body.config).toMatchObject({
      downstream: "rm-b",
    });
    expect((await api("GET", "/v1/fleets/rm-b/rollout")).body.config).toMatchObject({
      upstream: "rm-a",
    });
  });

  it("SEQ-1 the tail of a sequence is removed (204): its rollout is gone (404), its upstream has no downstream and can be removed in turn; a second DELETE is 404", async () => {
    expect((await remove("/v1/fleets/rm-b")).status).toBe(204);
    expect((await api("GET", "/v1/fleets/rm-b/rollout")).status).toBe(404);
    expect((await api("GET", "/v1/fleets/rm-a/rollout")).body.config).toMatchObject({
      downstream: null,
    });
    expect((await remove("/v1/fleets/rm-a")).status).toBe(204);
    const again = await remove("/v1/fleets/rm-a");
    expect(again.status).toBe(404);
    expect(again.headers.get("content-type")).toBe("application/problem+json");
    expect((await remove("/v1/fleets/no-such-fleet")).status).toBe(404);
  });

  it("SEQ-1 SEQ-8 a removed group that rejoins hears again what its upstream already qualified", async () => {
    await sequencedCluster("rq-up-a", "rq-up", "1.21.11-gke.1100");
    await sequencedCluster("rq-down-a", "rq-down", "1.21.11-gke.1100", {
      maintenance: {
        windows: [],
        exclusions: [{ start: "2026-01-01T00:00:00Z", end: "2026-06-01T00:00:00Z", scope: "ALL" }],
      },
    });
    expect((await put("/v1/fleets/rq-up", { defaultSoakSeconds: 0 })).status).toBe(201);
    expect(
      (await put("/v1/fleets/rq-down", { upstreamFleet: "rq-up", defaultSoakSeconds: 0 })).status,
    ).toBe(201);
    await advance(6 * 3600, 1200);
    expect(upgradeOf(await rollout("/v1/fleets/rq-up"), "CONTROL_PLANE", R21)?.state).toBe(
      "COMPLETE",
    );
    // Held by its exclusion, but no longer by its upstream.
    const before = upgradeOf(await rollout("/v1/fleets/rq-down"), "CONTROL_PLANE", R21);
    expect(before?.clusters[0]?.reason).toMatch(/^MW-2/);
    expect((await remove("/v1/fleets/rq-down")).status).toBe(204);
    expect(
      (await put("/v1/fleets/rq-down", { upstreamFleet: "rq-up", defaultSoakSeconds: 0 })).status,
    ).toBe(201);
    await advance(0);
    const after = upgradeOf(await rollout("/v1/fleets/rq-down"), "CONTROL_PLANE", R21);
    expect(after?.clusters[0]?.reason).toMatch(/^MW-2/);
  });

  it("SEQ-1 the scope form: DELETE /v1/fleets/{fleet}/scopes/{scope}/rollout is 409 while a scope follows it, 204 after; operators need the scope, viewers are 403", async () => {
    // One team's scopes in two fleets (SEQ-2: one scope per fleet in a sequence).
    for (const [fleet, scope] of [
      ["rs", "web"],
      ["rs-down", "web"],
    ]) {
      expect(
        (await api("PUT", `/v1/fleets/${fleet}/scopes/${scope}`, { body: {} })).status,
      ).toBeLessThan(300);
    }
    expect((await put("/v1/fleets/rs/scopes/web", { defaultSoakSeconds: 0 })).status).toBe(201);
    expect(
      (
        await put("/v1/fleets/rs-down/scopes/web", {
          upstreamScope: "rs/web",
          defaultSoakSeconds: 0,
        })
      ).status,
    ).toBe(201);
    const followed = await remove("/v1/fleets/rs/scopes/web");
    expect(followed.status).toBe(409);
    expect(followed.body.rule).toBe("SEQ-1");
    expect(followed.body.detail).toContain("rs-down/web");
    const viewer = await api("POST", "/v1/tokens", {
      body: { name: "rs-viewer", role: "viewer", fleets: ["rs-down"] },
    });
    expect((await remove("/v1/fleets/rs-down/scopes/web", viewer.body.token)).status).toBe(403);
    const other = await api("POST", "/v1/tokens", {
      body: { name: "rs-web-operator", role: "operator", scopes: ["rs/web"] },
    });
    expect(other.status).toBe(201);
    expect((await remove("/v1/fleets/rs-down/scopes/web", other.body.token)).status).toBe(403);
    expect((await remove("/v1/fleets/rs-down/scopes/web", null)).status).toBe(401);
    const operator = await api("POST", "/v1/tokens", {
      body: { name: "rs-down-operator", role: "operator", scopes: ["rs-down/web"] },
    });
    expect((await remove("/v1/fleets/rs-down/scopes/web", operator.body.token)).status).toBe(204);
    expect((await api("GET", "/v1/fleets/rs-down/scopes/web/rollout")).status).toBe(404);
    expect((await remove("/v1/fleets/rs/scopes/web", other.body.token)).status).toBe(204);
  });

  it("SEQ-1 a follower whose upstream has no rollout (written in a race with its DELETE) says why it waits", async () => {
    await sequencedCluster("rr-down-a", "rr-down", "1.21.11-gke.1100");
    expect((await put("/v1/fleets/rr-up", { defaultSoakSeconds: 0 })).status).toBe(201);
    expect(
      (await put("/v1/fleets/rr-down", { upstreamFleet: "rr-up", defaultSoakSeconds: 0 })).status,
    ).toBe(201);
    // What a PUT racing the upstream's DELETE leaves: a follower of a group with no rollout.
    const db = openInventory(env.DB);
    expect((await remove("/v1/fleets/rr-down")).status).toBe(204);
    expect((await remove("/v1/fleets/rr-up")).status).toBe(204);
    await putRollout(
      db,
      {
        groupKey: "rr-down",
        fleet: "rr-down",
        scope: null,
        kind: "FLEET",
        upstream: "rr-up",
        defaultSoakSeconds: 0,
        soakOverrides: {},
      },
      Date.parse("2026-01-05T00:00:00Z"),
    );
    await api("PUT", "/v1/releases/2022-R25", {
      body: {
        channel: "REGULAR",
        targets: {
          "1.20": R21,
          "1.21": R21,
          "1.22": "1.23.8-gke.1900",
          "1.24": "1.24.5-gke.600",
        },
        versions: ["1.21.11-gke.1100", "1.22.3-gke.100"],
      },
    });
    await advance(0);
    expect(upgradeOf(await rollout("/v1/fleets/rr-down"), "CONTROL_PLANE", R21)).toMatchObject({
      state: "PENDING",
      reason: `SEQ-1: upstream rr-up has no rollout configuration (removed from the sequence); rr-down waits until rr-up is configured again or it names another upstream`,
    });
  });

  it("SEQ-1 both DELETE routes are in the OpenAPI document with every status they answer", async () => {
    const doc = await api("GET", "/openapi.json");
    for (const path of [
      "/v1/fleets/{fleet}/rollout",
      "/v1/fleets/{fleet}/scopes/{scope}/rollout",
    ]) {
      const del = doc.body.paths[path]?.delete;
      expect(del, path).toBeDefined();
      // 413 and 503 come from middleware (body limit, configuration), documented app-wide.
      expect(Object.keys(del.responses).sort()).toEqual([
        "204",
        "400",
        "401",
        "403",
        "404",
        "409",
        "413",
        "503",
      ]);
      expect(del.responses["409"].content).toHaveProperty("application/problem+json");
    }
  });
});
