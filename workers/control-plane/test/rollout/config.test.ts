import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import { DAY, useRolloutFixtures } from "./helpers.ts";

useRolloutFixtures([
  "solo",
  "t-a",
  "t-b",
  "t-c",
  "t-d",
  "del-up",
  "del-down",
  "sc-test",
  "sc-prod",
]);

const put = (path: string, body: unknown, token?: string) =>
  api("PUT", `${path}/rollout`, { body, ...(token === undefined ? {} : { token }) });

describe("rollout configuration (PUT /v1/fleets/{fleet}/rollout)", () => {
  it("SEQ-1 a linear chain of three fleets is accepted; a fourth group is a 422", async () => {
    expect((await put("/v1/fleets/t-a", { defaultSoakSeconds: 0 })).status).toBe(201);
    expect(
      (await put("/v1/fleets/t-b", { upstreamFleet: "t-a", defaultSoakSeconds: 0 })).status,
    ).toBe(201);
    const third = await put("/v1/fleets/t-c", { upstreamFleet: "t-b", defaultSoakSeconds: 3600 });
    expect(third.status).toBe(201);
    expect(third.body).toMatchObject({
      group: "t-c",
      upstream: "t-b",
      downstream: null,
      defaultSoakSeconds: 3600,
    });
    const fourth = await put("/v1/fleets/t-d", { upstreamFleet: "t-c", defaultSoakSeconds: 0 });
    expect(fourth.status).toBe(422);
    expect(fourth.body.rule).toBe("SEQ-1");
    expect(fourth.body.detail).toContain("t-a → t-b → t-c → t-d has 4 groups; at most 3");
    expect((await api("GET", "/v1/fleets/t-d/rollout")).status).toBe(404);
  });

  it("SEQ-1 a branch and a cycle are 422 and change nothing", async () => {
    const branch = await put("/v1/fleets/t-d", { upstreamFleet: "t-a", defaultSoakSeconds: 0 });
    expect(branch.status).toBe(422);
    expect(branch.body.detail).toBe(
      "SEQ-1: t-a already has downstream t-b; a sequence cannot branch",
    );
    const cycle = await put("/v1/fleets/t-a", { upstreamFleet: "t-c", defaultSoakSeconds: 0 });
    expect(cycle.status).toBe(422);
    expect(cycle.body.rule).toBe("SEQ-1");
    const a = await api("GET", "/v1/fleets/t-a/rollout");
    expect(a.body.config).toMatchObject({ upstream: null, downstream: "t-b" });
  });

  it("SEQ-7 a soak outside 0..30 days (default or override) is a 422", async () => {
    const long = await put("/v1/fleets/solo", { defaultSoakSeconds: 31 * DAY });
    expect(long.status).toBe(422);
    expect(long.body.rule).toBe("SEQ-7");
    const negative = await put("/v1/fleets/solo", {
      defaultSoakSeconds: DAY,
      soakOverrides: [{ version: "1.21.14-gke.4300", soakSeconds: -5 }],
    });
    expect(negative.status).toBe(422);
    expect(negative.body.detail).toContain("soakOverrides[0].soakSeconds");
  });

  it("SEQ-2 a fleet cannot sequence by fleet and by team scope at once", async () => {
    expect((await api("PUT", "/v1/fleets/solo/scopes/db", { body: {} })).status).toBeLessThan(300);
    expect((await put("/v1/fleets/solo", { defaultSoakSeconds: 0 })).status).toBe(201);
    const mixed = await put("/v1/fleets/solo/scopes/db", { defaultSoakSeconds: 0 });
    expect(mixed.status).toBe(422);
    expect(mixed.body.rule).toBe("SEQ-2");
  });

  it("SEQ-1 team scopes chain to a team's scopes in other fleets (fleet/scope); an unconfigured upstream scope is a 422", async () => {
    for (const scope of ["sc-test/db", "sc-prod/db", "sc-prod/web"]) {
      const [fleet, name] = scope.split("/");
      expect(
        (await api("PUT", `/v1/fleets/${fleet}/scopes/${name}`, { body: {} })).status,
      ).toBeLessThan(300);
    }
    expect((await put("/v1/fleets/sc-test/scopes/db", { defaultSoakSeconds: 0 })).status).toBe(201);
    const ok = await put("/v1/fleets/sc-prod/scopes/db", {
      upstreamScope: "sc-test/db",
      defaultSoakSeconds: DAY,
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ group: "sc-prod/db", upstream: "sc-test/db" });
    const mixed = await put("/v1/fleets/sc-prod/scopes/web", {
      upstreamScope: "solo/db",
      defaultSoakSeconds: 0,
    });
    expect(mixed.status).toBe(422);
  });

  it("SEQ-2 a team-scope sequence among several team scopes of one fleet is a 422 (seed 000: not supported), a bare upstream name too; nothing is written", async () => {
    for (const upstreamScope of ["sc-prod/db", "db"]) {
      const same = await put("/v1/fleets/sc-prod/scopes/web", {
        upstreamScope,
        defaultSoakSeconds: 0,
      });
      expect(same.status, JSON.stringify(same.body)).toBe(422);
      expect(same.headers.get("content-type")).toBe("application/problem+json");
      expect(same.body.rule).toBe("SEQ-2");
      expect(same.body.detail).toBe(
        "SEQ-2: a team-scope sequence takes one team scope per fleet; sc-prod/db and sc-prod/web are both in fleet sc-prod",
      );
    }
    expect((await api("GET", "/v1/fleets/sc-prod/scopes/web/rollout")).status).toBe(404);
    expect((await api("GET", "/v1/fleets/sc-prod/scopes/db/rollout")).body.config).toMatchObject({
      downstream: null,
    });
    // Another team's own sequence in the same fleet is fine: sequences are independent.
    expect((await put("/v1/fleets/sc-prod/scopes/web", { defaultSoakSeconds: 0 })).status).toBe(
      201,
    );
  });

  it("SEQ-1 unknown fleets and upstreams are 404, bad bodies 400, and nothing is written", async () => {
    expect((await put("/v1/fleets/nope", { defaultSoakSeconds: 0 })).status).toBe(404);
    expect(
      (await put("/v1/fleets/solo", { upstreamFleet: "nope", defaultSoakSeconds: 0 })).status,
    ).toBe(404);
    const bad = await put("/v1/fleets/solo", { defaultSoakSeconds: "a week" });
    expect(bad.status).toBe(400);
  });

  it("SEQ-1 authorization covers every fleet the chain names", async () => {
    const token = await api("POST", "/v1/tokens", {
      body: { name: "t-b-operator", role: "operator", fleets: ["t-d"] },
    });
    expect(token.status).toBe(201);
    const denied = await put(
      "/v1/fleets/t-d",
      { upstreamFleet: "t-c", defaultSoakSeconds: 0 },
      token.body.token,
    );
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toContain("upstream fleet t-c");
    const viewer = await api("POST", "/v1/tokens", {
      body: { name: "t-a-viewer", role: "viewer", fleets: ["t-a"] },
    });
    expect((await api("GET", "/v1/fleets/t-a/rollout", { token: viewer.body.token })).status).toBe(
      200,
    );
    expect((await api("GET", "/v1/fleets/t-b/rollout", { token: viewer.body.token })).status).toBe(
      403,
    );
  });

  it("SEQ-1 a fleet that is another fleet's upstream cannot be deleted (409 naming it); once unlinked it can", async () => {
    expect((await put("/v1/fleets/del-up", { defaultSoakSeconds: 0 })).status).toBe(201);
    expect(
      (await put("/v1/fleets/del-down", { upstreamFleet: "del-up", defaultSoakSeconds: 0 })).status,
    ).toBe(201);
    const refused = await api("DELETE", "/v1/fleets/del-up");
    expect(refused.status).toBe(409);
    expect(refused.body.rule).toBe("SEQ-1");
    expect(refused.body.detail).toContain("del-down");
    expect((await api("GET", "/v1/fleets/del-up/rollout")).status).toBe(200);
    // The downstream heads its own sequence now: the former upstream may go.
    expect((await put("/v1/fleets/del-down", { defaultSoakSeconds: 0 })).status).toBe(200);
    expect((await api("DELETE", "/v1/fleets/del-up")).status).toBe(204);
    expect((await api("GET", "/v1/fleets/del-down/rollout")).body).toMatchObject({
      config: { upstream: null },
    });
  });

  it("SEQ-13 the configuration is in the OpenAPI document", async () => {
    const doc = await api("GET", "/openapi.json");
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        "/v1/fleets/{fleet}/rollout",
        "/v1/fleets/{fleet}/scopes/{scope}/rollout",
      ]),
    );
  });
});
