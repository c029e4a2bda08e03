import { env, runInDurableObject } from "cloudflare:test";
import { afterEach, beforeAll, expect } from "vitest";
import { clusterBody, poolBody, seedBasics } from "../fixtures.ts";
import { api, freezeClock } from "../helpers.ts";

export const DAY = 86_400;

/** Shared inventory, the file's fleets, the sim clock frozen on a Monday. */
export function useRolloutFixtures(fleets: readonly string[]): void {
  beforeAll(async () => {
    await seedBasics();
    for (const fleet of fleets) {
      expect((await api("PUT", `/v1/fleets/${fleet}`, { body: {} })).status).toBeLessThan(300);
    }
    await freezeClock(Date.parse("2026-01-05T00:00:00Z"));
  });
  afterEach(async () => {
    for (const fleet of [...fleets, "prod"]) {
      await runInDurableObject(env.FLEET.get(env.FLEET.idFromName(fleet)), (_i, state) =>
        state.storage.deleteAlarm(),
      );
    }
  });
}

/** A standalone cluster in `fleet` on `version` with one 1-node surge pool at the same version. */
export async function sequencedCluster(
  name: string,
  fleet: string,
  version: string,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const put = await api("PUT", `/v1/clusters/${name}`, {
    body: clusterBody({ fleet, version, ...extra }),
  });
  expect(put.status, JSON.stringify(put.body)).toBe(201);
  const pool = await api("PUT", `/v1/clusters/${name}/node-pools/p`, {
    body: poolBody({
      version,
      nodeCount: 1,
      zones: ["europe-west1-b"],
      upgradeStrategy: { type: "SURGE", maxSurge: 1, maxUnavailable: 0 },
    }),
  });
  expect(pool.status, JSON.stringify(pool.body)).toBe(201);
}

/** Moves virtual time in steps, each running every fleet's due timers. */
export async function advance(seconds: number, step = 600): Promise<void> {
  for (let done = 0; done < seconds; done += step) {
    const res = await api("POST", "/v1/sim/advance", {
      body: { seconds: Math.min(step, seconds - done) },
    });
    expect(res.status).toBe(200);
  }
  // Words between fleets land as timers due now: one more round hears them.
  await api("POST", "/v1/sim/advance", { body: { seconds: 0 } });
  await api("POST", "/v1/sim/advance", { body: { seconds: 0 } });
}

export interface UpgradeView {
  type: string;
  version: string;
  tracking: string;
  state: string;
  startedAt?: string;
  soakEndsAt?: string;
  reason?: string;
  clusters: { cluster: string; state: string; reason?: string }[];
}

export async function rollout(
  path: string,
): Promise<{ upgrades: UpgradeView[]; clusters: { cluster: string; reason: string }[] }> {
  const res = await api("GET", `${path}/rollout`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

export function upgradeOf(status: { upgrades: UpgradeView[] }, type: string, version: string) {
  return status.upgrades.find((u) => u.type === type && u.version === version);
}
