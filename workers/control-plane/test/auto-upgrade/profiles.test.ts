import { env, runInDurableObject } from "cloudflare:test";
import { openInventory, putFleet, putMachineType, putZone } from "@regatta/inventory";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { runScheduled } from "../../src/scheduled.ts";
import { clusterBody } from "../fixtures.ts";
import { advanceClock, api, freezeClock } from "../helpers.ts";
import { expectProblem, tokenFor } from "../inventory/problems.ts";
import { advanceRunUntil, getRun, memberOf } from "../update-runs/helpers.ts";

// The catalogue once the second release is out: 1.17.9, 1.18.4, 1.18.6, 1.19.1 —
// 1.19 is the newest minor, so Stable is the latest 1.18 (1.18.6).
const FLEET = "prod";
const MONDAY = Date.parse("2026-01-05T00:00:00Z");
const PROFILES = `/v1/fleets/${FLEET}/auto-upgrade-profiles`;
const STABLE = { strategy: "rings", channel: "Stable" };

async function seed(): Promise<void> {
  const db = openInventory(env.DB);
  const at = Date.parse("2026-01-01T00:00:00Z");
  for (const fleet of [FLEET, "other"]) await putFleet(db, fleet, at);
  await putZone(
    db,
    {
      name: "europe-west1-b",
      region: "europe-west1",
      quotaNodes: 100,
      quotaCpuMillis: null,
      quotaIps: null,
    },
    at,
  );
  await putMachineType(
    db,
    {
      name: "e2-standard-4",
      cpuMillis: 4000,
      memoryMiB: 16384,
      gpus: 0,
      pricePerHour: 0.134,
      spotPricePerHour: 0.04,
    },
    at,
  );
}

async function ok(res: Awaited<ReturnType<typeof api>>, status = 200) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
}

async function cluster(name: string, version: string): Promise<void> {
  await ok(
    await api("PUT", `/v1/clusters/${name}`, {
      body: clusterBody({ fleet: FLEET, version, updateGroup: "ring-1" }),
    }),
    201,
  );
}

async function profile(name: string) {
  return ok(await api("GET", `${PROFILES}/${name}`));
}

async function runNames(): Promise<string[]> {
  const list = await ok(await api("GET", `/v1/fleets/${FLEET}/update-runs`));
  return list.items.map((r: { name: string }) => r.name).sort();
}

/** The cron trigger as the platform calls it, at the control plane's (frozen) now. */
async function cronTick(): Promise<void> {
  const { body } = await api("GET", "/v1/sim");
  await runScheduled(env, Date.parse(body.now));
}

beforeAll(async () => {
  await seed();
  await freezeClock(MONDAY);
  // Before the second release the newest minor is 1.17: Stable points at 1.16.9.
  await ok(
    await api("PUT", "/v1/releases/2026-R1", {
      body: {
        channel: "REGULAR",
        targets: { "1.16": "1.17.9" },
        versions: ["1.16.9", "1.17.7", "1.17.9"],
      },
    }),
    201,
  );
  await ok(
    await api("PUT", `/v1/fleets/${FLEET}/update-strategies/rings`, {
      body: { stages: [{ name: "all", groups: [{ name: "ring-1" }] }] },
    }),
    201,
  );
  await cluster("c-1", "1.17.7");
  await cluster("c-2", "1.17.7");
});

afterEach(async () => {
  await runInDurableObject(env.FLEET.get(env.FLEET.idFromName(FLEET)), (_i, state) =>
    state.storage.deleteAlarm(),
  );
});

describe("auto-upgrade profiles", () => {
  it("EXT-5 PUT refuses an unknown strategy, a target outside TargetKubernetesVersion and an unpublished target", async () => {
    expectProblem(
      await api("PUT", `${PROFILES}/bad`, { body: { strategy: "nope", channel: "Stable" } }),
      422,
      /^EXT-5: update strategy nope does not exist in fleet prod/,
    );
    const stray = await api("PUT", `${PROFILES}/bad`, {
      body: { ...STABLE, targetKubernetesVersion: "1.17.9" },
    });
    expectProblem(stray, 422, /^EXT-5: targetKubernetesVersion is only/);
    expect(stray.body.rule).toBe("EXT-5");
    expectProblem(
      await api("PUT", `${PROFILES}/bad`, {
        body: { strategy: "rings", channel: "TargetKubernetesVersion" },
      }),
      422,
      /^EXT-5: the TargetKubernetesVersion channel needs/,
    );
    const unknown = await api("PUT", `${PROFILES}/bad`, {
      body: {
        strategy: "rings",
        channel: "TargetKubernetesVersion",
        targetKubernetesVersion: "1.17.8",
      },
    });
    expectProblem(unknown, 422, /^VER-6: 1\.17\.8 is not in the release catalogue/);
    expectProblem(
      await api("PUT", `${PROFILES}/bad`, { body: { strategy: "rings", channel: "Weekly" } }),
      400,
    );
    expectProblem(
      await api("PUT", "/v1/fleets/nowhere/auto-upgrade-profiles/p", { body: STABLE }),
      404,
    );
    expectProblem(await api("GET", `${PROFILES}/bad`), 404);
  });

  it("EXT-5 a disabled profile generates nothing and says so", async () => {
    const created = await ok(
      await api("PUT", `${PROFILES}/paused`, {
        body: { strategy: "rings", channel: "Rapid", disabled: true },
      }),
      201,
    );
    expect(created).toMatchObject({
      name: "paused",
      fleet: FLEET,
      channel: "Rapid",
      nodeImageSelection: "Latest",
      disabled: true,
      status: { reason: "EXT-5: the profile is disabled" },
    });
    await cronTick();
    expect((await profile("paused")).status).toEqual({ reason: "EXT-5: the profile is disabled" });
    expect(await runNames()).toEqual([]);
  });

  it("EXT-5 with nothing eligible the profile holds with the reason", async () => {
    const created = await ok(await api("PUT", `${PROFILES}/stable`, { body: STABLE }), 201);
    expect(created.status).toEqual({
      reason: "EXT-5: every member already runs 1.16.9 or newer",
    });
    expect(await runNames()).toEqual([]);
  });

  it("EXT-5 a published release that makes members eligible generates a run to 1.18.6 and starts it", async () => {
    await ok(
      await api("PUT", "/v1/releases/2026-R2", {
        body: {
          channel: "REGULAR",
          targets: { "1.17": "1.18.6" },
          versions: ["1.18.4", "1.18.6", "1.19.1"],
        },
      }),
      201,
    );
    const stable = await profile("stable");
    expect(stable.status).toEqual({
      lastRun: "stable-1-18-6-1",
      lastGeneratedAt: "2026-01-05T00:00:00.000Z",
    });
    const run = await getRun("stable-1-18-6-1");
    expect(run.state).not.toBe("NotStarted");
    expect(run.stages[0]!.groups[0]!.members.map((m) => m.cluster)).toEqual(["c-1", "c-2"]);
    const detail = await ok(await api("GET", `/v1/fleets/${FLEET}/update-runs/stable-1-18-6-1`));
    expect(detail.startedAt).toBeDefined();
    // The disabled profile saw the same release and stayed quiet.
    expect((await profile("paused")).status.lastRun).toBeUndefined();
  });

  it("EXT-5 one generated run per profile at a time: no second run while the first is running", async () => {
    await cronTick();
    await cronTick();
    expect(await runNames()).toEqual(["stable-1-18-6-1"]);
    expect((await profile("stable")).status).toMatchObject({
      lastRun: "stable-1-18-6-1",
      reason: expect.stringMatching(
        /^EXT-5: generated run stable-1-18-6-1 is (Running|Pending); one generated run per profile at a time$/,
      ),
    });
  });

  it("EXT-5 a cron tick catches up a cluster that missed the release", async () => {
    const done = await advanceRunUntil("stable-1-18-6-1", (r) => r.state === "Completed", {
      stepSeconds: 1800,
    });
    expect(memberOf(done, "c-1").state).toBe("Completed");
    // c-3 joins the fleet after the release on the old version: no release wakes it.
    await cluster("c-3", "1.17.7");
    await advanceClock(60);
    await cronTick();
    expect(await runNames()).toEqual(["stable-1-18-6-1", "stable-1-18-6-2"]);
    const catchUp = await getRun("stable-1-18-6-2");
    expect(catchUp.stages[0]!.groups[0]!.members.map((m) => m.cluster)).toEqual(["c-3"]);
    expect(catchUp.state).not.toBe("NotStarted");
    expect((await profile("stable")).status.lastRun).toBe("stable-1-18-6-2");
  });

  it("EXT-5 the list pages a fleet's profiles; DELETE removes one and leaves its runs", async () => {
    const first = await ok(await api("GET", `${PROFILES}?limit=1`));
    expect(first.items.map((p: { name: string }) => p.name)).toEqual(["paused"]);
    const second = await ok(
      await api("GET", `${PROFILES}?limit=1&cursor=${encodeURIComponent(first.nextCursor)}`),
    );
    expect(second).toMatchObject({ items: [{ name: "stable" }], nextCursor: null });
    expect(await ok(await api("GET", "/v1/fleets/other/auto-upgrade-profiles"))).toEqual({
      items: [],
      nextCursor: null,
    });
    expect((await api("DELETE", `${PROFILES}/paused`)).status).toBe(204);
    expectProblem(await api("DELETE", `${PROFILES}/paused`), 404);
    expectProblem(await api("GET", `${PROFILES}/paused`), 404);
    expect(await runNames()).toEqual(["stable-1-18-6-1", "stable-1-18-6-2"]);
  });

  it("EXT-5 profiles are authorized like update runs: another fleet's operator 403, a viewer only reads", async () => {
    const outsider = await tokenFor("other-operator", "operator", { fleets: ["other"] });
    const viewer = await tokenFor("prod-viewer", "viewer", { fleets: [FLEET] });
    const operator = await tokenFor("prod-operator", "operator", { fleets: [FLEET] });
    expectProblem(await api("GET", `${PROFILES}/stable`, { token: outsider }), 403);
    expectProblem(await api("GET", PROFILES, { token: outsider }), 403);
    expectProblem(await api("PUT", `${PROFILES}/x`, { token: outsider, body: STABLE }), 403);
    expect((await api("GET", `${PROFILES}/stable`, { token: viewer })).status).toBe(200);
    expect((await api("GET", PROFILES, { token: viewer })).status).toBe(200);
    expectProblem(await api("PUT", `${PROFILES}/x`, { token: viewer, body: STABLE }), 403);
    expectProblem(await api("DELETE", `${PROFILES}/stable`, { token: viewer }), 403);
    expectProblem(await api("GET", PROFILES, { token: null }), 401);
    const replaced = await api("PUT", `${PROFILES}/stable`, {
      token: operator,
      body: { ...STABLE, disabled: true },
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    // A replace keeps what the profile generated.
    expect(replaced.body.status).toMatchObject({
      lastRun: "stable-1-18-6-2",
      reason: "EXT-5: the profile is disabled",
    });
  });
  it("SEC-4 a fleet holds at most 20 profiles: the 21st is a 409 naming the cap, a replace still works, and a delete makes room", async () => {
    const listed = await api("GET", `${PROFILES}?limit=100`);
    const have = (listed.body.items as { name: string }[]).length;
    for (let i = have; i < 20; i++) {
      await ok(
        await api("PUT", `${PROFILES}/cap-${i}`, { body: { ...STABLE, disabled: true } }),
        201,
      );
    }
    const over = await api("PUT", `${PROFILES}/cap-over`, { body: { ...STABLE, disabled: true } });
    expectProblem(over, 409, /^SEC-4: fleet prod already has 20 auto-upgrade profiles/);
    expect(over.body.rule).toBe("SEC-4");
    expectProblem(await api("GET", `${PROFILES}/cap-over`), 404);
    await ok(await api("PUT", `${PROFILES}/cap-19`, { body: { ...STABLE, disabled: false } }));
    expect((await api("DELETE", `${PROFILES}/cap-19`)).status).toBe(204);
    await ok(
      await api("PUT", `${PROFILES}/cap-over`, { body: { ...STABLE, disabled: true } }),
      201,
    );
  });
});
