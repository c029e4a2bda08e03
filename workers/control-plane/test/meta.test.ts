import committed from "@regatta/client/openapi.json";
import { describe, expect, it } from "vitest";
import { bodyLimitFor } from "../src/app.ts";
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

  it("GET /openapi.json is the checked-in packages/client/openapi.json the clients are generated from", async () => {
    const served = (await api("GET", "/openapi.json", { token: null })).body;
    // On failure: `npm run generate` (tests/contract/drift.test.ts says the same in Node).
    expect(served).toEqual(committed);
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

  it("the API reference groups operations by capability: every tag an operation carries is described once, at the top of the document", async () => {
    const doc = (await api("GET", "/openapi.json", { token: null })).body;
    const used = new Set<string>();
    for (const item of Object.values(doc.paths) as Record<string, { tags?: string[] }>[]) {
      for (const operation of Object.values(item)) {
        expect(operation.tags?.length, JSON.stringify(operation)).toBeGreaterThan(0);
        for (const tag of operation.tags ?? []) used.add(tag);
      }
    }
    const described = (doc.tags as { name: string; description: string }[]).map((t) => t.name);
    expect(new Set(described).size).toBe(described.length);
    expect([...described].sort()).toEqual([...used].sort());
    for (const tag of doc.tags) expect(tag.description, tag.name).toMatch(/\S/);
    expect(doc.info.description).toContain("Authorization: Bearer");
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

describe("answers middleware gives are in the document (issue 15)", () => {
  interface Op {
    requestBody?: unknown;
    security?: unknown[];
    responses: Record<string, { content?: Record<string, unknown> }>;
  }
  async function bodyOperations(): Promise<[string, string, Op][]> {
    const doc = (await api("GET", "/openapi.json", { token: null })).body;
    return Object.entries(doc.paths as Record<string, Record<string, Op>>).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => op.requestBody !== undefined)
        .map(([method, op]): [string, string, Op] => [method.toUpperCase(), path, op]),
    );
  }
  // Names every path parameter pattern accepts (operation ids included).
  const concrete = (path: string) =>
    path.replace("{id}", "op-00000000-0000-4000-8000-000000000000").replace(/\{[^}]+\}/g, "x1");

  it("every operation that takes a body documents 413 and 415 as problem+json, and every operation 503", async () => {
    const doc = (await api("GET", "/openapi.json", { token: null })).body;
    const operations = await bodyOperations();
    expect(operations.length).toBeGreaterThan(20);
    for (const [method, path, op] of operations) {
      for (const status of ["413", "415"]) {
        expect(op.responses[status]?.content, `${method} ${path} ${status}`).toHaveProperty(
          "application/problem+json",
        );
      }
    }
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Op>>)) {
      for (const [method, op] of Object.entries(item)) {
        expect(op.responses["503"], `${method} ${path}`).toBeDefined();
      }
    }
  });

  it("every operation that takes a body answers a body over the limit with 413 and a non-JSON body with 415", async () => {
    // The answers themselves are checked against the document by api().
    for (const [method, path, op] of await bodyOperations()) {
      const url = concrete(path);
      const limit = bodyLimitFor(method, url);
      const huge = await api(method, url, { body: { padding: "x".repeat(limit + 1) } });
      expect(huge.status, `${method} ${path}`).toBe(413);
      // The signed executor callback checks its signature first (401).
      if (op.security?.length === 0) continue;
      const text = await api(method, url, {
        body: "a=1",
        headers: { "content-type": "text/plain" },
      });
      expect(text.status, `${method} ${path}`).toBe(415);
    }
  });
});
