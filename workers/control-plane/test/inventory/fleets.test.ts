import { env } from "cloudflare:test";
import { getCluster, openInventory, putCluster } from "@regatta/inventory";
import { beforeAll, describe, expect, it } from "vitest";
import { advanceClock, api, freezeClock, START } from "../helpers.ts";
import { expectProblem, tokenFor, walkPages } from "./problems.ts";

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * Arranges a cluster straight in the inventory: these tests are about fleets and scopes,
 * so they do not depend on the cluster route's own rules.
 */
async function addCluster(name: string, fleet: string, scopes: string[] = []): Promise<void> {
  await putCluster(
    openInventory(env.DB),
    {
      name,
      fleet,
      scopes,
      role: "standalone",
      region: "europe-west1",
      releaseChannel: "REGULAR",
      specVersion: "1.21.11-gke.1100",
    },
    START,
  );
}

beforeAll(async () => {
  await freezeClock();
});

describe("fleets", () => {
  it("PUT creates a fleet (201) with RFC 3339 times; PUT again touches it (200) and keeps createdAt", async () => {
    const created = await api("PUT", "/v1/fleets/f-basic");
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      name: "f-basic",
      createdAt: new Date(START).toISOString(),
      updatedAt: new Date(START).toISOString(),
    });
    await advanceClock(60);
    const touched = await api("PUT", "/v1/fleets/f-basic", { body: {} });
    expect(touched.status).toBe(200);
    expect(touched.body.createdAt).toBe(created.body.createdAt);
    expect(touched.body.updatedAt).toMatch(RFC3339);
    expect(Date.parse(touched.body.updatedAt) - Date.parse(touched.body.createdAt)).toBe(60_000);
    expect((await api("GET", "/v1/fleets/f-basic")).body).toEqual(touched.body);
  });

  it("bad fleet input is 400: unknown fields, a non-object body, bad names", async () => {
    expectProblem(await api("PUT", "/v1/fleets/f-bad", { body: { owner: "me" } }), 400);
    expectProblem(await api("PUT", "/v1/fleets/f-bad", { body: "[]" }), 400);
    expectProblem(await api("PUT", "/v1/fleets/f-bad", { body: "{" }), 400);
    for (const name of ["Prod", "prod_eu", "x".repeat(64)]) {
      expectProblem(await api("PUT", `/v1/fleets/${name}`), 400);
      expectProblem(await api("GET", `/v1/fleets/${name}`), 400);
    }
    expectProblem(await api("GET", "/v1/fleets/f-bad"), 404, /fleet f-bad does not exist/);
  });

  it("DELETE of an unknown fleet is 404; of an empty one 204, taking its scopes along", async () => {
    expectProblem(await api("DELETE", "/v1/fleets/f-nope"), 404);
    await api("PUT", "/v1/fleets/f-empty");
    await api("PUT", "/v1/fleets/f-empty/scopes/team");
    expect((await api("DELETE", "/v1/fleets/f-empty")).status).toBe(204);
    expectProblem(await api("GET", "/v1/fleets/f-empty"), 404);
    expectProblem(await api("GET", "/v1/fleets/f-empty/scopes/team"), 404, /fleet f-empty/);
    // Re-created, the fleet starts without the old scope.
    await api("PUT", "/v1/fleets/f-empty");
    expect((await api("GET", "/v1/fleets/f-empty/scopes")).body.items).toEqual([]);
  });

  it("DELETE of a fleet that still has clusters is 409 naming them; nothing is deleted", async () => {
    await api("PUT", "/v1/fleets/f-busy");
    await api("PUT", "/v1/fleets/f-busy/scopes/team");
    await addCluster("busy-1", "f-busy", ["team"]);
    await addCluster("busy-2", "f-busy");
    const refused = await api("DELETE", "/v1/fleets/f-busy");
    expectProblem(refused, 409, /fleet f-busy still has clusters \(busy-1, busy-2\)/);
    expect((await api("GET", "/v1/fleets/f-busy")).status).toBe(200);
    expect((await api("GET", "/v1/fleets/f-busy/scopes/team")).body.clusters).toEqual(["busy-1"]);
  });

  it("lists fleets across pages with a small limit", async () => {
    for (const name of ["lp-1", "lp-2", "lp-3", "lp-4"]) await api("PUT", `/v1/fleets/${name}`);
    const pages = await walkPages("/v1/fleets", 3, (f) => f.name);
    const names = pages.flat();
    expect(names).toEqual(expect.arrayContaining(["lp-1", "lp-2", "lp-3", "lp-4"]));
    expect(names).toEqual([...new Set(names)].sort());
    expect(pages.slice(0, -1).every((page) => page.length === 3)).toBe(true);
    expectProblem(await api("GET", "/v1/fleets?cursor=bm90LWEtY3Vyc29y"), 400);
  });
});

describe("team scopes", () => {
  beforeAll(async () => {
    await api("PUT", "/v1/fleets/s-fleet");
  });

  it("PUT creates a scope (201) then touches it (200); GET lists its clusters", async () => {
    const created = await api("PUT", "/v1/fleets/s-fleet/scopes/payments", { body: {} });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ fleet: "s-fleet", name: "payments" });
    expect(created.body.createdAt).toMatch(RFC3339);
    expect((await api("PUT", "/v1/fleets/s-fleet/scopes/payments")).status).toBe(200);

    await addCluster("pay-b", "s-fleet", ["payments"]);
    await addCluster("pay-a", "s-fleet", ["payments"]);
    await addCluster("other", "s-fleet");
    const got = await api("GET", "/v1/fleets/s-fleet/scopes/payments");
    expect(got.status).toBe(200);
    expect(got.body.clusters).toEqual(["pay-a", "pay-b"]);
  });

  it("an unknown fleet is 404 for every scope route; an unknown scope is 404", async () => {
    expectProblem(await api("PUT", "/v1/fleets/nowhere/scopes/team"), 404, /fleet nowhere/);
    expectProblem(await api("GET", "/v1/fleets/nowhere/scopes/team"), 404, /fleet nowhere/);
    expectProblem(await api("GET", "/v1/fleets/nowhere/scopes"), 404, /fleet nowhere/);
    expectProblem(await api("DELETE", "/v1/fleets/nowhere/scopes/team"), 404, /fleet nowhere/);
    expectProblem(
      await api("GET", "/v1/fleets/s-fleet/scopes/ghost"),
      404,
      /team scope ghost does not exist in fleet s-fleet/,
    );
    expectProblem(await api("DELETE", "/v1/fleets/s-fleet/scopes/ghost"), 404);
    expectProblem(await api("GET", "/v1/fleets/nowhere"), 404);
  });

  it("bad scope input is 400", async () => {
    expectProblem(await api("PUT", "/v1/fleets/s-fleet/scopes/Team"), 400);
    expectProblem(await api("PUT", "/v1/fleets/s-fleet/scopes/team", { body: { x: 1 } }), 400);
    expectProblem(await api("PUT", "/v1/fleets/s-fleet/scopes/team", { body: 5 }), 400);
    expectProblem(await api("GET", "/v1/fleets/s-fleet/scopes/team"), 404);
  });

  it("lists a fleet's scopes across pages; DELETE removes one and its memberships only", async () => {
    await api("PUT", "/v1/fleets/sp-fleet");
    for (const scope of ["a", "b", "c", "d", "e"])
      await api("PUT", `/v1/fleets/sp-fleet/scopes/${scope}`);
    const pages = await walkPages("/v1/fleets/sp-fleet/scopes", 2, (s) => s.name);
    expect(pages).toEqual([["a", "b"], ["c", "d"], ["e"]]);

    await addCluster("sp-member", "sp-fleet", ["c"]);
    expect((await api("DELETE", "/v1/fleets/sp-fleet/scopes/c")).status).toBe(204);
    expectProblem(await api("GET", "/v1/fleets/sp-fleet/scopes/c"), 404);
    const member = await getCluster(openInventory(env.DB), "sp-member");
    expect(member?.scopes).toEqual([]);
    const names = (await walkPages("/v1/fleets/sp-fleet/scopes", 10, (s) => s.name)).flat();
    expect(names).toEqual(["a", "b", "d", "e"]);
  });
});

describe("fleet authorization", () => {
  let operator: string;
  let viewer: string;
  let scoped: string;
  let unbound: string;

  beforeAll(async () => {
    for (const fleet of ["az-a", "az-b", "az-c", "az-d"]) await api("PUT", `/v1/fleets/${fleet}`);
    await api("PUT", "/v1/fleets/az-b/scopes/team");
    await api("PUT", "/v1/fleets/az-b/scopes/other");
    operator = await tokenFor("fleet-operator", "operator", { fleets: ["az-a", "az-c"] });
    viewer = await tokenFor("fleet-viewer", "viewer", { fleets: ["az-a"] });
    scoped = await tokenFor("scope-viewer", "viewer", { scopes: ["az-b/team"] });
    unbound = await tokenFor("any-viewer", "viewer");
  });

  it("an operator lists, reads and touches only its fleets, and may not create or delete one", async () => {
    // Paged over its own fleets in the database: full pages, no empty ones in between.
    expect(await walkPages("/v1/fleets", 1, (f) => f.name, operator)).toEqual([["az-a"], ["az-c"]]);
    expect((await api("GET", "/v1/fleets/az-a", { token: operator })).status).toBe(200);
    expectProblem(await api("GET", "/v1/fleets/az-b", { token: operator }), 403);
    expect((await api("PUT", "/v1/fleets/az-a", { token: operator })).status).toBe(200);
    expectProblem(await api("PUT", "/v1/fleets/az-b", { token: operator }), 403);
    // Creating a fleet is admin-only, even one named in the token.
    await api("DELETE", "/v1/fleets/az-c");
    expectProblem(await api("PUT", "/v1/fleets/az-c", { token: operator }), 403);
    expectProblem(await api("GET", "/v1/fleets/az-c", { token: operator }), 404);
    expectProblem(await api("DELETE", "/v1/fleets/az-a", { token: operator }), 403);
    expect((await api("GET", "/v1/fleets/az-a")).status).toBe(200);
    await api("PUT", "/v1/fleets/az-c");
  });

  it("an operator manages the scopes of its fleets only", async () => {
    expect((await api("PUT", "/v1/fleets/az-a/scopes/ops", { token: operator })).status).toBe(201);
    expect((await api("GET", "/v1/fleets/az-a/scopes/ops", { token: operator })).status).toBe(200);
    expect((await api("DELETE", "/v1/fleets/az-a/scopes/ops", { token: operator })).status).toBe(
      204,
    );
    expectProblem(await api("PUT", "/v1/fleets/az-b/scopes/ops", { token: operator }), 403);
    expectProblem(await api("GET", "/v1/fleets/az-b/scopes", { token: operator }), 403);
    expectProblem(await api("DELETE", "/v1/fleets/az-b/scopes/team", { token: operator }), 403);
    expect((await api("GET", "/v1/fleets/az-b/scopes/team")).status).toBe(200);
  });

  it("a viewer reads its fleets and writes nothing", async () => {
    expect((await walkPages("/v1/fleets", 50, (f) => f.name, viewer)).flat()).toEqual(["az-a"]);
    expect((await api("GET", "/v1/fleets/az-a", { token: viewer })).status).toBe(200);
    expect((await api("GET", "/v1/fleets/az-a/scopes", { token: viewer })).status).toBe(200);
    expectProblem(await api("GET", "/v1/fleets/az-d", { token: viewer }), 403);
    expectProblem(await api("PUT", "/v1/fleets/az-a", { token: viewer }), 403);
    expectProblem(await api("PUT", "/v1/fleets/az-a/scopes/v", { token: viewer }), 403);
    expectProblem(await api("DELETE", "/v1/fleets/az-a", { token: viewer }), 403);
  });

  it("a token bound to one team scope sees that fleet and that scope only", async () => {
    expect((await walkPages("/v1/fleets", 50, (f) => f.name, scoped)).flat()).toEqual(["az-b"]);
    expect((await api("GET", "/v1/fleets/az-b", { token: scoped })).status).toBe(200);
    const scopes = await api("GET", "/v1/fleets/az-b/scopes", { token: scoped });
    expect(scopes.body.items.map((s: { name: string }) => s.name)).toEqual(["team"]);
    expect((await api("GET", "/v1/fleets/az-b/scopes/team", { token: scoped })).status).toBe(200);
    expectProblem(await api("GET", "/v1/fleets/az-b/scopes/other", { token: scoped }), 403);
    expectProblem(await api("GET", "/v1/fleets/az-a", { token: scoped }), 403);
  });

  it("a token bound to nothing reads every fleet; a non-admin asking about an unknown fleet outside its grants gets 403, not 404", async () => {
    const names = (await walkPages("/v1/fleets", 500, (f) => f.name, unbound)).flat();
    expect(names).toEqual(expect.arrayContaining(["az-a", "az-b", "az-c", "az-d"]));
    expectProblem(await api("GET", "/v1/fleets/secret-fleet", { token: viewer }), 403);
  });
});

describe("fleets in the OpenAPI document", () => {
  it("describes every fleet and scope endpoint", async () => {
    const { paths } = (await api("GET", "/openapi.json", { token: null })).body;
    expect(Object.keys(paths["/v1/fleets/{fleet}"]).sort()).toEqual(["delete", "get", "put"]);
    expect(Object.keys(paths["/v1/fleets/{fleet}/scopes/{scope}"]).sort()).toEqual([
      "delete",
      "get",
      "put",
    ]);
    expect(paths["/v1/fleets"].get).toBeDefined();
    expect(paths["/v1/fleets/{fleet}/scopes"].get).toBeDefined();
  });
});
