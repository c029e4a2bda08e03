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
