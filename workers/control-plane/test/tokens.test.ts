import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api } from "./helpers.ts";

describe("tokens", () => {
  it("an admin creates a token whose secret is shown once and stored only hashed", async () => {
    const res = await api("POST", "/v1/tokens", {
      body: { name: "ci-bot", role: "viewer", fleets: ["staging"] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "ci-bot",
      role: "viewer",
      fleets: ["staging"],
      scopes: [],
    });
    expect(res.body.token).toMatch(/^rgt_/);
    const stored = await env.DB.prepare(
      "SELECT secret_hash FROM api_tokens WHERE name = 'ci-bot'",
    ).first<{ secret_hash: string }>();
    expect(stored!.secret_hash).not.toContain(res.body.token);
    expect(stored!.secret_hash).toMatch(/^[0-9a-f]{64}$/);

    const list = await api("GET", "/v1/tokens");
    expect(list.status).toBe(200);
    expect(list.body.items.map((t: { name: string }) => t.name)).toContain("ci-bot");
    expect(JSON.stringify(list.body)).not.toContain(res.body.token);

    // The new secret authenticates; the viewer may read the sim clock but not change it.
    expect((await api("GET", "/v1/sim", { token: res.body.token })).status).toBe(200);
    const refused = await api("POST", "/v1/sim/advance", {
      token: res.body.token,
      body: { seconds: 1 },
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    // Tokens are admin business.
    expect((await api("GET", "/v1/tokens", { token: res.body.token })).status).toBe(403);

    expect((await api("DELETE", "/v1/tokens/ci-bot")).status).toBe(204);
    expect((await api("GET", "/v1/sim", { token: res.body.token })).status).toBe(401);
    expect((await api("DELETE", "/v1/tokens/ci-bot")).status).toBe(404);
  });

  it("a duplicate token name is 409", async () => {
    expect(
      (await api("POST", "/v1/tokens", { body: { name: "dup", role: "operator" } })).status,
    ).toBe(201);
    const again = await api("POST", "/v1/tokens", { body: { name: "dup", role: "operator" } });
    expect(again.status).toBe(409);
  });

  it("bad token input is a 400 with field paths", async () => {
    const res = await api("POST", "/v1/tokens", {
      body: { name: "Bad Name", role: "root", extra: 1 },
    });
    expect(res.status).toBe(400);
    const paths = res.body.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(["json.name", "json.role"]));
  });

  it("a list with a forged cursor is 400", async () => {
    const res = await api("GET", "/v1/tokens?cursor=not-a-cursor");
    expect(res.status).toBe(400);
  });
});

describe("Idempotency-Key", () => {
  it("the same key and body replays the first answer; another body is 422", async () => {
    const headers = { "idempotency-key": "advance-replay-1" };
    const first = await api("POST", "/v1/sim/advance", { headers, body: { seconds: 1 } });
    expect(first.status).toBe(200);
    const second = await api("POST", "/v1/sim/advance", { headers, body: { seconds: 1 } });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    const other = await api("POST", "/v1/sim/advance", { headers, body: { seconds: 2 } });
    expect(other.status).toBe(422);
    expect(other.headers.get("content-type")).toBe("application/problem+json");
  });
});
