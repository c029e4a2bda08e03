import { describe, expect, it } from "vitest";
import { sign } from "../src/providers/signature.ts";
import { api } from "./helpers.ts";

const id = "op-00000000-0000-4000-8000-000000000000";
const path = `/v1/operations/${id}/events`;
const body = JSON.stringify({ type: "COMMAND_SUCCEEDED", commandId: `${id}:n:CREATE:1` });

describe("the executor callback authenticates by signature, not by bearer token", () => {
  it("a bad signature is a 401 problem even with an admin bearer token", async () => {
    const res = await api("POST", path, {
      body,
      headers: { "x-regatta-signature": `sha256=${"0".repeat(64)}` },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.body).toMatchObject({ status: 401, detail: "missing or bad X-Regatta-Signature" });
  });

  it("a signed callback needs no bearer token; an unknown operation is a 404", async () => {
    const signature = await sign("test-webhook-secret", body);
    const res = await api("POST", path, {
      token: null,
      body,
      headers: { "x-regatta-signature": signature },
    });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ detail: `operation ${id} does not exist` });
  });

  it("other methods on the callback's path still need a bearer token", async () => {
    const res = await api("GET", path, { token: null });
    expect(res.status).toBe(401);
  });
});
