import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import { advance, DAY, rollout, sequencedCluster, useRolloutFixtures } from "./helpers.ts";

useRolloutFixtures(["pl-up", "pl-down"]);

interface PlanUpgrade {
  type: string;
  version: string;
  state: string;
  start?: string;
  soakStart?: string;
  soakEndsAt?: string;
}
interface RolloutPlanBody {
  fleet: string;
  end: string;
  makespanSeconds: number;
  groups: { group: string; upgrades: PlanUpgrade[] }[];
  criticalPath: { kind: string; name: string; from: string; until: string }[];
}

describe("EXT-6 what-if plans of rollout sequences", () => {
  it("EXT-6 GET …/rollout/plan predicts each group's control-plane and node upgrades and soaks as the sequence then runs them; it changes nothing", async () => {
    await sequencedCluster("pl-u1", "pl-up", "1.21.11-gke.1100");
    await sequencedCluster("pl-d1", "pl-down", "1.21.11-gke.1100");
    const put = (fleet: string, body: unknown) =>
      api("PUT", `/v1/fleets/${fleet}/rollout`, { body });
    expect((await put("pl-up", { defaultSoakSeconds: DAY })).status).toBe(201);
    expect((await put("pl-down", { upstreamFleet: "pl-up", defaultSoakSeconds: DAY })).status).toBe(
      201,
    );
    const before = await rollout("/v1/fleets/pl-down");
    const res = await api("GET", "/v1/fleets/pl-down/rollout/plan");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const plan = res.body as RolloutPlanBody;
    // Touching nothing: the downstream's status is what it was.
    expect(await rollout("/v1/fleets/pl-down")).toEqual(before);
    expect(plan.groups.map((g) => g.group)).toEqual(["pl-up", "pl-down"]);
    expect(plan.groups.flatMap((g) => g.upgrades.map((u) => u.state))).toEqual([
      "COMPLETE",
      "COMPLETE",
      "COMPLETE",
      "COMPLETE",
    ]);
    expect(plan.criticalPath.at(-1)).toMatchObject({
      kind: "soak",
      name: "pl-down",
      until: plan.end,
    });

    await advance(3 * DAY, 3600);
    for (const group of plan.groups) {
      const actual = await rollout(`/v1/fleets/${group.group}`);
      expect(actual.upgrades.map((u) => [u.type, u.state, u.startedAt])).toEqual(
        group.upgrades.map((u) => [u.type, u.state, u.start]),
      );
    }
  }, 120_000);
});
