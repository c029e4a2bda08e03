import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  api,
  driveUntil,
  executor,
  NEW,
  nodes,
  OLD,
  operation,
  putCluster,
  putPool,
  reportTally,
  seedFleet,
  terminal,
} from "./helpers.ts";

const FLEET = "exec-upgrades";
let before = { carriedOut: 0, duplicates: 0, callbacksRejected: 0 };

beforeAll(async () => {
  await seedFleet(FLEET);
  before = (await executor().status()).counts;
});
afterAll(async () => {
  await reportTally(before);
});

describe("upgrades carried out by the reference executor", () => {
  it("NUP-3 a surge node-pool upgrade runs to completion through signed batches and callbacks", async () => {
    await putCluster("ex-surge", FLEET, { version: NEW });
    await putPool("ex-surge", "p", {
      nodeCount: 2,
      upgradeStrategy: { type: "SURGE", maxSurge: 1, maxUnavailable: 0 },
    });
    const started = await api("POST", "/v1/clusters/ex-surge/node-pools/p/upgrade", { body: {} });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const done = await driveUntil(() => operation(started.body.id), terminal, { fleet: FLEET });
    expect(done.state, JSON.stringify(done)).toBe("SUCCEEDED");
    const after = await nodes("ex-surge");
    expect(after).toHaveLength(2);
    expect(after.every((n: { version: string }) => n.version === NEW)).toBe(true);
  });

  it("NUP-8 a blue-green node-pool upgrade creates green, drains blue and deletes it", async () => {
    await putCluster("ex-bg", FLEET, { version: NEW });
    await putPool("ex-bg", "p", {
      nodeCount: 2,
      upgradeStrategy: {
        type: "BLUE_GREEN",
        batchNodeCount: 1,
        batchSoakSeconds: 0,
        nodePoolSoakSeconds: 0,
      },
    });
    const started = await api("POST", "/v1/clusters/ex-bg/node-pools/p/upgrade", { body: {} });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body.strategy).toBe("BLUE_GREEN");
    const done = await driveUntil(() => operation(started.body.id), terminal, { fleet: FLEET });
    expect(done.state, JSON.stringify(done)).toBe("SUCCEEDED");
    const after = await nodes("ex-bg");
    expect(after).toHaveLength(2);
    expect(after.every((n: { version: string }) => n.version === NEW)).toBe(true);
  });

  it("LIFE-3 a cluster upgrade runs preflight, the control plane, its components and its pool", async () => {
    await putCluster("ex-cluster", FLEET);
    await putPool("ex-cluster", "p", {
      nodeCount: 1,
      upgradeStrategy: { type: "SURGE", maxSurge: 1, maxUnavailable: 0 },
    });
    const started = await api("POST", "/v1/clusters/ex-cluster/upgrade", {
      body: { version: NEW },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const done = await driveUntil(() => operation(started.body.id), terminal, { fleet: FLEET });
    expect(done.state, JSON.stringify(done)).toBe("SUCCEEDED");
    const cluster = (await api("GET", "/v1/clusters/ex-cluster")).body;
    expect(cluster.status.version).toBe(NEW);
    expect((await api("GET", "/v1/clusters/ex-cluster/node-pools/p")).body.version).toBe(NEW);
  });

  it("RUN-1 a two-stage update run upgrades its first stage's members, then its second's", async () => {
    await putCluster("ex-canary", FLEET, { updateGroup: "canary" });
    await putCluster("ex-prod-1", FLEET, { updateGroup: "prod" });
    await putCluster("ex-prod-2", FLEET, { updateGroup: "prod" });
    for (const cluster of ["ex-canary", "ex-prod-1", "ex-prod-2"]) {
      await putPool(cluster, "p", { nodeCount: 1 });
    }
    // RUN-8: members wait for a node image available in their region.
    const release = await api("PUT", "/v1/releases/2022-R26", {
      body: {
        channel: "REGULAR",
        targets: { "1.21": NEW },
        versions: [OLD, NEW],
        nodeImages: [{ version: "cos-105", regions: ["europe-west1"] }],
      },
    });
    expect(release.status, JSON.stringify(release.body)).toBeLessThan(300);
    const strategy = await api("PUT", `/v1/fleets/${FLEET}/update-strategies/two-stage`, {
      body: {
        stages: [
          { name: "canary", groups: [{ name: "canary" }], afterStageWaitSeconds: 0 },
          { name: "prod", groups: [{ name: "prod" }] },
        ],
      },
    });
    expect(strategy.status, JSON.stringify(strategy.body)).toBeLessThan(300);
    const created = await api("POST", `/v1/fleets/${FLEET}/update-runs`, {
      body: {
        name: "ex-run",
        strategy: "two-stage",
        upgrade: { type: "Full", kubernetesVersion: NEW },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const begun = await api("POST", `/v1/fleets/${FLEET}/update-runs/ex-run/start`);
    expect(begun.status, JSON.stringify(begun.body)).toBe(200);
    const read = async () => (await api("GET", `/v1/fleets/${FLEET}/update-runs/ex-run`)).body;
    const settled = (run: { state: string }) =>
      !["Running", "Pending", "NotStarted"].includes(run.state);
    const done = await driveUntil(read, settled, { fleet: FLEET, run: "ex-run", maxSteps: 400 });
    expect(done.state, JSON.stringify(done)).toBe("Completed");
    const [canary, prod] = done.stages;
    expect(canary.state).toBe("Completed");
    expect(prod.state).toBe("Completed");
    // The second stage started only once the first had ended.
    const canaryEnd = Date.parse(canary.groups[0].members[0].endedAt);
    for (const member of prod.groups[0].members) {
      expect(Date.parse(member.startedAt)).toBeGreaterThanOrEqual(canaryEnd);
    }
    for (const cluster of ["ex-canary", "ex-prod-1", "ex-prod-2"]) {
      expect((await api("GET", `/v1/clusters/${cluster}`)).body.status.version).toBe(NEW);
    }
  });
});
