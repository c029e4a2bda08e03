import { beforeAll, describe, expect, it } from "vitest";
import { clusterBody, seedBasics } from "./fixtures.ts";
import { api, freezeClock } from "./helpers.ts";
import { expectProblem } from "./inventory/problems.ts";

beforeAll(async () => {
  await seedBasics();
  await freezeClock();
});

const labels = { canary: "true", "example.com/tier": "web", "team.example.com/owner": "" };

async function put(name: string, overrides: Record<string, unknown> = {}) {
  return api("PUT", `/v1/clusters/${name}`, { body: clusterBody(overrides) });
}

async function labelsOf(name: string): Promise<unknown> {
  const res = await api("GET", `/v1/clusters/${name}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.labels;
}

describe("cluster labels", () => {
  it("SEQ-16 a cluster keeps the labels its PUT gave it, in GET and in lists", async () => {
    const created = await put("lbl-round", { labels });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.labels).toEqual(labels);
    expect(await labelsOf("lbl-round")).toEqual(labels);

    const list = await api("GET", "/v1/clusters?fleet=prod&limit=100");
    expect(list.status).toBe(200);
    const item = list.body.items.find((c: { name: string }) => c.name === "lbl-round");
    expect(item.labels).toEqual(labels);
  });

  it("SEQ-16 a cluster without labels answers without the field", async () => {
    const created = await put("lbl-none");
    expect(created.status).toBe(201);
    expect(created.body).not.toHaveProperty("labels");
    expect(await labelsOf("lbl-none")).toBeUndefined();
  });

  it("SEQ-16 a PUT replaces the labels as a whole", async () => {
    await put("lbl-replace", { labels });
    const replaced = await put("lbl-replace", { labels: { canary: "false", ring: "2" } });
    expect(replaced.status).toBe(200);
    expect(replaced.body.labels).toEqual({ canary: "false", ring: "2" });
    expect(await labelsOf("lbl-replace")).toEqual({ canary: "false", ring: "2" });
  });

  it("SEQ-16 a PUT that leaves labels out clears them (a PUT replaces the cluster)", async () => {
    await put("lbl-clear", { labels });
    const cleared = await put("lbl-clear");
    expect(cleared.status).toBe(200);
    expect(cleared.body).not.toHaveProperty("labels");
    expect(await labelsOf("lbl-clear")).toBeUndefined();

    await put("lbl-clear", { labels });
    const emptied = await put("lbl-clear", { labels: {} });
    expect(emptied.status).toBe(200);
    expect(emptied.body.labels).toEqual({});
    expect(await labelsOf("lbl-clear")).toEqual({});
  });

  it("SEQ-16 a key that is not a Kubernetes label key is a 400 naming it; nothing changes", async () => {
    await put("lbl-bad-key", { labels });
    const res = await put("lbl-bad-key", { labels: { "-bad": "x" } });
    expectProblem(res, 400, /"-bad"/);
    expect(res.body.errors).toEqual([
      { path: "json.labels.-bad", message: expect.stringContaining('label key "-bad"') },
    ]);
    expect(await labelsOf("lbl-bad-key")).toEqual(labels);

    const prefixed = await put("lbl-bad-key", { labels: { "Example.com/tier": "web" } });
    expectProblem(prefixed, 400, /prefix "Example\.com" is not a DNS subdomain/);
    const tooLong = await put("lbl-bad-key", { labels: { ["n".repeat(64)]: "web" } });
    expectProblem(tooLong, 400, /must be 1 to 63 characters/);
  });

  it("SEQ-16 a value longer than 63 characters is a 400 naming its key", async () => {
    const res = await put("lbl-long-value", { labels: { tier: "v".repeat(64) } });
    expectProblem(res, 400, /json\.labels\.tier: label value "v{64}" must be empty or 1 to 63/);
    expect((await api("GET", "/v1/clusters/lbl-long-value")).status).toBe(404);

    const longest = await put("lbl-long-value", { labels: { tier: "v".repeat(63) } });
    expect(longest.status).toBe(201);
  });

  it("SEQ-16 more than 64 labels is a 400", async () => {
    const many = (n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`key-${i}`, `v${i}`]));
    const res = await put("lbl-many", { labels: many(65) });
    expectProblem(res, 400, /at most 64 labels, not 65/);
    expect((await api("GET", "/v1/clusters/lbl-many")).status).toBe(404);

    const most = await put("lbl-many", { labels: many(64) });
    expect(most.status).toBe(201);
    expect(Object.keys(most.body.labels)).toHaveLength(64);
  });

  it("SEQ-16 labels must be a map of strings", async () => {
    expectProblem(await put("lbl-type", { labels: ["canary"] }), 400);
    expectProblem(await put("lbl-type", { labels: { canary: true } }), 400);
  });
});
