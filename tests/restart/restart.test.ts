import { execFile } from "node:child_process";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { type ControlPlane, startControlPlane } from "../harness/control-plane.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const WRANGLER = join(ROOT, "node_modules/.bin/wrangler");
const SPEED = 3600;
const DOWN_MS = 5 * 60_000;
/** The most virtual time a restart may count as run: the clock's lease (5 s) at speed. */
const LEASE_VIRTUAL_MS = 5_000 * SPEED;

async function call(cp: ControlPlane, method: string, path: string, body?: unknown) {
  const response = await fetch(`${cp.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${cp.token}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === "" ? undefined : JSON.parse(text) };
}

async function virtualNow(cp: ControlPlane): Promise<number> {
  const sim = await call(cp, "GET", "/v1/sim");
  expect(sim.status).toBe(200);
  return Date.parse(sim.body.now);
}

/**
 * What five minutes of downtime look like to the stored clock: every wall instant the
 * stopped process wrote lies five minutes further back.
 */
async function moveWallTime(persist: string, ms: number): Promise<void> {
  const sql = `UPDATE sim_clock SET anchor_wall_ms = anchor_wall_ms - ${ms}, lease_wall_ms = lease_wall_ms - ${ms}`;
  await promisify(execFile)(
    WRANGLER,
    ["d1", "execute", "regatta-inventory", "--local", "--persist-to", persist, "--command", sql],
    { cwd: ROOT },
  );
}

/** An autoscaled pool with a pod that fits nowhere: work pending across the restart. */
async function seedPendingWork(cp: ControlPlane): Promise<void> {
  const puts: [string, unknown][] = [
    ["/v1/zones/europe-west1-b", { region: "europe-west1", quota: { nodes: 100 } }],
    ["/v1/machine-types/e2-standard-4", { cpuMillis: 4000, memoryMiB: 16384, pricePerHour: 0.13 }],
    ["/v1/fleets/f", {}],
    [
      "/v1/clusters/c",
      {
        fleet: "f",
        role: "standalone",
        region: "europe-west1",
        releaseChannel: "REGULAR",
        version: "1.33.5-gke.1000",
      },
    ],
    [
      "/v1/clusters/c/node-pools/p",
      {
        machineType: "e2-standard-4",
        zones: ["europe-west1-b"],
        nodeCount: 1,
        version: "1.33.5-gke.1000",
        nodeImage: "cos",
        autoscaling: { enabled: true, minNodes: 1, maxNodes: 3 },
      },
    ],
    [
      "/v1/clusters/c/workloads",
      { pods: [{ name: "huge", containers: [{ cpuMillis: 64_000, memoryMiB: 256 }] }] },
    ],
  ];
  for (const [path, body] of puts) {
    const put = await call(cp, "PUT", path, body);
    expect(put.status, `${path}: ${JSON.stringify(put.body)}`).toBeLessThan(300);
  }
}

describe("a restart over kept state", () => {
  let cp: ControlPlane | undefined;
  afterAll(async () => {
    if (cp) await rm(cp.persist, { recursive: true, force: true });
  });

  it("answers at once with the virtual clock where it stopped, without replaying the downtime", async () => {
    cp = await startControlPlane({ speed: SPEED });
    await seedPendingWork(cp);
    const before = await virtualNow(cp);
    const readAt = Date.now();
    await cp.halt();

    await moveWallTime(cp.persist, DOWN_MS);
    const started = Date.now();
    cp = await startControlPlane({ speed: SPEED, over: cp });
    const health = await fetch(`${cp.url}/healthz`);
    expect(health.status).toBe(200);
    const after = await virtualNow(cp);
    const upMs = Date.now() - readAt;
    const firstAnswerMs = Date.now() - started;

    // The clock went on from where it stopped: by the lease and the time this test took
    // between its reads at most, never by the five minutes down (12.5 virtual days).
    expect(after).toBeGreaterThanOrEqual(before);
    expect(after - before).toBeLessThan(LEASE_VIRTUAL_MS + upMs * SPEED);
    expect(LEASE_VIRTUAL_MS + upMs * SPEED).toBeLessThan(DOWN_MS * SPEED);
    // Nothing to replay, so the restart answers as fast as a cold start.
    expect(firstAnswerMs).toBeLessThan(60_000);
    // Still running at its speed.
    const later = await virtualNow(cp);
    expect(later).toBeGreaterThan(after);
    await cp.halt();
  }, 240_000);
});
