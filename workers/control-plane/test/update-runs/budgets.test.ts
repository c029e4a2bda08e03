import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import {
  advanceRunUntil,
  cluster,
  createRun,
  FLEET,
  getRun,
  NEW,
  OLD,
  type RunBody,
  useRunFixtures,
} from "./helpers.ts";

useRunFixtures();

const FULL = { type: "Full", kubernetesVersion: NEW };

/** `count` clusters on OLD straight into D1 (the API would take long), grouped by `groupOf`. */
async function seedClusters(
  prefix: string,
  count: number,
  groupOf: (n: number) => string,
): Promise<void> {
  const columns =
    "name, fleet, role, region, release_channel, autopilot, spec_version, status_version, phase, update_group, deprecated_api_usage, status_components, created_at, updated_at";
  const statements: D1PreparedStatement[] = [];
  for (let n = 0; n < count; n++) {
    statements.push(
      env.DB.prepare(
        `INSERT INTO clusters (${columns}) VALUES (?, ?, 'standalone', 'europe-west1', 'REGULAR', 0, ?, ?, 'RUNNING', ?, 0, '{}', 0, 0)`,
      ).bind(`${prefix}-${String(n).padStart(2, "0")}`, FLEET, OLD, OLD, groupOf(n)),
    );
  }
  await env.DB.batch(statements);
}

const running = (run: RunBody) =>
  run.stages
    .flatMap((s) => s.groups.flatMap((g) => g.members))
    .filter((m) => m.state === "Running");

describe("update-run concurrency and failure budgets through the API (EXT-2, EXT-3)", () => {
  it('EXT-2 stage "25%" over 20 members, groups of 8 at "50%" and 12 at "25%": the run status shows 5 / 4 / 3 and the start puts 5 in flight', async () => {
    for (let i = 0; i < 8; i++) await cluster(`e2a-${i}`, { updateGroup: "e2-a" });
    for (let i = 0; i < 12; i++) await cluster(`e2b-${i}`, { updateGroup: "e2-b" });
    const created = await createRun({
      name: "ext2",
      upgrade: FULL,
      stages: [
        {
          name: "all",
          maxConcurrency: "25%",
          groups: [
            { name: "e2-a", maxConcurrency: "50%" },
            { name: "e2-b", maxConcurrency: "25%" },
          ],
        },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const stage = created.body.stages[0];
    expect([
      stage.maxConcurrency,
      ...stage.groups.map((g: { maxConcurrency: number }) => g.maxConcurrency),
    ]).toEqual([5, 4, 3]);
    const started = await api("POST", `/v1/fleets/${FLEET}/update-runs/ext2/start`);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(running(started.body as RunBody)).toHaveLength(5);
    const done = await advanceRunUntil(
      "ext2",
      (r) => r.state === "Completed" || r.state === "Failed",
      {
        stepSeconds: 300,
      },
    );
    expect(done.state, JSON.stringify(done.message)).toBe("Completed");
  });

  it("EXT-2 RUN-3 without maxConcurrency every group of a stage runs at once: two groups of 30 members allowing 30 each put all 60 in flight, not a wave of 50", async () => {
    await seedClusters("wide", 60, (n) => (n < 30 ? "wide-a" : "wide-b"));
    const created = await createRun({
      name: "wide",
      upgrade: FULL,
      stages: [
        {
          name: "all",
          groups: [
            { name: "wide-a", maxConcurrency: "100%" },
            { name: "wide-b", maxConcurrency: 30 },
          ],
        },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.stages[0].maxConcurrency).toBe(60);
    const started = await api("POST", `/v1/fleets/${FLEET}/update-runs/wide/start`);
    expect(started.status, JSON.stringify(started.body).slice(0, 300)).toBe(200);
    expect(running(started.body as RunBody)).toHaveLength(60);
    const done = await advanceRunUntil("wide", (r) => !running(r).length, { stepSeconds: 1800 });
    expect(done.state, JSON.stringify(done.message)).toBe("Completed");
  });

  it("EXT-2 a group allowed more in flight than its stage is a 422 naming both; maxConcurrency 0 is refused by the schema", async () => {
    await cluster("e2c-0", { updateGroup: "e2-c" });
    const over = await createRun({
      name: "ext2-over",
      upgrade: FULL,
      stages: [{ name: "s", maxConcurrency: 2, groups: [{ name: "e2-c", maxConcurrency: 3 }] }],
    });
    expect(over.status).toBe(422);
    expect(over.body.rule).toBe("EXT-2");
    expect(over.body.detail).toMatch(/group e2-c allows 3 .* stage s's 2/);
    const zero = await createRun({
      name: "ext2-zero",
      upgrade: FULL,
      stages: [{ name: "s", groups: [{ name: "e2-c", maxConcurrency: 0 }] }],
    });
    expect(zero.status).toBe(422);
    expect(JSON.stringify(zero.body)).toContain("maxConcurrency");
    expect((await api("GET", `/v1/fleets/${FLEET}/update-runs/ext2-over`)).status).toBe(404);
  });

  it("EXT-3 a group of 4 with a budget of 4 whose members all fail ends Completed with 4 Failed members and the next stage runs", async () => {
    for (let i = 0; i < 4; i++) await cluster(`e3-${i}`, { updateGroup: "e3-a" });
    await cluster("e3-last", { updateGroup: "e3-b" });
    const fault = await api("PUT", "/v1/sim/faults/e3-fail", {
      body: { match: { operation: "UPGRADE_CONTROL_PLANE" }, effect: "FAIL", times: 4 },
    });
    expect(fault.status, JSON.stringify(fault.body)).toBeLessThan(300);
    const created = await createRun({
      name: "ext3",
      upgrade: FULL,
      stages: [
        {
          name: "s1",
          maxAllowedFailures: 4,
          groups: [{ name: "e3-a", maxConcurrency: 4, maxAllowedFailures: 4 }],
        },
        { name: "s2", groups: [{ name: "e3-b" }] },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await api("POST", `/v1/fleets/${FLEET}/update-runs/ext3/start`)).status).toBe(200);
    const done = await advanceRunUntil(
      "ext3",
      (r) => r.state === "Completed" || r.state === "Failed",
      {
        stepSeconds: 300,
      },
    );
    const group = done.stages[0]!.groups[0]!;
    expect(group.state).toBe("Completed");
    expect(group.members.map((m) => m.state)).toEqual(["Failed", "Failed", "Failed", "Failed"]);
    expect(group.message).toBe("EXT-3: 4 of 4 members failed, within the budget of 4");
    expect(done.state).toBe("Completed");
    expect((await getRun("ext3")).stages[1]!.groups[0]!.members[0]!.state).toBe("Completed");
  });
});
