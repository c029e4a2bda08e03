import { env, runInDurableObject } from "cloudflare:test";
import { afterEach, beforeAll, expect } from "vitest";
import { clusterBody, poolBody, seedBasics } from "../fixtures.ts";
import { api, freezeClock } from "../helpers.ts";

/** The pools' version before the upgrade, and the cluster's (the upgrade's target). */
export const OLD = "1.21.11-gke.1100";
export const NEW = "1.21.14-gke.4300";

/**
 * The hooks every node-pool API test file runs: the shared inventory, the sim clock
 * frozen on a Monday, and no fleet alarm left over from a test.
 */
export function useNodePoolFixtures(): void {
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

/** Whether node listings ask the fleet object for the operation's pool (D1 index). */
export async function isLive(id: string): Promise<boolean> {
  const row = await env.DB.prepare("SELECT live FROM operations WHERE id = ?").bind(id).first();
  return row?.live === 1;
}

/** A cluster on {@link NEW} with one pool `p` on {@link OLD}. */
export async function clusterWithPool(
  cluster: string,
  pool: Record<string, unknown>,
  clusterOverrides: Record<string, unknown> = {},
) {
  expect(
    (
      await api("PUT", `/v1/clusters/${cluster}`, {
        body: clusterBody({ version: NEW, ...clusterOverrides }),
      })
    ).status,
  ).toBe(201);
  const res = await api("PUT", `/v1/clusters/${cluster}/node-pools/p`, {
    body: poolBody({ version: OLD, ...pool }),
  });
  expect(res.status).toBe(201);
}

export interface OperationBody {
  id: string;
  state: string;
  phase: string;
  strategy: string;
  reason?: string;
  progress: { done: number; total: number };
  events: { at: string; message: string }[];
}

/** Advances virtual time in steps until `done` holds for the operation (bounded). */
export async function advanceUntil(
  id: string,
  done: (op: OperationBody) => boolean,
  options: { stepSeconds?: number; maxSteps?: number; inspect?: () => Promise<void> } = {},
): Promise<OperationBody> {
  const step = options.stepSeconds ?? 60;
  const max = options.maxSteps ?? 400;
  for (let i = 0; i < max; i++) {
    const op = (await api("GET", `/v1/operations/${id}`)).body as OperationBody;
    if (done(op)) return op;
    await options.inspect?.();
    await api("POST", "/v1/sim/advance", { body: { seconds: step } });
  }
  throw new Error(`operation ${id} did not reach the condition within ${max} steps`);
}

export async function nodesOf(cluster: string, pool: string) {
  const res = await api("GET", `/v1/clusters/${cluster}/nodes?pool=${pool}&limit=500`);
  return res.body.items as {
    name: string;
    version: string;
    state: string;
    color?: string;
    zone: string;
  }[];
}

/**
 * A cluster `cluster` with a one-node surge pool whose inventory says it runs {@link OLD},
 * and its upgrade to {@link NEW} started; the upgrade's id.
 */
export async function upgradeFromOld(cluster: string): Promise<string> {
  await clusterWithPool(cluster, {
    nodeCount: 1,
    zones: ["europe-west1-b"],
    upgradeStrategy: { type: "SURGE", maxSurge: 1, maxUnavailable: 0 },
  });
  await env.DB.prepare("UPDATE clusters SET status_version = ?, spec_version = ? WHERE name = ?")
    .bind(OLD, OLD, cluster)
    .run();
  const started = await api("POST", `/v1/clusters/${cluster}/upgrade`, { body: { version: NEW } });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return started.body.id as string;
}

/**
 * The prod fleet object's stored values whose keys start with `prefix`, parsed: from rows
 * of their own and from the packed row (runtime/packed-row.ts) alike.
 */
export function storedValues(prefix: string): Promise<[string, unknown][]> {
  return runInDurableObject(env.FLEET.get(env.FLEET.idFromName("prod")), (_i, state) => {
    const sql = state.storage.sql;
    const own = sql
      .exec<{ key: string; value: string }>(
        "SELECT key, value FROM state WHERE key >= ? AND key < ?",
        prefix,
        `${prefix}\uffff`,
      )
      .toArray()
      .map((row): [string, unknown] => [row.key, JSON.parse(row.value)]);
    const [packed] = sql
      .exec<{ value: string }>("SELECT value FROM state WHERE key = '~packed'")
      .toArray();
    const inPacked = Object.entries(
      packed ? (JSON.parse(packed.value) as Record<string, unknown>) : {},
    ).filter(([key]) => key.startsWith(prefix));
    return [...own, ...inPacked];
  });
}
