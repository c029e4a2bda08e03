import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { RETAINED, recordDecisions } from "../../src/objects/fleet/autoscaler/decisions.ts";
import type { FleetObject } from "../../src/objects/fleet/fleet-object.ts";
import type { ObjectRuntime } from "../../src/runtime/runtime.ts";
import { api } from "../helpers.ts";
import { clusterWithPools, type DecisionBody, useAutoscalerFixtures } from "./helpers.ts";

useAutoscalerFixtures();

async function record(cluster: string, count: number, start: number): Promise<void> {
  await runInDurableObject(env.FLEET.get(env.FLEET.idFromName("prod")), async (i: FleetObject) => {
    const runtime = await (i as unknown as { ready(): Promise<ObjectRuntime> }).ready();
    await runtime.commit((tx) =>
      recordDecisions(
        tx,
        cluster,
        Array.from({ length: count }, (_, n) => ({
          at: tx.now,
          pool: n % 2 === 0 ? "a" : "b",
          action: "SCALE_UP" as const,
          delta: 1,
          reason: `decision ${start + n}`,
        })),
      ),
    );
  });
}

describe("the decision log (CA-17)", () => {
  it("CA-17 decisions are paged newest first, filtered by pool, and only the last 1,000 are kept", async () => {
    await clusterWithPools("log-a", { a: { nodeCount: 1 }, b: { nodeCount: 1 } });
    await record("log-a", 1250, 0);
    const seen: DecisionBody[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : "";
      const res = await api("GET", `/v1/clusters/log-a/autoscaler/decisions?limit=300${query}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.items);
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen.length).toBeGreaterThanOrEqual(RETAINED);
    expect(seen.length).toBeLessThan(RETAINED + 100);
    expect(seen[0]!.reason).toBe("decision 1249");
    const ids = seen.map((d) => d.id);
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);

    const onlyB = await api("GET", "/v1/clusters/log-a/autoscaler/decisions?pool=b&limit=5");
    expect(onlyB.body.items.map((d: DecisionBody) => d.reason)).toEqual([
      "decision 1249",
      "decision 1247",
      "decision 1245",
      "decision 1243",
      "decision 1241",
    ]);
    const bad = await api("GET", "/v1/clusters/log-a/autoscaler/decisions?cursor=nonsense");
    expect(bad.status).toBe(400);
    const viewer = await api("GET", "/v1/clusters/nope/autoscaler/decisions");
    expect(viewer.status).toBe(404);
  });

  it("CA-17 decisions filter by action (a comma-separated list), across pages and with the pool filter; an unknown action is a 422 citing CA-17", async () => {
    await clusterWithPools("log-act", { a: { nodeCount: 1 }, b: { nodeCount: 1 } });
    await runInDurableObject(
      env.FLEET.get(env.FLEET.idFromName("prod")),
      async (i: FleetObject) => {
        const runtime = await (i as unknown as { ready(): Promise<ObjectRuntime> }).ready();
        await runtime.commit((tx) =>
          recordDecisions(
            tx,
            "log-act",
            Array.from({ length: 300 }, (_, n) => ({
              at: tx.now,
              pool: n % 2 === 0 ? "a" : "b",
              // Mostly no-ops, as a quiet day is: a scale-up at every 50th, a scale-down at every 75th.
              action:
                n % 50 === 0
                  ? ("SCALE_UP" as const)
                  : n % 75 === 1
                    ? ("SCALE_DOWN" as const)
                    : ("NOOP" as const),
              delta: n % 50 === 0 ? 1 : n % 75 === 1 ? -1 : 0,
              reason: `decision ${n}`,
            })),
          ),
        );
      },
    );
    const path = "/v1/clusters/log-act/autoscaler/decisions";
    const seen: DecisionBody[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
      const res = await api("GET", `${path}?action=SCALE_UP,SCALE_DOWN&limit=3${query}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.items);
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen.map((d) => d.reason)).toEqual([
      "decision 250",
      "decision 226",
      "decision 200",
      "decision 151",
      "decision 150",
      "decision 100",
      "decision 76",
      "decision 50",
      "decision 1",
      "decision 0",
    ]);
    const ups = await api("GET", `${path}?action=SCALE_UP&pool=a&limit=500`);
    expect(ups.body.items.map((d: DecisionBody) => d.reason)).toEqual(
      [250, 200, 150, 100, 50, 0].map((n) => `decision ${n}`),
    );
    const bad = await api("GET", `${path}?action=SCALE_SIDEWAYS`);
    expect(bad.status).toBe(422);
    expect(bad.body.rule).toBe("CA-17");
    expect(bad.headers.get("content-type")).toBe("application/problem+json");
  });

  it("CA-17 a quiet cluster does not fill the log: a NOOP repeating the pool's last decision is not recorded again", async () => {
    await clusterWithPools("log-quiet", { p: { nodeCount: 1 } });
    await api("PUT", "/v1/clusters/log-quiet/workloads", {
      body: {
        pods: [
          {
            name: "w",
            node: "log-quiet-p-europe-west1-b-0000",
            containers: [{ cpuMillis: 3000, memoryMiB: 1 }],
          },
        ],
      },
    });
    const before = (await api("GET", "/v1/clusters/log-quiet/autoscaler/decisions")).body.items;
    for (let i = 0; i < 5; i++) await api("POST", "/v1/clusters/log-quiet/autoscaler/evaluate");
    const after = (await api("GET", "/v1/clusters/log-quiet/autoscaler/decisions")).body.items;
    expect(after).toHaveLength(before.length);
  });
});
