import { describe, expect, it } from "vitest";
import { api } from "./helpers.ts";

describe("public endpoints", () => {
  it("GET /healthz answers without a token", async () => {
    const res = await api("GET", "/healthz", { token: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });

  it("GET /openapi.json is an OpenAPI 3.1 document without a token", async () => {
    const res = await api("GET", "/openapi.json", { token: null });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(["/healthz", "/v1/sim", "/v1/sim/faults/{id}"]),
    );
    expect(res.body.components.schemas.Problem).toBeDefined();
  });

  it("every endpoint of the inventory, tokens, sim and node-pool operations is documented", async () => {
    const doc = (await api("GET", "/openapi.json", { token: null })).body;
    const expected: Record<string, string[]> = {
      "/v1/machine-types/{name}": ["put", "get", "delete"],
      "/v1/machine-types": ["get"],
      "/v1/zones/{zone}": ["put", "get", "delete"],
      "/v1/zones": ["get"],
      "/v1/reservations/{id}": ["put", "get", "delete"],
      "/v1/reservations": ["get"],
      "/v1/fleets/{fleet}": ["put", "get", "delete"],
      "/v1/fleets": ["get"],
      "/v1/fleets/{fleet}/scopes/{scope}": ["put", "get", "delete"],
      "/v1/fleets/{fleet}/scopes": ["get"],
      "/v1/clusters/{cluster}": ["put", "get", "delete"],
      "/v1/clusters": ["get"],
      "/v1/clusters/{cluster}/node-pools/{pool}": ["put", "get", "delete"],
      "/v1/clusters/{cluster}/node-pools": ["get"],
      "/v1/clusters/{cluster}/nodes": ["get"],
      "/v1/releases/{release}": ["put", "get"],
      "/v1/releases": ["get"],
      "/v1/channels/{channel}": ["get"],
      "/v1/tokens": ["post", "get"],
      "/v1/tokens/{name}": ["delete"],
      "/v1/sim": ["get"],
      "/v1/sim/faults/{id}": ["put", "delete"],
      "/v1/clusters/{cluster}/node-pools/{pool}/upgrade": ["post"],
      "/v1/clusters/{cluster}/node-pools/{pool}/cancel": ["post"],
      "/v1/clusters/{cluster}/node-pools/{pool}/resume": ["post"],
      "/v1/clusters/{cluster}/node-pools/{pool}/rollback": ["post"],
      "/v1/clusters/{cluster}/node-pools/{pool}/complete": ["post"],
      "/v1/operations/{id}": ["get"],
      "/v1/operations/{id}/events": ["post"],
    };
    for (const [path, methods] of Object.entries(expected)) {
      expect(Object.keys(doc.paths[path] ?? {}), path).toEqual(expect.arrayContaining(methods));
    }
    // Request bodies are the validated schemas: unknown fields are refused.
    const clusterInput = doc.components.schemas.ClusterInput;
    expect(clusterInput.additionalProperties).toBe(false);
  });

  it("GET /docs renders a page for people", async () => {
    const res = await api("GET", "/docs", { token: null });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.body).toContain("/openapi.json");
  });

  it("an unknown route is a problem+json 404", async () => {
    const res = await api("GET", "/v1/nothing-here");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.body).toMatchObject({ status: 404, title: "Not Found" });
  });
});

describe("authentication", () => {
  it("a missing token is 401 problem+json", async () => {
    const res = await api("GET", "/v1/sim", { token: null });
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
  });

  it("an unknown token is 401", async () => {
    const res = await api("GET", "/v1/sim", { token: "rgt_not-a-real-token" });
    expect(res.status).toBe(401);
  });
});
