import { env, runInDurableObject } from "cloudflare:test";
import { getAutoUpgradeProfile, openInventory, putAutoUpgradeProfile } from "@regatta/inventory";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { runScheduled } from "../../src/scheduled.ts";
import { clusterBody, poolBody, seedBasics } from "../fixtures.ts";
import { api, freezeClock } from "../helpers.ts";
import { getRun, memberOf } from "../update-runs/helpers.ts";

// seedBasics publishes 2022-R25 (1.21.11-gke.1100 … 1.24.5-gke.600) with no node images.
const FLEET = "prod";
const MONDAY = Date.parse("2026-01-05T00:00:00Z");
const PROFILES = `/v1/fleets/${FLEET}/auto-upgrade-profiles`;

async function runNames(): Promise<string[]> {
  const res = await api("GET", `/v1/fleets/${FLEET}/update-runs`);
  expect(res.status).toBe(200);
  return res.body.items.map((r: { name: string }) => r.name).sort();
}

async function cronTick(): Promise<void> {
  const { body } = await api("GET", "/v1/sim");
  await runScheduled(env, Date.parse(body.now));
}

beforeAll(async () => {
  await seedBasics(FLEET);
  await freezeClock(MONDAY);
  const strategy = await api("PUT", `/v1/fleets/${FLEET}/update-strategies/rings`, {
    body: { stages: [{ name: "all", groups: [{ name: "ring-1" }] }] },
  });
  expect(strategy.status).toBe(201);
  for (const name of ["c-1", "c-2"]) {
    const c = await api("PUT", `/v1/clusters/${name}`, {
      body: clusterBody({ fleet: FLEET, updateGroup: "ring-1" }),
    });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    const p = await api("PUT", `/v1/clusters/${name}/node-pools/np`, {
      body: poolBody({ nodeCount: 1, zones: ["europe-west1-b"], nodeImage: "cos-105" }),
    });
    expect(p.status, JSON.stringify(p.body)).toBe(201);
  }
});

afterEach(async () => {
  await runInDurableObject(env.FLEET.get(env.FLEET.idFromName(FLEET)), (_i, state) =>
    state.storage.deleteAlarm(),
  );
});

describe("auto-upgrade generation", () => {
  it("EXT-5 NodeImage: a newer image published in the members' region generates a NodeImageOnly run", async () => {
    const created = await api("PUT", `${PROFILES}/images`, {
      body: { strategy: "rings", channel: "NodeImage" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.status).toEqual({
      reason: "EXT-5: no member has a newer node image published in its region",
    });
    const release = await api("PUT", "/v1/releases/2022-R26", {
      body: {
        channel: "REGULAR",
        targets: { "1.21": "1.21.14-gke.4300" },
        nodeImages: [
          { version: "cos-105", regions: ["europe-west1"] },
          { version: "cos-110", regions: ["europe-west1"] },
        ],
      },
    });
    expect(release.status, JSON.stringify(release.body)).toBe(201);
    const profile = await api("GET", `${PROFILES}/images`);
    expect(profile.body.status.lastRun).toBe("images-cos-110-1");
    const run = await getRun("images-cos-110-1");
    expect(run.state).not.toBe("NotStarted");
    expect(memberOf(run, "c-1").state).not.toBe("NotStarted");
    // Disabled again, so the next test has the fleet to itself.
    const off = await api("PUT", `${PROFILES}/images`, {
      body: { strategy: "rings", channel: "NodeImage", disabled: true },
    });
    expect(off.status).toBe(200);
  });

  it("EXT-5 two cron ticks racing generate one run: the generation is claimed once", async () => {
    // Written straight to D1 so no PUT reconciles it first: the two ticks meet it fresh.
    const db = openInventory(env.DB);
    await putAutoUpgradeProfile(
      db,
      {
        fleet: FLEET,
        name: "pinned",
        strategy: "rings",
        channel: "TargetKubernetesVersion",
        targetKubernetesVersion: "1.21.14-gke.4300",
        nodeImageSelection: "Latest",
        disabled: false,
      },
      MONDAY,
      20,
    );
    await Promise.all([cronTick(), cronTick()]);
    const generated = (await runNames()).filter((n) => n.startsWith("pinned-"));
    expect(generated).toEqual(["pinned-1-21-14-gke-4300-1"]);
    const row = await getAutoUpgradeProfile(db, FLEET, "pinned");
    expect(row).toMatchObject({ generation: 1, lastRun: "pinned-1-21-14-gke-4300-1" });
    const run = await getRun("pinned-1-21-14-gke-4300-1");
    expect(run.state).not.toBe("NotStarted");
  });
});
