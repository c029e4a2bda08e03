import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { cachedPlan } from "../../src/services/plan-cache.ts";
import { advanceClock, api, inOneRateWindow } from "../helpers.ts";
import { DAY, sequencedCluster, useRolloutFixtures } from "../rollout/helpers.ts";

useRolloutFixtures(["sp-up", "sp-down"]);

async function token(name: string, role: string, fleets: string[]): Promise<string> {
  const res = await api("POST", "/v1/tokens", { body: { name, role, fleets } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.token as string;
}

describe("SEC-3 what-if plans cost a bounded amount, and only within what the caller reads", () => {
  it("SEC-3 a viewer's plan never enters an upstream fleet it cannot read: the plan starts at its own group and says what that leaves out", async () => {
    await sequencedCluster("sp-u1", "sp-up", "1.21.11-gke.1100");
    await sequencedCluster("sp-d1", "sp-down", "1.21.11-gke.1100");
    const put = (fleet: string, body: unknown) =>
      api("PUT", `/v1/fleets/${fleet}/rollout`, { body });
    expect((await put("sp-up", { defaultSoakSeconds: DAY })).status).toBe(201);
    expect((await put("sp-down", { upstreamFleet: "sp-up", defaultSoakSeconds: DAY })).status).toBe(
      201,
    );
    const everything = await api("GET", "/v1/fleets/sp-down/rollout/plan");
    expect(everything.body.groups.map((g: { group: string }) => g.group)).toEqual([
      "sp-up",
      "sp-down",
    ]);
    expect(everything.body.assumptions.upstream).toBeUndefined();

    const viewer = await token("sp-viewer", "viewer", ["sp-down"]);
    const own = await api("GET", "/v1/fleets/sp-down/rollout/plan", { token: viewer });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.groups.map((g: { group: string }) => g.group)).toEqual(["sp-down"]);
    expect(own.body.assumptions.upstream).toMatch(/fleets you cannot read/);
    expect(JSON.stringify(own.body)).not.toContain("sp-u1");
    // Planned as the head: its control planes start now, not after an unseen soak.
    const controlPlane = own.body.groups[0].upgrades.find(
      (u: { type: string }) => u.type === "CONTROL_PLANE",
    );
    expect(controlPlane.start).toBe(everything.body.groups[0].upgrades[0].start);
  });

  it("SEC-3 one token may ask for 10 plans a minute; the 11th is a 429 with Retry-After, and another token still plans", async () => {
    const bursts = await inOneRateWindow(60, async (attempt) => {
      const busy = await token(`sp-busy-${attempt}`, "viewer", ["sp-down"]);
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        statuses.push(
          (await api("GET", "/v1/fleets/sp-down/rollout/plan", { token: busy })).status,
        );
      }
      return {
        statuses,
        refused: await api("GET", "/v1/fleets/sp-down/rollout/plan", { token: busy }),
      };
    });
    const { statuses, refused } = bursts.at(-1)!;
    expect(statuses).toEqual(Array(10).fill(200));
    expect(refused.status).toBe(429);
    expect(refused.body.rule).toBe("SEC-3");
    expect(refused.headers.get("retry-after")).toBe("60");
    const other = await token("sp-other", "viewer", ["sp-down"]);
    expect((await api("GET", "/v1/fleets/sp-down/rollout/plan", { token: other })).status).toBe(
      200,
    );
  });

  it("SEC-3 the same inputs are planned once: a repeat within the cache's time is answered without planning", async () => {
    let planned = 0;
    const plan = () => {
      planned += 1;
      return { makespanSeconds: 42 };
    };
    const inputs = { groups: ["a"], now: 1 };
    const slot = env.FLEET.get(env.FLEET.idFromName("sp-cache"));
    const answer = { ok: true, value: { makespanSeconds: 42 } };
    expect(await cachedPlan("sp-cache", slot, inputs, plan)).toEqual(answer);
    expect(await cachedPlan("sp-cache", slot, { ...inputs }, plan)).toEqual(answer);
    expect(planned).toBe(1);
    await cachedPlan("sp-cache", slot, { ...inputs, now: 2 }, plan);
    await cachedPlan("sp-other-fleet", slot, inputs, plan);
    expect(planned).toBe(3);
  });

  it("SEC-3 one plan of a fleet at a time, across isolates: while the fleet's planning slot is held, a plan is a 429 with Retry-After; once released it is planned", async () => {
    const fleet = env.FLEET.get(env.FLEET.idFromName("sp-down"));
    const claim = await fleet.claimPlanning(60_000);
    expect(claim).toBeDefined();
    // At another instant than any plan before: not in the cache.
    await advanceClock(60);
    const busy = await api("GET", "/v1/fleets/sp-down/rollout/plan");
    expect(busy.status).toBe(429);
    expect(busy.body.rule).toBe("SEC-3");
    expect(busy.body.detail).toMatch(/^SEC-3: a plan of fleet sp-down is being computed/);
    expect(busy.headers.get("retry-after")).toBe("5");
    await fleet.releasePlanning(claim!);
    expect((await api("GET", "/v1/fleets/sp-down/rollout/plan")).status).toBe(200);
    // Released after each plan: the next claim is granted.
    const again = await fleet.claimPlanning(60_000);
    expect(again).toBeDefined();
    await fleet.releasePlanning(again!);
  });
});
