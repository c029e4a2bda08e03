import { env, runInDurableObject } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { runScheduled } from "../../src/scheduled.ts";
import { clusterBody, poolBody, seedBasics } from "../fixtures.ts";
import { api, freezeClock } from "../helpers.ts";
import { getRun } from "../update-runs/helpers.ts";

const FLEET = "prod";
const PROFILES = `/v1/fleets/${FLEET}/auto-upgrade-profiles`;

beforeAll(async () => {
  await seedBasics(FLEET);
  await freezeClock(Date.parse("2026-01-05T00:00:00Z"));
  const strategy = await api("PUT", `/v1/fleets/${FLEET}/update-strategies/rings`, {
    body: { stages: [{ name: "all", groups: [{ name: "ring-1" }] }] },
  });
  expect(strategy.status).toBe(201);
  const c = await api("PUT", "/v1/clusters/c-1", {
    body: clusterBody({ fleet: FLEET, updateGroup: "ring-1" }),
  });
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  const p = await api("PUT", "/v1/clusters/c-1/node-pools/np", {
    body: poolBody({ nodeCount: 1, zones: ["europe-west1-b"], nodeImage: "cos-105" }),
  });
  expect(p.status, JSON.stringify(p.body)).toBe(201);
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
});

afterEach(async () => {
  await runInDurableObject(env.FLEET.get(env.FLEET.idFromName(FLEET)), (_i, state) =>
    state.storage.deleteAlarm(),
  );
});

describe("auto-upgrade profiles and runs they did not create", () => {
  it("EXT-5 a run someone else created under the profile's next name is never started or waited on by the profile: it generates under the next number", async () => {
    // A user's run takes the name the profile would give its first run.
    const squat = await api("POST", `/v1/fleets/${FLEET}/update-runs`, {
      body: { name: "squat-cos-110-1", strategy: "rings", upgrade: { type: "NodeImageOnly" } },
    });
    expect(squat.status, JSON.stringify(squat.body)).toBe(201);
    const created = await api("PUT", `${PROFILES}/squat`, {
      body: { strategy: "rings", channel: "NodeImage" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { body } = await api("GET", "/v1/sim");
    await runScheduled(env, Date.parse(body.now));
    expect((await getRun("squat-cos-110-1")).state).toBe("NotStarted");
    const profile = await api("GET", `${PROFILES}/squat`);
    expect(profile.body.status.lastRun).toBe("squat-cos-110-2");
    expect((await getRun("squat-cos-110-2")).state).not.toBe("NotStarted");
  });
});
