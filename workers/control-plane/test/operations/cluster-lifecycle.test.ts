import { describe, expect, it } from "vitest";
import { clusterBody, poolBody } from "../fixtures.ts";
import { api } from "../helpers.ts";
import { advanceUntil, NEW, OLD, type OperationBody, useNodePoolFixtures } from "./helpers.ts";

useNodePoolFixtures();

interface ClusterOperation extends OperationBody {
  kind: string;
  error?: string;
}

const ended = (op: OperationBody) => op.state !== "RUNNING";
const messages = (op: OperationBody) => op.events.map((e) => e.message);

/** A cluster of `role` on OLD with one pool per strategy given. */
async function clusterWith(
  name: string,
  role: string,
  pools: Record<string, Record<string, unknown>> = { surge: { type: "SURGE" } },
) {
  const res = await api("PUT", `/v1/clusters/${name}`, {
    body: clusterBody({ role, version: OLD }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  for (const [pool, upgradeStrategy] of Object.entries(pools)) {
    const created = await api("PUT", `/v1/clusters/${name}/node-pools/${pool}`, {
      body: poolBody({ version: OLD, nodeCount: 2, upgradeStrategy }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  }
}

async function fault(id: string, body: Record<string, unknown>) {
  const res = await api("PUT", `/v1/sim/faults/${id}`, { body });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
}

async function cluster(name: string) {
  await api("POST", "/v1/sim/advance", { body: { seconds: 60 } });
  return (await api("GET", `/v1/clusters/${name}`)).body as {
    version: string;
    status: { version: string; phase: string };
  };
}

/** Indexes of the first message matching each pattern, in the operation's events. */
function order(op: OperationBody, patterns: RegExp[]): number[] {
  const all = messages(op);
  return patterns.map((pattern) => all.findIndex((m) => pattern.test(m)));
}

describe("self-managed clusters, drains and retries through the API (LIFE-2, LIFE-3, LIFE-5, LIFE-6)", () => {
  it("LIFE-5 a standalone cluster upgrades in place: preflight operator first, then the lifecycle controllers and the cluster operator, before any component", async () => {
    await clusterWith("life5-inplace", "standalone");
    const started = await api("POST", "/v1/clusters/life5-inplace/upgrade", {
      body: { version: NEW },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const op = (await advanceUntil(started.body.id, ended)) as ClusterOperation;
    expect(op.state, op.error).toBe("SUCCEEDED");
    const [operator, controllers, clusterOperator, lbs] = order(op, [
      /^LIFE-3: upgrading preflight-operator/,
      /^LIFE-3: upgrading lifecycle-controllers/,
      /^LIFE-3: upgrading cluster-operator/,
      /^LIFE-3: upgrading control-plane-load-balancers/,
    ]);
    expect(operator, messages(op).join("\n")).toBeGreaterThanOrEqual(0);
    expect(operator).toBeLessThan(controllers!);
    expect(controllers).toBeLessThan(clusterOperator!);
    expect(clusterOperator).toBeLessThan(lbs!);
    expect(messages(op).join("\n")).not.toMatch(/bootstrap/);
    expect((await cluster("life5-inplace")).status.version).toBe(NEW);
  });

  it("LIFE-5 useBootstrap pivots to a bootstrap cluster: the target's status is stale while the bootstrap owns the upgrade, then ownership pivots back and the bootstrap is deleted", async () => {
    await clusterWith("life5-boot", "standalone");
    const started = await api("POST", "/v1/clusters/life5-boot/upgrade", {
      body: { version: NEW, useBootstrap: true },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body.target).toMatchObject({ useBootstrap: true });
    await advanceUntil(started.body.id, (op) => op.phase === "WORKER_NODE_POOLS" || ended(op), {
      stepSeconds: 30,
    });
    const during = (await api("GET", "/v1/clusters/life5-boot")).body;
    expect(during.status.components).toMatchObject({ owner: "BOOTSTRAP", statusStale: true });

    const op = (await advanceUntil(started.body.id, ended)) as ClusterOperation;
    expect(op.state, op.error).toBe("SUCCEEDED");
    const steps = order(op, [
      /^LIFE-3: upgrading create-bootstrap/,
      /^LIFE-5: the bootstrap cluster owns the upgrade/,
      /^LIFE-3: upgrading control-plane-node-pool/,
      /^LIFE-5: ownership pivoted back/,
      /^LIFE-3: upgrading delete-bootstrap/,
    ]);
    expect(
      steps.every((i) => i >= 0),
      messages(op).join("\n"),
    ).toBe(true);
    expect([...steps].sort((a, b) => a - b)).toEqual(steps);
    expect(messages(op).join("\n")).not.toMatch(/preflightcheck-operator/);
    const after = (await api("GET", "/v1/clusters/life5-boot")).body;
    expect(after.status.version).toBe(NEW);
    expect(after.status.components?.owner).not.toBe("BOOTSTRAP");
  });

  it("LIFE-5 useBootstrap on a user cluster is a 422 and starts nothing", async () => {
    const admin = await api("PUT", "/v1/clusters/life5-admin", {
      body: clusterBody({ role: "admin", version: NEW }),
    });
    expect(admin.status).toBe(201);
    const user = await api("PUT", "/v1/clusters/life5-user", {
      body: clusterBody({ role: "user", adminCluster: "life5-admin", version: OLD }),
    });
    expect(user.status).toBe(201);
    const res = await api("POST", "/v1/clusters/life5-user/upgrade", {
      body: { version: NEW, useBootstrap: true },
    });
    expect(res.status).toBe(422);
    expect(res.body.rule).toBe("LIFE-5");
    expect((await cluster("life5-user")).version).toBe(OLD);
  });

  it("LIFE-6 a control-plane node stuck draining is passed after 20 minutes with its stuck pods in the events, and the upgrade goes on", async () => {
    await clusterWith("life6-drain", "standalone");
    await fault("life6", {
      match: { cluster: "life6-drain", operation: "UPGRADE_CONTROL_PLANE" },
      effect: "STUCK_DRAIN",
      times: 1,
    });
    const started = await api("POST", "/v1/clusters/life6-drain/upgrade", {
      body: { version: NEW },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const op = (await advanceUntil(started.body.id, ended)) as ClusterOperation;
    expect(op.state, op.error).toBe("SUCCEEDED");
    const passed = op.events.find((e) => e.message.startsWith("LIFE-6: node"));
    expect(passed?.message, messages(op).join("\n")).toMatch(
      /^LIFE-6: node life6-drain-control-plane-1 of control-plane-node-pool drained over 20 minutes; passed with stuck pods: default\/life6-drain-control-plane-1-pdb-guarded$/,
    );
    const cpStart = op.events.find((e) => /control-plane-node-pool/.test(e.message));
    expect(Date.parse(passed!.at) - Date.parse(cpStart!.at)).toBeGreaterThanOrEqual(20 * 60_000);
  });

  it("LIFE-2 a provider preflight the sim blocks (node and network diagnostics) fails the upgrade before any component changes; spec.version goes back", async () => {
    await clusterWith("life2-diag", "standalone");
    await fault("life2", {
      match: { cluster: "life2-diag", operation: "RUN_PREFLIGHT" },
      effect: "FAIL",
      times: 1,
    });
    const started = await api("POST", "/v1/clusters/life2-diag/upgrade", {
      body: { version: NEW },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const op = (await advanceUntil(started.body.id, ended)) as ClusterOperation;
    expect(op.state).toBe("FAILED");
    expect(op.error).toMatch(/^LIFE-2: provider preflight blocked the upgrade/);
    expect(messages(op).join("\n")).not.toMatch(/^LIFE-3: upgrading control-plane-load-balancers/m);
    const after = await cluster("life2-diag");
    expect(after.version).toBe(OLD);
    expect(after.status).toMatchObject({ version: OLD, phase: "UPGRADE_FAILED" });
  });

  it("LIFE-3 a worker pool whose surge upgrade failed is resumed by the retry (same operation, no node upgraded twice); a failed blue-green pool starts a new operation readable by id", async () => {
    await clusterWith("life3-pools", "standalone", {
      blue: { type: "BLUE_GREEN", nodePoolSoakSeconds: 0 },
      surge: { type: "SURGE", maxSurge: 1, maxUnavailable: 0 },
    });
    // Until cleared: a node step gives up after three failures, failing its pool.
    await fault("life3-surge", {
      match: { cluster: "life3-pools", pool: "surge", operation: "CREATE_NODE" },
      effect: "FAIL",
    });
    await fault("life3-blue", {
      match: { cluster: "life3-pools", pool: "blue", operation: "CREATE_NODE" },
      effect: "FAIL",
    });
    // Pools on cloud machines upgrade by their own strategies (bare metal's in place is the default).
    const started = await api("POST", "/v1/clusters/life3-pools/upgrade", {
      body: { version: NEW, workerPools: "STRATEGY" },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const failed = (await advanceUntil(started.body.id, ended)) as ClusterOperation;
    expect(failed.state, messages(failed).join("\n")).toBe("FAILED");
    expect(failed.error).toMatch(/^LIFE-3: pool\/(blue|surge) failed/);
    const firstIds = Object.fromEntries(
      ["blue", "surge"].map((pool) => [
        pool,
        new RegExp(`worker node pool ${pool} upgrades as (op-[0-9a-f-]+)`).exec(
          messages(failed).join("\n"),
        )?.[1],
      ]),
    );
    expect(firstIds.surge).toBeDefined();
    expect(firstIds.blue).toBeDefined();
    // The failed blue-green left blue as it was: green creates that failed made nothing.
    await api("POST", "/v1/sim/advance", { body: { seconds: 60 } });
    const blueLeft = await api("GET", "/v1/clusters/life3-pools/nodes?pool=blue&limit=100");
    expect((blueLeft.body.items as { version: string }[]).map((n) => n.version)).toEqual(
      Array(4).fill(OLD),
    );
    const surgeBefore = (await api("GET", `/v1/operations/${firstIds.surge}`)).body;
    expect(surgeBefore.state).toBe("FAILED");

    for (const id of ["life3-surge", "life3-blue"]) {
      expect((await api("DELETE", `/v1/sim/faults/${id}`)).status).toBe(204);
    }
    const resumed = await api("POST", `/v1/operations/${started.body.id}/resume`);
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    const op = (await advanceUntil(started.body.id, ended)) as ClusterOperation;
    expect(op.state, op.error).toBe("SUCCEEDED");
    const all = messages(op).join("\n");
    // Surge resumes its own operation; blue-green cannot (NUP-9), so it starts anew.
    expect(
      all.match(new RegExp(`worker node pool surge upgrades as ${firstIds.surge}`, "g")),
    ).toHaveLength(2);
    const blueIds = [...all.matchAll(/worker node pool blue upgrades as (op-[0-9a-f-]+)/g)].map(
      (m) => m[1],
    );
    expect(blueIds).toHaveLength(2);
    expect(blueIds[1]).not.toBe(blueIds[0]);
    const blueRetry = await api("GET", `/v1/operations/${blueIds[1]}`);
    expect(blueRetry.status).toBe(200);
    expect(blueRetry.body).toMatchObject({ kind: "NODE_POOL_UPGRADE", state: "SUCCEEDED" });
    const surge = (await api("GET", `/v1/operations/${firstIds.surge}`)).body;
    expect(surge.state).toBe("SUCCEEDED");
    expect((await cluster("life3-pools")).status.version).toBe(NEW);
    for (const pool of ["surge", "blue"]) {
      const nodes = await api("GET", `/v1/clusters/life3-pools/nodes?pool=${pool}&limit=100`);
      const versions = (nodes.body.items as { version: string }[]).map((n) => n.version);
      expect(versions, pool).toHaveLength(4); // 2 nodes in each of 2 zones, none twice
      expect(new Set(versions), pool).toEqual(new Set([NEW]));
    }
  });
});

describe("bare-metal worker pools (LIFE-3)", () => {
  it("LIFE-3 a cluster upgrade upgrades worker pools in place by default: the same machines are drained, upgraded and uncordoned, no machine is created, and the inventory shows the same nodes on the new version", async () => {
    await clusterWith("life3-metal", "user", {
      workers: { type: "SURGE", maxSurge: 1, maxUnavailable: 0 },
    });
    const before = await api("GET", "/v1/clusters/life3-metal/nodes?pool=workers&limit=100");
    const names = (before.body.items as { name: string }[]).map((n) => n.name).sort();
    expect(names).toHaveLength(4);
    // A create would fail the pool: in place must never ask for one.
    await fault("life3-metal-create", {
      match: { cluster: "life3-metal", operation: "CREATE_NODE" },
      effect: "FAIL",
    });
    const started = await api("POST", "/v1/clusters/life3-metal/upgrade", {
      body: { version: NEW },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const op = (await advanceUntil(started.body.id, ended)) as ClusterOperation;
    expect(op.state, messages(op).join("\n")).toBe("SUCCEEDED");
    const all = messages(op).join("\n");
    expect(all).toMatch(/worker node pool workers upgrades in place/);
    const poolOp = /worker node pool workers upgrades as (op-[0-9a-f-]+)/.exec(all)?.[1];
    const pool = (await api("GET", `/v1/operations/${poolOp}`)).body as OperationBody & {
      strategy: string;
    };
    expect(pool.strategy).toBe("IN_PLACE");
    expect(messages(pool).filter((m) => /upgraded in place and uncordoned/.test(m))).toHaveLength(
      4,
    );
    await api("POST", "/v1/sim/advance", { body: { seconds: 60 } });
    const after = await api("GET", "/v1/clusters/life3-metal/nodes?pool=workers&limit=100");
    const nodes = after.body.items as { name: string; version: string; state: string }[];
    expect(nodes.map((n) => n.name).sort()).toEqual(names);
    expect(new Set(nodes.map((n) => `${n.version} ${n.state}`))).toEqual(new Set([`${NEW} READY`]));
    expect((await cluster("life3-metal")).status.version).toBe(NEW);
  });

  it("LIFE-2 LIFE-3 in place needs no surge quota: a zone with no room left blocks only an upgrade by the pools' strategies", async () => {
    await api("PUT", "/v1/zones/europe-west1-d", {
      body: { region: "europe-west1", quota: { nodes: 4 } },
    });
    const res = await api("PUT", "/v1/clusters/life3-full", {
      body: clusterBody({ role: "user", version: OLD }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const created = await api("PUT", "/v1/clusters/life3-full/node-pools/workers", {
      body: poolBody({ version: OLD, zones: ["europe-west1-d"], nodeCount: 4 }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const byStrategy = await api("POST", "/v1/clusters/life3-full/preflight", {
      body: { version: NEW, workerPools: "STRATEGY" },
    });
    expect(byStrategy.body.findings.map((f: { check: string }) => f.check)).toContain(
      "SURGE_QUOTA",
    );
    const inPlace = await api("POST", "/v1/clusters/life3-full/preflight", {
      body: { version: NEW },
    });
    expect(inPlace.body.findings.map((f: { check: string }) => f.check)).not.toContain(
      "SURGE_QUOTA",
    );
    expect(inPlace.body.passed).toBe(true);
    const started = await api("POST", "/v1/clusters/life3-full/upgrade", {
      body: { version: NEW },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
  });
});

describe("cluster upgrades under coarse clock jumps", () => {
  it("LIFE-3 an upgrade advanced in 3-hour jumps still ends: every answer due inside a jump is applied at its own instant", async () => {
    await clusterWith("life3-jumps", "standalone");
    await clusterWith("life3-jumps-bare", "standalone", {});
    const bare = await api("POST", "/v1/clusters/life3-jumps-bare/upgrade", {
      body: { version: NEW },
    });
    expect(bare.status, JSON.stringify(bare.body)).toBe(202);
    const started = await api("POST", "/v1/clusters/life3-jumps/upgrade", {
      body: { version: NEW },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const op = (await advanceUntil(started.body.id, ended, {
      stepSeconds: 3 * 3600,
      maxSteps: 20,
    })) as ClusterOperation;
    expect(op.state, messages(op).join("\n")).toBe("SUCCEEDED");
    const noPools = (await advanceUntil(bare.body.id, ended, {
      stepSeconds: 3 * 3600,
      maxSteps: 20,
    })) as ClusterOperation;
    expect(noPools.state, messages(noPools).join("\n")).toBe("SUCCEEDED");
  });
});

describe("cluster upgrades whose cluster goes away", () => {
  it("LIFE-3 a cluster deleted while it upgrades ends its upgrade FAILED at once, starts no pool, cannot be resumed, and a new cluster of the same name starts clean", async () => {
    await clusterWith("life3-gone", "standalone");
    const started = await api("POST", "/v1/clusters/life3-gone/upgrade", {
      body: { version: NEW },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    await api("POST", "/v1/sim/advance", { body: { seconds: 60 } });
    expect((await api("DELETE", "/v1/clusters/life3-gone")).status).toBe(204);
    const op = (await api("GET", `/v1/operations/${started.body.id}`)).body as ClusterOperation;
    expect(op.state).toBe("FAILED");
    expect(op.error).toMatch(/^LIFE-3: cluster life3-gone was deleted/);
    await api("POST", "/v1/sim/advance", { body: { seconds: 3 * 3600 } });
    const later = (await api("GET", `/v1/operations/${started.body.id}`)).body as ClusterOperation;
    expect(messages(later).join("\n")).not.toMatch(/starts its own node-pool upgrade/);
    const resumed = await api("POST", `/v1/operations/${started.body.id}/resume`);
    expect(resumed.status).toBe(409);

    await clusterWith("life3-gone", "standalone");
    const fresh = await api("GET", "/v1/clusters/life3-gone");
    expect(fresh.body.status).toMatchObject({ version: OLD, phase: "RUNNING" });
    const again = await api("POST", "/v1/clusters/life3-gone/upgrade", { body: { version: NEW } });
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    expect(again.body.id).not.toBe(started.body.id);
  });
});
