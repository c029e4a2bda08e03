import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, freezeClock, START } from "./helpers.ts";

describe("sim provider endpoints", () => {
  it("GET /v1/sim shows the virtual clock", async () => {
    await freezeClock();
    const res = await api("GET", "/v1/sim");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      now: new Date(START).toISOString(),
      speed: 0,
      settings: { durations: {}, jitter: 0, rejectionDelaySeconds: 5 },
      faults: [],
    });
  });

  it("POST /v1/sim/advance moves virtual time", async () => {
    await freezeClock();
    const res = await api("POST", "/v1/sim/advance", { body: { seconds: 3600 } });
    expect(res.status).toBe(200);
    expect(res.body.now).toBe(new Date(START + 3_600_000).toISOString());
  });

  it("faults can be injected, listed and cleared", async () => {
    const fault = {
      match: { cluster: "c1", operation: "CREATE_NODE" },
      effect: "QUOTA_EXCEEDED",
      times: 2,
    };
    const put = await api("PUT", "/v1/sim/faults/quota-c1", { body: fault });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ id: "quota-c1", ...fault });
    expect((await api("GET", "/v1/sim")).body.faults).toEqual([{ id: "quota-c1", ...fault }]);
    expect((await api("DELETE", "/v1/sim/faults/quota-c1")).status).toBe(204);
    expect((await api("DELETE", "/v1/sim/faults/quota-c1")).status).toBe(404);
    expect((await api("GET", "/v1/sim")).body.faults).toEqual([]);
  });

  it("the sim applies at most 500 faults: a new one past them is a 409 and nothing is stored; replacing one still works", async () => {
    const fault = { match: { cluster: "c1" }, effect: "FAIL" };
    const insert = env.DB.prepare(
      "INSERT INTO sim_faults (id, match, effect, times, created_at) VALUES (?, ?, 'FAIL', NULL, 0)",
    );
    await env.DB.batch(
      Array.from({ length: 500 }, (_, i) =>
        insert.bind(`bulk-${String(i).padStart(3, "0")}`, JSON.stringify(fault.match)),
      ),
    );
    const refused = await api("PUT", "/v1/sim/faults/one-too-many", { body: fault });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain("at most 500 faults");
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM sim_faults").first<{
      n: number;
    }>();
    expect(stored?.n).toBe(500);
    const replaced = await api("PUT", "/v1/sim/faults/bulk-000", { body: { ...fault, times: 1 } });
    expect(replaced.status).toBe(200);
    await env.DB.prepare("DELETE FROM sim_faults WHERE id LIKE 'bulk-%'").run();
    expect((await api("PUT", "/v1/sim/faults/one-more", { body: fault })).status).toBe(200);
    expect((await api("DELETE", "/v1/sim/faults/one-more")).status).toBe(204);
  });

  it("a fault with an unknown effect or extra field is a 400 naming the field", async () => {
    const res = await api("PUT", "/v1/sim/faults/f1", { body: { effect: "MELT" } });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.body.errors[0].path).toBe("json.effect");
    const extra = await api("PUT", "/v1/sim/faults/f1", {
      body: { effect: "FAIL", colour: "red" },
    });
    expect(extra.status).toBe(400);
  });

  it("malformed JSON is a 400, not a 500", async () => {
    const res = await api("PUT", "/v1/sim/faults/f1", { body: "{not json" });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
  });

  it("an oversized body is refused with 413", async () => {
    const res = await api("PUT", "/v1/sim/faults/f1", {
      body: JSON.stringify({ effect: "FAIL", pad: "x".repeat(1_100_000) }),
    });
    expect(res.status).toBe(413);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
  });

  it("durations, jitter and refusal delay are configurable; bad values are 400", async () => {
    const res = await api("PUT", "/v1/sim/settings", {
      body: { durations: { CREATE_NODE: 300, DRAIN_NODE: 30 }, jitter: 0.1 },
    });
    expect(res.status).toBe(200);
    expect(res.body.settings).toEqual({
      durations: { CREATE_NODE: 300, DRAIN_NODE: 30 },
      jitter: 0.1,
      rejectionDelaySeconds: 5,
    });
    expect(
      (await api("PUT", "/v1/sim/settings", { body: { durations: { MAKE_TEA: 5 } } })).status,
    ).toBe(400);
    expect((await api("PUT", "/v1/sim/settings", { body: { jitter: 2 } })).status).toBe(400);
    expect((await api("PUT", "/v1/sim/settings", { body: {} })).body.settings.durations).toEqual(
      {},
    );
  });

  it("preempting a node of an unknown cluster is 404", async () => {
    const res = await api("POST", "/v1/sim/preempt", {
      body: { cluster: "nope", pool: "p", node: "n" },
    });
    expect(res.status).toBe(404);
  });
});
