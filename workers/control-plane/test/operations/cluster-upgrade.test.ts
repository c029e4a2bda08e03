import { describe, expect, it } from "vitest";
import { clusterBody, poolBody } from "../fixtures.ts";
import { api } from "../helpers.ts";
import {
  advanceUntil,
  clusterWithPool,
  NEW,
  OLD,
  type OperationBody,
  useNodePoolFixtures,
} from "./helpers.ts";

useNodePoolFixtures();

interface ClusterOperation extends OperationBody {
  kind: string;
  error?: string;
  downtime?: { component: string }[];
}

/** A user cluster on OLD under an admin on NEW, with a surge pool and a blue-green pool. */
async function userClusterWithPools(name: string) {
  const admin = await api("PUT", `/v1/clusters/${name}-admin`, {
    body: clusterBody({ role: "admin", version: NEW }),
  });
  expect(admin.status, JSON.stringify(admin.body)).toBe(201);
  const user = await api("PUT", `/v1/clusters/${name}`, {
    body: clusterBody({ role: "user", adminCluster: `${name}-admin`, version: OLD }),
  });
  expect(user.status, JSON.stringify(user.body)).toBe(201);
  const pools = {
    surge: { type: "SURGE", maxSurge: 1, maxUnavailable: 0 },
    blue: { type: "BLUE_GREEN", nodePoolSoakSeconds: 0 },
  };
  for (const [pool, upgradeStrategy] of Object.entries(pools)) {
    const res = await api("PUT", `/v1/clusters/${name}/node-pools/${pool}`, {
      body: poolBody({ version: OLD, nodeCount: 1, upgradeStrategy }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
}

const ended = (op: OperationBody) => op.state !== "RUNNING";

/** `POST …/upgrade` to {@link NEW} with `body`, then virtual time until the upgrade ends. */
async function upgradeUntilEnded(
  cluster: string,
  body: Record<string, unknown>,
  steps: { stepSeconds: number; maxSteps: number },
): Promise<ClusterOperation> {
  const started = await api("POST", `/v1/clusters/${cluster}/upgrade`, {
    body: { version: NEW, ...body },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return (await advanceUntil(started.body.id, ended, steps)) as ClusterOperation;
}

/** The node-pool operation a cluster upgrade started for `pool`, read from its events. */
function poolOperation(op: OperationBody, pool: string): string {
  const messages = op.events.map((e) => e.message).join("\n");
  const id = new RegExp(`worker node pool ${pool} upgrades as (op-[0-9a-f-]+)`).exec(messages)?.[1];
  if (id === undefined) throw new Error(`no operation for pool ${pool} in:\n${messages}`);
  return id;
}

async function clusterStatus(name: string) {
  const res = await api("GET", `/v1/clusters/${name}`);
  return res.body as { version: string; status: { version: string; phase: string } };
}

describe("cluster upgrades through the API (LIFE-3, VER-8)", () => {
  it("LIFE-4 the lifecycle status fields show at all times, for any number of control-plane nodes: before an upgrade, during it and after, in GET and in the list", async () => {
    const res = await api("PUT", "/v1/clusters/cu-life4", {
      body: clusterBody({
        role: "standalone",
        version: OLD,
        controlPlaneNodePool: { nodeCount: 5 },
        loadBalancerNodePool: { nodeCount: 2 },
      }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.controlPlaneNodePool).toEqual({ nodeCount: 5 });
    const pool = await api("PUT", "/v1/clusters/cu-life4/node-pools/workers", {
      body: poolBody({ version: OLD, nodeCount: 2 }),
    });
    expect(pool.status, JSON.stringify(pool.body)).toBe(201);
    const workers = (await api("GET", "/v1/clusters/cu-life4/nodes?limit=100")).body.items.length;
    const resting = {
      spec: { version: OLD },
      status: { version: OLD },
      controlPlaneNodePool: { version: OLD, nodeCount: 5, state: "READY" },
      loadBalancerNodePool: { version: OLD, nodeCount: 2, state: "READY" },
      versions: { [OLD]: 5 + 2 + workers },
      lifecycleControllersManifestsVersion: OLD,
      manifestsVersion: OLD,
    };
    expect((await api("GET", "/v1/clusters/cu-life4")).body.status.components).toEqual(resting);
    const listed = (await api("GET", "/v1/clusters?limit=100")).body.items.find(
      (c: { name: string }) => c.name === "cu-life4",
    );
    expect(listed.status.components).toEqual(resting);

    const started = await api("POST", "/v1/clusters/cu-life4/upgrade", { body: { version: NEW } });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const during = (await api("GET", "/v1/clusters/cu-life4")).body.status.components;
    expect(during.controlPlaneNodePool).toMatchObject({ version: OLD, nodeCount: 5 });
    expect(during.versions).toEqual({ [OLD]: 5 + 2 + workers });
    const op = await advanceUntil(started.body.id, ended, { stepSeconds: 60 });
    expect(op.state).toBe("SUCCEEDED");
    await api("POST", "/v1/sim/advance", { body: { seconds: 60 } });
    const after = (await api("GET", "/v1/clusters/cu-life4")).body.status.components;
    expect(after).toEqual({
      spec: { version: NEW },
      status: { version: NEW },
      controlPlaneNodePool: { version: NEW, nodeCount: 5, state: "READY" },
      loadBalancerNodePool: { version: NEW, nodeCount: 2, state: "READY" },
      versions: { [NEW]: 5 + 2 + workers },
      lifecycleControllersManifestsVersion: NEW,
      manifestsVersion: NEW,
    });
  });

  it("LIFE-3 LIFE-4 VER-8 a user cluster with a surge and a blue-green pool upgrades end to end, its status showing components while it runs; status.version moves on success", async () => {
    await userClusterWithPools("cu-e2e");
    // Cloud machines: each pool by its own strategy (in place is bare metal's default).
    const started = await api("POST", "/v1/clusters/cu-e2e/upgrade", {
      body: { version: NEW, workerPools: "STRATEGY" },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body).toMatchObject({
      kind: "CLUSTER_UPGRADE",
      state: "RUNNING",
      target: { cluster: "cu-e2e", version: NEW },
    });
    // VER-8: the desired version is set at the start, what it runs only on success.
    const during = await clusterStatus("cu-e2e");
    expect(during.version).toBe(NEW);
    expect(during.status.version).toBe(OLD);

    // LIFE-4: while it runs, the status shows components, their states and the node map.
    await advanceUntil(started.body.id, (op) => op.phase === "WORKER_NODE_POOLS" || ended(op), {
      stepSeconds: 30,
    });
    const running = (await api("GET", "/v1/clusters/cu-e2e")).body;
    expect(running.status.phase).toBe("UPGRADING");
    const components = running.status.components;
    expect(components.operation).toBe(started.body.id);
    expect(components.spec).toEqual({ version: NEW });
    expect(components.status).toEqual({ version: OLD });
    const cp = components.components.find(
      (x: { id: string }) => x.id === "control-plane-node-pool",
    );
    expect(cp).toMatchObject({ state: "DONE", version: NEW });
    expect(components.controlPlaneNodePool).toEqual({ version: NEW, nodeCount: 3, state: "READY" });
    const blue = components.components.find((x: { id: string }) => x.id.includes("blue"));
    expect(blue).toMatchObject({ state: "RUNNING" });
    expect(Object.keys(components.versions)).toContain(OLD);

    const op = (await advanceUntil(started.body.id, ended, {
      stepSeconds: 60,
    })) as ClusterOperation;
    expect(op.state, op.error).toBe("SUCCEEDED");
    expect(op.progress.done).toBe(op.progress.total);
    const messages = op.events.map((e) => e.message).join("\n");
    // Each worker pool ran through its own strategy machine, readable by id.
    for (const [pool, strategy] of [
      ["blue", "BLUE_GREEN"],
      ["surge", "SURGE"],
    ]) {
      const poolOp = new RegExp(`worker node pool ${pool} upgrades as (op-[0-9a-f-]+)`).exec(
        messages,
      )?.[1];
      expect(poolOp, messages).toBeDefined();
      const res = await api("GET", `/v1/operations/${poolOp}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ kind: "NODE_POOL_UPGRADE", strategy, state: "SUCCEEDED" });
    }

    await api("POST", "/v1/sim/advance", { body: { seconds: 60 } });
    const after = await clusterStatus("cu-e2e");
    expect(after.status.version).toBe(NEW);
    for (const pool of ["surge", "blue"]) {
      const res = await api("GET", `/v1/clusters/cu-e2e/node-pools/${pool}`);
      expect(res.body.version, pool).toBe(NEW);
      const nodes = await api("GET", `/v1/clusters/cu-e2e/nodes?pool=${pool}&limit=100`);
      const versions = (nodes.body.items as { version: string }[]).map((n) => n.version);
      expect(versions.length, pool).toBeGreaterThan(0);
      expect(new Set(versions), pool).toEqual(new Set([NEW]));
    }
  });

  it("LIFE-3 while a cluster upgrade runs, a node-pool upgrade or a second cluster upgrade is 409 naming it", async () => {
    await userClusterWithPools("cu-busy");
    const started = await api("POST", "/v1/clusters/cu-busy/upgrade", { body: { version: NEW } });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const again = await api("POST", "/v1/clusters/cu-busy/upgrade", { body: { version: NEW } });
    expect(again.status).toBe(409);
    expect(again.body.detail).toContain(started.body.id);
    const pool = await api("POST", "/v1/clusters/cu-busy/node-pools/surge/upgrade", {
      body: { version: NEW },
    });
    expect(pool.status).toBe(409);
    expect(pool.body.detail).toContain(started.body.id);
    const op = await advanceUntil(started.body.id, ended, { stepSeconds: 60 });
    expect(op.state).toBe("SUCCEEDED");
  });

  it("LIFE-2 a blocking preflight finding refuses the upgrade and changes nothing", async () => {
    await userClusterWithPools("cu-refused");
    const res = await api("POST", "/v1/clusters/cu-refused/upgrade", {
      body: { version: "1.23.8-gke.1900" },
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toMatch(/^VER-4/);
    const cluster = await clusterStatus("cu-refused");
    expect(cluster.version).toBe(OLD);
  });

  it("LIFE-3 a faulted component fails the upgrade naming it; POST …/upgrade again retries from it and succeeds", async () => {
    await userClusterWithPools("cu-fault");
    const fault = await api("PUT", "/v1/sim/faults/cu-fault", {
      body: {
        match: { cluster: "cu-fault", operation: "UPGRADE_COMPONENT" },
        effect: "FAIL",
        times: 1,
      },
    });
    expect(fault.status, JSON.stringify(fault.body)).toBeLessThan(300);
    const started = await api("POST", "/v1/clusters/cu-fault/upgrade", { body: { version: NEW } });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const failed = (await advanceUntil(started.body.id, ended)) as ClusterOperation;
    expect(failed.state).toBe("FAILED");
    const component = /^LIFE-3: ([a-z-]+) failed/.exec(failed.error ?? "")?.[1];
    expect(component, failed.error).toBeDefined();
    await api("POST", "/v1/sim/advance", { body: { seconds: 60 } });
    expect((await clusterStatus("cu-fault")).status.version).toBe(OLD);

    const retried = await api("POST", "/v1/clusters/cu-fault/upgrade", { body: { version: NEW } });
    expect(retried.status, JSON.stringify(retried.body)).toBe(202);
    expect(retried.body.id).toBe(started.body.id);
    const op = (await advanceUntil(started.body.id, ended)) as ClusterOperation;
    expect(op.state, op.error).toBe("SUCCEEDED");
    expect(op.events.map((e) => e.message).join("\n")).toContain(`retrying ${component}`);
    await api("POST", "/v1/sim/advance", { body: { seconds: 60 } });
    expect((await clusterStatus("cu-fault")).status.version).toBe(NEW);
  });

  it("LIFE-1 LIFE-3 a cluster declares a separate load-balancer node pool: it is shown, and its upgrade runs the pool beside the add-ons with the worker pools only after it; without one the worker pools follow the control-plane pool", async () => {
    await userClusterWithPools("cu-lb");
    const spec = {
      ...clusterBody({ role: "user", adminCluster: "cu-lb-admin", version: OLD }),
      loadBalancerNodePool: { nodeCount: 2 },
    };
    const put = await api("PUT", "/v1/clusters/cu-lb", { body: spec });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.loadBalancerNodePool).toEqual({ nodeCount: 2 });
    const bad = await api("PUT", "/v1/clusters/cu-lb", {
      body: { ...spec, loadBalancerNodePool: { nodeCount: 0 } },
    });
    expect(bad.status).toBe(400);

    const started = await api("POST", "/v1/clusters/cu-lb/upgrade", { body: { version: NEW } });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const downtime = (started.body as ClusterOperation).downtime?.map((d) => d.component) ?? [];
    expect(downtime).toContain("load-balancer-node-pool");
    const op = (await advanceUntil(started.body.id, ended, {
      stepSeconds: 60,
    })) as ClusterOperation;
    expect(op.state, op.error).toBe("SUCCEEDED");
    const log = op.events.map((e) => e.message);
    const lbDone = log.indexOf("LIFE-3: load-balancer-node-pool done");
    const firstWorker = log.findIndex((m) => m.startsWith("LIFE-3: worker node pool"));
    expect(lbDone, log.join("\n")).toBeGreaterThanOrEqual(0);
    expect(firstWorker).toBeGreaterThan(lbDone);

    await userClusterWithPools("cu-no-lb");
    const plain = await api("POST", "/v1/clusters/cu-no-lb/upgrade", { body: { version: NEW } });
    const none = (plain.body as ClusterOperation).downtime?.map((d) => d.component) ?? [];
    expect(none).not.toContain("load-balancer-node-pool");
  });

  it("LIFE-6 an in-place worker pool's drain held by its pods is passed after 20 minutes in a cluster upgrade, the stuck pods in its events, not held for an hour", async () => {
    await userClusterWithPools("cu-pdb");
    const fault = await api("PUT", "/v1/sim/faults/cu-pdb", {
      body: { match: { cluster: "cu-pdb", operation: "DRAIN_NODE" }, effect: "STUCK_DRAIN" },
    });
    expect(fault.status, JSON.stringify(fault.body)).toBeLessThan(300);
    // Two machines one after the other, each passed after its 20 minutes: well within
    // the 75 minutes one held for the hour and five minutes of a forced drain would take.
    const op = await upgradeUntilEnded("cu-pdb", {}, { stepSeconds: 60, maxSteps: 75 });
    expect(op.state, op.error).toBe("SUCCEEDED");
    const surgeOp = poolOperation(op, "surge");
    const pool = (await api("GET", `/v1/operations/${surgeOp}`)).body as OperationBody;
    expect(pool.strategy).toBe("IN_PLACE");
    const passed = pool.events.map((e) => e.message).filter((m) => m.startsWith("LIFE-6: node"));
    expect(passed).toHaveLength(2);
    for (const line of passed) {
      expect(line).toMatch(
        /^LIFE-6: node \S+ drained over 20 minutes; passed with stuck pods: default\/\S+-pdb-guarded$/,
      );
    }
    expect((await api("DELETE", "/v1/sim/faults/cu-pdb")).status).toBe(204);
  });

  it("NUP-3 NUP-9 a cluster upgrade's surge and blue-green pools drain by their strategy: a drain held by a PDB is not passed at 20 minutes but forced after the hour", async () => {
    await userClusterWithPools("cu-nup3");
    const fault = await api("PUT", "/v1/sim/faults/cu-nup3", {
      body: { match: { cluster: "cu-nup3", operation: "DRAIN_NODE" }, effect: "STUCK_DRAIN" },
    });
    expect(fault.status, JSON.stringify(fault.body)).toBeLessThan(300);
    // Blue drains two batches of one node, each held for its hour.
    const op = await upgradeUntilEnded(
      "cu-nup3",
      { workerPools: "STRATEGY" },
      { stepSeconds: 300, maxSteps: 60 },
    );
    expect(op.state, op.error).toBe("SUCCEEDED");
    const surge = (await api("GET", `/v1/operations/${poolOperation(op, "surge")}`))
      .body as OperationBody;
    const messages = surge.events.map((e) => e.message);
    expect(messages.some((m) => /^NUP-3: \S+ still draining after 1 h; forcing/.test(m))).toBe(
      true,
    );
    expect(messages.some((m) => m.startsWith("LIFE-6"))).toBe(false);
    // The blue pool's drain honoured its PDB too; its last phase deleted the pods (NUP-9).
    const blue = (await api("GET", `/v1/operations/${poolOperation(op, "blue")}`))
      .body as OperationBody;
    const blueMessages = blue.events.map((e) => e.message);
    expect(
      blueMessages.some((m) => /still drain after 1 h; their pods are deleted in phase 5/.test(m)),
    ).toBe(true);
    expect(blueMessages.some((m) => m.startsWith("LIFE-6"))).toBe(false);
    const took = Date.parse(op.events.at(-1)?.at ?? "") - Date.parse(op.events[0]?.at ?? "");
    expect(took).toBeGreaterThan(60 * 60_000);
    expect((await api("DELETE", "/v1/sim/faults/cu-nup3")).status).toBe(204);
  });

  it("NUP-6 a cluster upgrade by the pools' strategies with no room for a surge node starts, waits with the NUP-6 reason in its status, and goes on once quota appears", async () => {
    const zone = "europe-west1-e";
    const quota = (nodes: number) =>
      api("PUT", `/v1/zones/${zone}`, { body: { region: "europe-west1", quota: { nodes } } });
    expect((await quota(2)).status).toBeLessThan(300);
    const user = await api("PUT", "/v1/clusters/cu-quota", {
      body: clusterBody({ role: "user", version: OLD }),
    });
    expect(user.status, JSON.stringify(user.body)).toBe(201);
    const pool = await api("PUT", "/v1/clusters/cu-quota/node-pools/surge", {
      body: poolBody({ version: OLD, zones: [zone], nodeCount: 2 }),
    });
    expect(pool.status, JSON.stringify(pool.body)).toBe(201);
    const started = await api("POST", "/v1/clusters/cu-quota/upgrade", {
      body: { version: NEW, workerPools: "STRATEGY" },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const finding = (
      started.body as ClusterOperation & {
        preflight: { passed: boolean; findings: { rule: string; blocking: boolean }[] };
      }
    ).preflight;
    expect(finding.passed).toBe(true);
    expect(finding.findings).toContainEqual(
      expect.objectContaining({ check: "SURGE_QUOTA", rule: "NUP-6", blocking: false }),
    );
    const waiting = await advanceUntil(
      started.body.id,
      (op) => /^NUP-6: no capacity/.test(op.reason ?? "") || ended(op),
      { stepSeconds: 60, maxSteps: 60 },
    );
    expect(waiting.state).toBe("RUNNING");
    expect(waiting.reason).toMatch(/^NUP-6: no capacity for .* \(worker node pool surge\)$/);
    // Still waiting an hour on: a shortage holds the node, it does not fail the upgrade.
    await api("POST", "/v1/sim/advance", { body: { seconds: 3600 } });
    const held = (await api("GET", `/v1/operations/${started.body.id}`)).body as OperationBody;
    expect(held.state).toBe("RUNNING");
    expect((await quota(3)).status).toBeLessThan(300);
    const op = (await advanceUntil(started.body.id, ended, {
      stepSeconds: 60,
      maxSteps: 60,
    })) as ClusterOperation;
    expect(op.state, op.error).toBe("SUCCEEDED");
  });

  it("MW-1 a user's own cluster upgrade runs its worker pools now, outside the window; with ignoreMaintenanceWindow false it holds them to the window like runs and sequences", async () => {
    // Monday 00:00 UTC; the window opens Saturday 02:00 UTC for 4 h.
    const maintenance = {
      windows: [{ start: "02:00", durationSeconds: 14_400, days: ["SAT"] }],
      exclusions: [],
    };
    for (const name of ["cu-mw-now", "cu-mw-held"]) {
      const res = await api("PUT", `/v1/clusters/${name}`, {
        body: clusterBody({ role: "user", version: OLD, maintenance }),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const pool = await api("PUT", `/v1/clusters/${name}/node-pools/surge`, {
        body: poolBody({ version: OLD, nodeCount: 1 }),
      });
      expect(pool.status, JSON.stringify(pool.body)).toBe(201);
    }
    const done = await upgradeUntilEnded(
      "cu-mw-now",
      { workerPools: "STRATEGY" },
      { stepSeconds: 60, maxSteps: 60 },
    );
    expect(done.state, done.error ?? done.reason).toBe("SUCCEEDED");

    const held = await api("POST", "/v1/clusters/cu-mw-held/upgrade", {
      body: { version: NEW, workerPools: "STRATEGY", ignoreMaintenanceWindow: false },
    });
    expect(held.status, JSON.stringify(held.body)).toBe(202);
    const waiting = await advanceUntil(
      held.body.id,
      (op) => /^MW-4/.test(op.reason ?? "") || ended(op),
      { stepSeconds: 60, maxSteps: 60 },
    );
    expect(waiting.state).toBe("RUNNING");
    expect(waiting.reason).toMatch(/^MW-4: .*\(worker node pool surge\)$/);
  });

  it("LIFE-3 health checks repeat until all pass: after 3 hours of failing checks the upgrade still runs and shows since when and why; POST /v1/operations/{id}/cancel stops it, resume checks again and it finishes once the cluster is healthy", async () => {
    await userClusterWithPools("cu-health");
    const fault = await api("PUT", "/v1/sim/faults/cu-health", {
      body: { match: { cluster: "cu-health" }, effect: "HEALTH_CHECK_FAIL" },
    });
    expect(fault.status, JSON.stringify(fault.body)).toBeLessThan(300);
    const started = await api("POST", "/v1/clusters/cu-health/upgrade", { body: { version: NEW } });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const id = started.body.id as string;
    const failing = (await advanceUntil(id, (op) => op.phase === "HEALTH_CHECKS" || ended(op), {
      stepSeconds: 60,
    })) as ClusterOperation;
    expect(failing.state).toBe("RUNNING");
    await api("POST", "/v1/sim/advance", { body: { seconds: 3 * 3600 } });
    const after = await api("GET", `/v1/operations/${id}`);
    expect(after.body.state, after.body.error).toBe("RUNNING");
    expect(after.body.healthChecks).toMatchObject({
      lastFailure: expect.stringMatching(/HEALTH_CHECK_FAIL/),
      failingSince: expect.any(String),
      nextAttemptAt: expect.any(String),
    });
    expect(after.body.healthChecks.attempts).toBeGreaterThan(10);
    const cluster = (await api("GET", "/v1/clusters/cu-health")).body;
    const checks = cluster.status.components.components.find(
      (c: { id: string }) => c.id === "health-checks",
    );
    expect(checks).toMatchObject({
      state: "WAITING",
      failingSince: after.body.healthChecks.failingSince,
    });

    const cancelled = await api("POST", `/v1/operations/${id}/cancel`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.state).toBe("CANCELLED");
    expect(cancelled.body.reason).toMatch(
      /^LIFE-3: cancelled by the operator during health-checks/,
    );
    const again = await api("POST", `/v1/operations/${id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(
      /^LIFE-3: .* only a running cluster upgrade can be cancelled/,
    );
    await api("POST", "/v1/sim/advance", { body: { seconds: 60 } });
    expect((await clusterStatus("cu-health")).status).toMatchObject({
      version: OLD,
      phase: "UPGRADE_FAILED",
    });

    expect((await api("DELETE", "/v1/sim/faults/cu-health")).status).toBe(204);
    const resumed = await api("POST", `/v1/operations/${id}/resume`);
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    const op = (await advanceUntil(id, ended, { stepSeconds: 60 })) as ClusterOperation;
    expect(op.state, op.error).toBe("SUCCEEDED");
    await api("POST", "/v1/sim/advance", { body: { seconds: 60 } });
    expect((await clusterStatus("cu-health")).status.version).toBe(NEW);
  });

  it("LIFE-3 a node-pool upgrade is not cancelled through /v1/operations/{id}/cancel: 409 naming its pool's path", async () => {
    await clusterWithPool("cu-pool-cancel", { nodeCount: 1, zones: ["europe-west1-b"] });
    const started = await api("POST", "/v1/clusters/cu-pool-cancel/node-pools/p/upgrade", {
      body: {},
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const refused = await api("POST", `/v1/operations/${started.body.id}/cancel`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/node-pools\/\{pool\}\/cancel/);
  });

  it("LIFE-3 POST /v1/operations/{id}/resume retries a failed cluster upgrade from its failed component; a running one is 409", async () => {
    await userClusterWithPools("cu-resume");
    const fault = await api("PUT", "/v1/sim/faults/cu-resume", {
      body: {
        match: { cluster: "cu-resume", operation: "UPGRADE_CONTROL_PLANE" },
        effect: "FAIL",
        times: 1,
      },
    });
    expect(fault.status, JSON.stringify(fault.body)).toBeLessThan(300);
    const started = await api("POST", "/v1/clusters/cu-resume/upgrade", { body: { version: NEW } });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const running = await api("POST", `/v1/operations/${started.body.id}/resume`);
    expect(running.status).toBe(409);
    const failed = (await advanceUntil(started.body.id, ended)) as ClusterOperation;
    expect(failed.state).toBe("FAILED");
    expect(failed.error).toMatch(/^LIFE-3: control-plane-node-pool failed/);

    const resumed = await api("POST", `/v1/operations/${started.body.id}/resume`);
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    expect(resumed.body.state).toBe("RUNNING");
    const op = (await advanceUntil(started.body.id, ended)) as ClusterOperation;
    expect(op.state, op.error).toBe("SUCCEEDED");
    expect(op.events.map((e) => e.message).join("\n")).toContain(
      "retrying control-plane-node-pool",
    );
  });

  it("LIFE-3 a worker pool deleted while its cluster upgrade runs ends the cluster upgrade FAILED, naming the pool, instead of waiting for it forever", async () => {
    await userClusterWithPools("cu-del");
    const started = await api("POST", "/v1/clusters/cu-del/upgrade", { body: { version: NEW } });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    await advanceUntil(started.body.id, (op) => op.phase === "WORKER_NODE_POOLS" || ended(op), {
      stepSeconds: 30,
    });
    expect((await api("DELETE", "/v1/clusters/cu-del/node-pools/blue")).status).toBe(204);
    const op = (await advanceUntil(started.body.id, ended, {
      stepSeconds: 60,
    })) as ClusterOperation;
    expect(op.state).toBe("FAILED");
    expect(op.error).toMatch(/blue/);
  });
});
