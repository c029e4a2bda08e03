import { env, runInDurableObject } from "cloudflare:test";
import type { UpdateRun } from "@regatta/engine";
import { afterEach, beforeAll, expect } from "vitest";
import {
  loadRun,
  loadStarts,
  type PendingStart,
  saveRun,
  saveStarts,
} from "../../src/objects/update-run/store.ts";
import type { ObjectWiring } from "../../src/objects/wiring.ts";
import { clusterBody, poolBody, seedBasics } from "../fixtures.ts";
import { api, freezeClock } from "../helpers.ts";

export const FLEET = "prod";
export const OLD = "1.21.11-gke.1100";
export const NEW = "1.21.14-gke.4300";
/** Monday 2026-01-05 00:00 UTC. */
export const MONDAY = Date.parse("2026-01-05T00:00:00Z");

export interface RunMemberBody {
  cluster: string;
  state: string;
  message?: string;
  startedAt?: string;
  endedAt?: string;
  nodeImage?: string;
  operation?: string;
}
export interface RunBody {
  name: string;
  state: string;
  message?: string;
  nodeImage?: string;
  startedAt?: string;
  endedAt?: string;
  stages: {
    name: string;
    state: string;
    message?: string;
    afterStageWaitEndsAt?: string;
    groups: { name: string; state: string; message?: string; members: RunMemberBody[] }[];
  }[];
}

/** Inventory, a frozen sim clock, node images in the region, and no alarm left between tests. */
export function useRunFixtures(): void {
  beforeAll(async () => {
    await seedBasics(FLEET);
    await freezeClock(MONDAY);
    const release = await api("PUT", "/v1/releases/2022-R26", {
      body: {
        channel: "REGULAR",
        targets: { "1.21": NEW },
        versions: [OLD, NEW],
        nodeImages: [
          { version: "cos-105", regions: ["europe-west1"] },
          { version: "cos-110", regions: ["europe-west1"] },
        ],
      },
    });
    expect(release.status, JSON.stringify(release.body)).toBeLessThan(300);
  });
  afterEach(async () => {
    await runInDurableObject(env.FLEET.get(env.FLEET.idFromName(FLEET)), (_i, state) =>
      state.storage.deleteAlarm(),
    );
  });
}

/** A cluster of the fleet on OLD, with optional pools (one node each). */
export async function cluster(
  name: string,
  extra: Record<string, unknown> = {},
  pools: Record<string, Record<string, unknown>> = {},
): Promise<void> {
  const res = await api("PUT", `/v1/clusters/${name}`, {
    body: clusterBody({ fleet: FLEET, version: OLD, ...extra }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  for (const [pool, body] of Object.entries(pools)) {
    const p = await api("PUT", `/v1/clusters/${name}/node-pools/${pool}`, {
      body: poolBody({ version: OLD, nodeCount: 1, zones: ["europe-west1-b"], ...body }),
    });
    expect(p.status, JSON.stringify(p.body)).toBe(201);
  }
}

export async function createRun(body: Record<string, unknown>) {
  return api("POST", `/v1/fleets/${FLEET}/update-runs`, { body });
}

export async function getRun(name: string): Promise<RunBody> {
  const res = await api("GET", `/v1/fleets/${FLEET}/update-runs/${name}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as RunBody;
}

export function memberOf(run: RunBody, cluster: string): RunMemberBody {
  for (const s of run.stages)
    for (const g of s.groups) for (const m of g.members) if (m.cluster === cluster) return m;
  throw new Error(`no member ${cluster}`);
}

/** Advances virtual time in steps (the run's own wake-up wakes it) until `done` holds. */
export async function advanceRunUntil(
  name: string,
  done: (run: RunBody) => boolean,
  options: { stepSeconds?: number; maxSteps?: number } = {},
): Promise<RunBody> {
  for (let i = 0; i < (options.maxSteps ?? 200); i++) {
    const run = await getRun(name);
    if (done(run)) return run;
    await api("POST", "/v1/sim/advance", { body: { seconds: options.stepSeconds ?? 300 } });
  }
  throw new Error(`run ${name} did not reach the condition: ${JSON.stringify(await getRun(name))}`);
}

/**
 * Changes what the run object `run` keeps, through its own store (store.ts), as a crash
 * or a slow fleet would leave it: `change` gets the run and the starts not yet confirmed
 * and returns what to keep.
 */
export async function editStoredRun(
  run: string,
  change: (stored: { run: UpdateRun; starts: PendingStart[] }) => {
    run: UpdateRun;
    starts: PendingStart[];
  },
): Promise<void> {
  const stub = env.UPDATE_RUN.get(env.UPDATE_RUN.idFromName(`${FLEET}/${run}`));
  await runInDurableObject(stub, async (instance) => {
    const runtime = await (instance as unknown as { wiring: ObjectWiring }).wiring.ready();
    await runtime.commit((tx) => {
      const kept = change({ run: structuredClone(loadRun(tx)!), starts: [...loadStarts(tx)] });
      saveRun(tx, kept.run, undefined);
      saveStarts(tx, kept.starts);
    });
  });
}
