import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import { advance, DAY, sequencedCluster, useRolloutFixtures } from "./helpers.ts";

useRolloutFixtures([
  "rs-staging",
  "rs-prod",
  "rs-lab",
  "rs-prod2",
  "rs-lab3",
  "rs-prod3",
  "rs-prod4",
]);

const FROM = "1.21.11-gke.1100";
const TO = "1.21.14-gke.4300";
const CP = `control-plane-${TO}`;
const canary = { matchLabels: { canary: "true" } };

interface StageView {
  stage: number;
  state: string;
  reason?: string;
  startedAt?: string;
  endedAt?: string;
  soakEndsAt?: string;
  clusters: { cluster: string; fleet: string; state: string; reason?: string }[];
}

async function rolloutOf(sequence: string, id = CP, token?: string) {
  const res = await api("GET", `/v1/rollout-sequences/${sequence}/rollouts/${id}`, {
    ...(token === undefined ? {} : { token }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string; state: string; stages: StageView[] };
}

const states = (rollout: { stages: StageView[] }) => rollout.stages.map((s) => s.state);

async function token(name: string, grants: Record<string, unknown>): Promise<string> {
  const res = await api("POST", "/v1/tokens", { body: { name, ...grants } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.token;
}

/** Staging soaks a day, then prod's canaries soak a day, then the rest of prod. */
async function canaryFirst(name: string, fleets: { staging: string; prod: string }) {
  const put = await api("PUT", `/v1/rollout-sequences/${name}`, {
    body: {
      stages: [
        { fleets: [fleets.staging], soakSeconds: DAY },
        { fleets: [fleets.prod], clusterSelector: canary, soakSeconds: DAY },
        { fleets: [fleets.prod] },
      ],
    },
  });
  expect(put.status, JSON.stringify(put.body)).toBe(201);
}

describe("rollout sequences with custom stages through the API", () => {
  it("SEQ-19 SEQ-21 EXT-6 a canary subset of production goes ahead of the rest; the plan predicts it and each rollout shows its stages as they go", async () => {
    await sequencedCluster("rs-s1", "rs-staging", FROM);
    await sequencedCluster("rs-p1", "rs-prod", FROM, { labels: { canary: "true" } });
    await sequencedCluster("rs-p2", "rs-prod", FROM);
    await canaryFirst("rs-a", { staging: "rs-staging", prod: "rs-prod" });

    // The write's pass starts staging's control plane at once.
    const first = await rolloutOf("rs-a");
    expect(first.state).toBe("RUNNING");
    expect(first.stages[0]).toMatchObject({
      stage: 1,
      state: "IN_PROGRESS",
      startedAt: "2026-01-05T00:00:00.000Z",
      clusters: [{ cluster: "rs-s1", fleet: "rs-staging", state: "IN_PROGRESS" }],
    });
    expect(first.stages[1]).toMatchObject({
      state: "PENDING",
      reason: `SEQ-5: waiting for upstream stage 1 of rs-a to qualify ${TO} and finish its control-plane soak`,
    });
    // EXT-6: the plan predicts each stage after the one before it has soaked.
    const plan = await api("GET", "/v1/rollout-sequences/rs-a/plan");
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    expect(plan.body.sequence).toBe("rs-a");
    const planned = plan.body.groups as {
      group: string;
      upgrades: { type: string; start?: string; soakEndsAt?: string }[];
    }[];
    expect(planned.map((g) => g.group)).toEqual([
      "stage 1 of rs-a",
      "stage 2 of rs-a",
      "stage 3 of rs-a",
    ]);
    const cpOf = (i: number) => planned[i]?.upgrades.find((u) => u.type === "CONTROL_PLANE");
    for (const i of [1, 2]) {
      expect(Date.parse(cpOf(i)?.start ?? "")).toBeGreaterThanOrEqual(
        Date.parse(cpOf(i - 1)?.soakEndsAt ?? ""),
      );
    }
    // Nodes have no target of their own until their control plane is ahead of them (SEQ-6).
    const list = await api("GET", "/v1/rollout-sequences/rs-a/rollouts");
    expect(list.body.items.map((r: { id: string }) => r.id)).toEqual([CP]);

    await advance(6 * 3600, 1800);
    const both = await api("GET", "/v1/rollout-sequences/rs-a/rollouts");
    expect(both.body.items.map((r: { id: string }) => r.id).sort()).toEqual([CP, `node-${TO}`]);
    const soaking = await rolloutOf("rs-a");
    expect(states(soaking)).toEqual(["SOAKING", "PENDING", "PENDING"]);
    expect((await api("GET", "/v1/clusters/rs-s1")).body.status.version).toBe(TO);
    expect((await api("GET", "/v1/clusters/rs-p1")).body.status.version).toBe(FROM);

    // After staging's day of soak the canaries go, and only they.
    await advance(DAY, 3600);
    const canaries = await rolloutOf("rs-a");
    expect(canaries.stages[0]?.state).toBe("COMPLETE");
    expect(canaries.stages[0]?.endedAt).toBeDefined();
    expect(["IN_PROGRESS", "SOAKING"]).toContain(canaries.stages[1]?.state);
    expect(canaries.stages[2]?.state).toBe("PENDING");
    expect((await api("GET", "/v1/clusters/rs-p2")).body.status.version).toBe(FROM);

    await advance(2 * DAY, 3600);
    const done = await rolloutOf("rs-a");
    expect(states(done)).toEqual(["COMPLETE", "COMPLETE", "COMPLETE"]);
    expect(done.state).toBe("COMPLETED");
    for (const cluster of ["rs-s1", "rs-p1", "rs-p2"]) {
      expect((await api("GET", `/v1/clusters/${cluster}`)).body.status.version).toBe(TO);
      expect((await api("GET", `/v1/clusters/${cluster}/node-pools/p`)).body.version).toBe(TO);
    }
    expect(
      (await api("GET", "/v1/rollout-sequences/rs-a/rollouts/control-plane-9.9.9")).status,
    ).toBe(404);
    expect((await api("GET", "/v1/rollout-sequences/rs-a/rollouts/latest")).status).toBe(400);
    expect((await api("POST", `/v1/rollout-sequences/rs-a/rollouts/${CP}/pause`)).status).toBe(409);
    expect((await api("DELETE", "/v1/rollout-sequences/rs-a")).status).toBe(204);
    expect((await api("GET", "/v1/rollout-sequences/rs-a/rollouts")).status).toBe(404);
  });

  it("SEQ-20 SEQ-18 a paused rollout holds its next stages while running upgrades finish; resume releases it; who may pause and resume", async () => {
    await sequencedCluster("rs-l1", "rs-lab", FROM);
    await sequencedCluster("rs-q1", "rs-prod2", FROM, { labels: { canary: "true" } });
    await canaryFirst("rs-b", { staging: "rs-lab", prod: "rs-prod2" });
    const prodOperator = await token("rs-prod-operator", {
      role: "operator",
      fleets: ["rs-prod2"],
    });
    const prodViewer = await token("rs-prod-viewer", { role: "viewer", fleets: ["rs-prod2"] });
    const outsider = await token("rs-outsider", { role: "operator", fleets: ["rs-staging"] });

    expect(
      (await api("POST", `/v1/rollout-sequences/rs-b/rollouts/${CP}/pause`, { token: prodViewer }))
        .status,
    ).toBe(403);
    expect(
      (await api("POST", `/v1/rollout-sequences/rs-b/rollouts/${CP}/pause`, { token: outsider }))
        .status,
    ).toBe(404);
    // Anyone answerable for a stage may hold the rollout.
    const paused = await api("POST", `/v1/rollout-sequences/rs-b/rollouts/${CP}/pause`, {
      token: prodOperator,
    });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(paused.body.state).toBe("PAUSED");
    // The lab's stage is not the prod operator's to read.
    expect(paused.body.stages.map((s: StageView) => s.stage)).toEqual([2, 3]);

    // The lab's control plane had started: it finishes and soaks; prod's canaries wait.
    await advance(3 * DAY, 3600);
    const held = await rolloutOf("rs-b");
    expect(held.state).toBe("PAUSED");
    expect(held.stages[0]?.state).toBe("COMPLETE");
    expect(held.stages[1]).toMatchObject({
      state: "PENDING",
      reason: expect.stringMatching(
        /^SEQ-20: the control-plane rollout of 1\.21\.14-gke\.4300 is paused/,
      ),
    });
    expect((await api("GET", "/v1/clusters/rs-q1")).body.status.version).toBe(FROM);

    // Releasing it takes the whole sequence's writers.
    expect(
      (
        await api("POST", `/v1/rollout-sequences/rs-b/rollouts/${CP}/resume`, {
          token: prodOperator,
        })
      ).status,
    ).toBe(403);
    const resumed = await api("POST", `/v1/rollout-sequences/rs-b/rollouts/${CP}/resume`);
    expect(resumed.status).toBe(200);
    expect(resumed.body.state).toBe("RUNNING");
    expect(resumed.body.stages[1].state).toBe("IN_PROGRESS");
    await advance(6 * 3600, 1800);
    expect((await api("GET", "/v1/clusters/rs-q1")).body.status.version).toBe(TO);
    expect((await api("DELETE", "/v1/rollout-sequences/rs-b")).status).toBe(204);
  });

  it("SEQ-19 a label change mid-rollout moves a cluster that has not started: labelled a canary, it goes with the canaries", async () => {
    await sequencedCluster("rs-m1", "rs-lab3", FROM);
    await sequencedCluster("rs-n1", "rs-prod3", FROM, { labels: { canary: "true" } });
    await sequencedCluster("rs-n2", "rs-prod3", FROM);
    await canaryFirst("rs-c", { staging: "rs-lab3", prod: "rs-prod3" });
    await advance(6 * 3600, 1800);
    // While the lab soaks, rs-n2 becomes a canary: the sequence shows it in stage 2 now…
    const relabel = await api("PUT", "/v1/clusters/rs-n2", {
      body: {
        fleet: "rs-prod3",
        role: "standalone",
        region: "europe-west1",
        releaseChannel: "REGULAR",
        version: FROM,
        labels: { canary: "true" },
      },
    });
    expect(relabel.status, JSON.stringify(relabel.body)).toBe(200);
    const sequence = await api("GET", "/v1/rollout-sequences/rs-c");
    expect(sequence.body.stages.map((s: { clusters: string[] }) => s.clusters)).toEqual([
      ["rs-m1"],
      ["rs-n1", "rs-n2"],
      [],
    ]);
    // …and its upgrade starts with the canaries', a day before the rest of prod would have.
    await advance(DAY, 3600);
    const canaries = await rolloutOf("rs-c");
    expect(canaries.stages[1]?.clusters.map((c) => c.cluster).sort()).toEqual(["rs-n1", "rs-n2"]);
    expect((await api("GET", "/v1/clusters/rs-n2")).body.status.version).toBe(TO);
    expect(canaries.stages[2]).toMatchObject({ clusters: [] });
    // A cluster made a canary while the canaries' turn runs starts at once: the label
    // change wakes the sequence (no clock moves here).
    await sequencedCluster("rs-n3", "rs-prod3", FROM);
    const late = await api("PUT", "/v1/clusters/rs-n3", {
      body: {
        fleet: "rs-prod3",
        role: "standalone",
        region: "europe-west1",
        releaseChannel: "REGULAR",
        version: FROM,
        labels: { canary: "true" },
      },
    });
    expect(late.status).toBe(200);
    const joined = await rolloutOf("rs-c");
    expect(joined.stages[1]?.clusters.find((c) => c.cluster === "rs-n3")?.state).toBe(
      "IN_PROGRESS",
    );
    expect((await api("DELETE", "/v1/rollout-sequences/rs-c")).status).toBe(204);
  });

  it("SEQ-9 a first stage whose selector matches nothing holds the stages after it, and the rollout says why", async () => {
    await sequencedCluster("rs-e1", "rs-prod4", FROM);
    const put = await api("PUT", "/v1/rollout-sequences/rs-e", {
      body: {
        stages: [
          { fleets: ["rs-prod4"], clusterSelector: { matchLabels: { ring: "zero" } } },
          { fleets: ["rs-prod4"] },
        ],
      },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(201);
    await advance(2 * DAY, 3600 * 6);
    const held = await rolloutOf("rs-e");
    expect(held.stages[0]).toMatchObject({
      state: "PENDING",
      reason: expect.stringMatching(/^SEQ-9: stage 1 of rs-e selects no clusters/),
    });
    expect(held.stages[1]).toMatchObject({
      state: "PENDING",
      reason: expect.stringMatching(/^SEQ-9: upstream stage 1 of rs-e has no clusters/),
    });
    expect((await api("GET", "/v1/clusters/rs-e1")).body.status.version).toBe(FROM);
    expect((await api("DELETE", "/v1/rollout-sequences/rs-e")).status).toBe(204);
  });
});
