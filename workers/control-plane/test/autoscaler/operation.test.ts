import { env, runInDurableObject } from "cloudflare:test";
import { Operation } from "@regatta/contract";
import { describe, expect, it } from "vitest";
import { api, moveWallClock } from "../helpers.ts";
import { clusterWithPools, pods, useAutoscalerFixtures } from "./helpers.ts";

useAutoscalerFixtures();

const DAY = 86_400;

async function indexRow(cluster: string) {
  return env.DB.prepare("SELECT id, kind FROM operations WHERE cluster = ? AND kind = 'AUTOSCALER'")
    .bind(cluster)
    .first<{ id: string; kind: string }>();
}

/** The fleet object's rows that still name the operation. */
function storedRows(id: string) {
  return runInDurableObject(env.FLEET.get(env.FLEET.idFromName("prod")), (_i, state) =>
    state.storage.sql
      .exec<{ key: string }>("SELECT key FROM state WHERE key LIKE ?", `%${id}%`)
      .toArray()
      .map((row) => row.key),
  );
}

async function advance(seconds: number) {
  const res = await api("POST", "/v1/sim/advance", { body: { seconds } });
  expect(res.status).toBe(200);
}

describe("the autoscaler's operation through the API (CA-17)", () => {
  it("CA-17 GET /v1/operations/{id} answers the autoscaler's operation, which retention removes with its index row 30 wall-clock days after its cluster went", async () => {
    await clusterWithPools("as-op", {
      p: {
        zones: ["europe-west1-b"],
        nodeCount: 1,
        autoscaling: { enabled: true, minNodes: 1, maxNodes: 4 },
      },
    });
    const put = await api("PUT", "/v1/clusters/as-op/workloads", {
      body: { pods: pods("w", 3, 3000) },
    });
    expect(put.status).toBe(200);
    const row = await indexRow("as-op");
    expect(row).not.toBeNull();
    const id = row?.id as string;

    const running = await api("GET", `/v1/operations/${id}`);
    expect(running.status, JSON.stringify(running.body)).toBe(200);
    expect(Operation.safeParse(running.body).success).toBe(true);
    expect(running.body).toMatchObject({
      id,
      kind: "AUTOSCALER",
      target: { cluster: "as-op", version: "1.33.5-gke.1000" },
      state: "RUNNING",
      progress: { done: 0, total: 2 },
    });
    expect(
      running.body.events.some((e: { message: string }) => e.message.includes("SCALE_UP")),
    ).toBe(true);

    // The two new nodes come up: the operation counts them done.
    await advance(600);
    const scaled = (await api("GET", `/v1/operations/${id}`)).body;
    expect(scaled.progress).toEqual({ done: 2, total: 2 });

    expect((await api("DELETE", "/v1/clusters/as-op")).status).toBe(204);
    const ended = await api("GET", `/v1/operations/${id}`);
    expect(ended.status).toBe(200);
    expect(Operation.safeParse(ended.body).success).toBe(true);
    expect(ended.body.state).toBe("SUCCEEDED");
    expect(ended.body.endedAt).toBeDefined();

    // Retention is bookkeeping: 31 virtual days in a few wall seconds keep it.
    await advance(31 * DAY);
    expect((await api("GET", `/v1/operations/${id}`)).status).toBe(200);
    await moveWallClock((30 * DAY - 60) * 1000);
    expect((await api("GET", `/v1/operations/${id}`)).status).toBe(200);
    await moveWallClock(120 * 1000);
    expect((await api("GET", `/v1/operations/${id}`)).status).toBe(404);
    expect(await indexRow("as-op")).toBeNull();
    expect(await storedRows(id)).toEqual([]);
  });
});
