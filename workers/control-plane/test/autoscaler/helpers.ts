import { env, runInDurableObject } from "cloudflare:test";
import { afterEach, beforeAll, expect } from "vitest";
import { clusterBody, poolBody, seedBasics } from "../fixtures.ts";
import { api, freezeClock } from "../helpers.ts";

/** Shared hooks: the inventory, the frozen sim clock, no fleet alarm left over. */
export function useAutoscalerFixtures(): void {
  beforeAll(async () => {
    await seedBasics();
    await freezeClock(Date.parse("2026-01-05T00:00:00Z"));
  });
  afterEach(async () => {
    await runInDurableObject(env.FLEET.get(env.FLEET.idFromName("prod")), (_i, state) =>
      state.storage.deleteAlarm(),
    );
  });
}

/** A cluster on 1.33 with the given pools (name → overrides of the fixture pool). */
export async function clusterWithPools(
  cluster: string,
  pools: Record<string, Record<string, unknown>>,
  clusterOverrides: Record<string, unknown> = {},
): Promise<void> {
  const version = "1.33.5-gke.1000";
  const res = await api("PUT", `/v1/clusters/${cluster}`, {
    body: clusterBody({ version, ...clusterOverrides }),
  });
  expect(res.status).toBe(201);
  for (const [name, overrides] of Object.entries(pools)) {
    const pool = await api("PUT", `/v1/clusters/${cluster}/node-pools/${name}`, {
      body: poolBody({ version, ...overrides }),
    });
    expect(pool.status, JSON.stringify(pool.body)).toBe(201);
  }
}

/** `count` replicated pods of `cpuMillis` each, pending unless `node` is given. */
export function pods(
  prefix: string,
  count: number,
  cpuMillis: number,
  extra: Record<string, unknown> = {},
): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `${prefix}-${i}`,
    containers: [{ cpuMillis, memoryMiB: 256 }],
    controller: "ReplicaSet",
    ...extra,
  }));
}

export interface DecisionBody {
  id: number;
  at: string;
  pool: string | null;
  action: string;
  delta: number;
  zones?: Record<string, number>;
  nodes?: string[];
  reason: string;
  blockedBy?: string;
}

/** All recorded decisions of a cluster, newest first. */
export async function decisions(cluster: string, pool?: string): Promise<DecisionBody[]> {
  const query = pool ? `&pool=${pool}` : "";
  const res = await api("GET", `/v1/clusters/${cluster}/autoscaler/decisions?limit=500${query}`);
  expect(res.status).toBe(200);
  return res.body.items;
}

export async function evaluate(cluster: string): Promise<DecisionBody[]> {
  const res = await api("POST", `/v1/clusters/${cluster}/autoscaler/evaluate`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.decisions;
}

export async function podsOf(cluster: string) {
  const items: { name: string; node?: string }[] = [];
  let cursor: string | null = null;
  do {
    const q: string = cursor ? `&cursor=${cursor}` : "";
    const res = await api("GET", `/v1/clusters/${cluster}/workloads/pods?limit=500${q}`);
    expect(res.status).toBe(200);
    items.push(...res.body.items);
    cursor = res.body.nextCursor;
  } while (cursor);
  return items;
}
