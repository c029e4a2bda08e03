import { describe, expect, it } from "vitest";
import {
  abandonClusterUpgrade,
  type ClusterUpgrade,
  cancelClusterUpgrade,
  clusterUpgradeOperationView,
  clusterUpgradeView,
  decideClusterUpgrade,
  IN_PLACE_FROM,
  LIFECYCLE_DRAIN_LIMIT,
  noteOnClusterUpgrade,
  planSteps,
  restingClusterStatus,
  resumeClusterUpgrade,
  startClusterUpgrade,
} from "../../src/lifecycle/index.ts";
import { stepDowntime } from "../../src/lifecycle/plan.ts";
import type { ClusterUpgradeRequest } from "../../src/lifecycle/types.ts";
import { MINUTE, SECOND } from "../../src/time/instant.ts";
import { driveCluster, POOL_SECONDS, T0 } from "./driver.ts";
import { adminCluster, request, userCluster } from "./fixtures.ts";

function start(req: ClusterUpgradeRequest) {
  const started = startClusterUpgrade(req, T0);
  if (!started.ok) throw new Error(started.error.detail);
  return started.value;
}

/** When each step started and ended, from the driven operation. */
function times(op: ClusterUpgrade, id: string): { start: number; end: number } {
  const step = op.steps.find((s) => s.id === id);
  if (step?.startedAt === undefined || step.endedAt === undefined)
    throw new Error(`${id} did not run`);
  return { start: (step.startedAt - T0) / SECOND, end: (step.endedAt - T0) / SECOND };
}

describe("cluster upgrade machine", () => {
  it("LIFE-1 cluster roles decide the plan: a user cluster has no lifecycle-controller steps, an admin cluster does", () => {
    const user = planSteps(request(userCluster())).map((s) => s.id);
    const admin = planSteps(request(adminCluster())).map((s) => s.id);
    expect(user).not.toContain("lifecycle-controllers");
    expect(admin).toContain("lifecycle-controllers");
    expect(startClusterUpgrade(request(userCluster(), { useBootstrap: true }), T0)).toMatchObject({
      ok: false,
      error: { rule: "LIFE-5", kind: "refused" },
    });
  });

  it("LIFE-3 order: spec.version, control-plane load balancers, control-plane pool, then connect agent, add-ons and the LB pool side by side, workers after the LB pool, health checks, status.version", () => {
    const { op } = driveCluster(start(request(userCluster())), T0);
    expect(op.state).toBe("SUCCEEDED");
    const order = [
      "preflight",
      "control-plane-load-balancers",
      "control-plane-node-pool",
      "load-balancer-node-pool",
      "pool/np-a",
      "health-checks",
    ];
    for (let i = 1; i < order.length; i++) {
      expect(times(op, order[i]!).start, order[i]).toBeGreaterThanOrEqual(
        times(op, order[i - 1]!).end,
      );
    }
    const cp = times(op, "control-plane-node-pool").end;
    for (const id of ["connect-agent", "cluster-add-ons", "load-balancer-node-pool"]) {
      expect(times(op, id).start, id).toBe(cp);
    }
    // Worker pools run side by side once the load-balancer pool is done.
    expect(times(op, "pool/np-a").start).toBe(times(op, "pool/np-b").start);
    expect(times(op, "pool/np-a").start).toBe(times(op, "load-balancer-node-pool").end);
  });

  it("LIFE-3 without a separate load-balancer pool the worker pools follow the control-plane pool", () => {
    const { op } = driveCluster(start(request(userCluster({ loadBalancerNodes: undefined }))), T0);
    expect(op.state).toBe("SUCCEEDED");
    expect(times(op, "pool/np-a").start).toBe(times(op, "control-plane-node-pool").end);
  });

  it("LIFE-3 health checks repeat until they pass", () => {
    const { op, log } = driveCluster(start(request(userCluster())), T0, {
      answer: (command, _step, nth) =>
        command.type === "HEALTH_CHECK" && nth <= 3
          ? { ok: false, reason: "HEALTH_CHECK_FAIL" }
          : undefined,
    });
    expect(op.state).toBe("SUCCEEDED");
    expect(log.filter((line) => line.includes(" HEALTH_CHECK health-checks")).length).toBe(4);
  });

  it("LIFE-3 health checks repeat until all pass: twelve failed checks over more than an hour never end the upgrade, the waits grow to 10 minutes, the status shows since when and why, and the thirteenth check passing finishes it", () => {
    const checksAt: number[] = [];
    let failingView: ReturnType<typeof clusterUpgradeOperationView>["healthChecks"];
    const { op } = driveCluster(start(request(userCluster())), T0, {
      answer: (command, _step, nth) => {
        if (command.type !== "HEALTH_CHECK") return undefined;
        return nth <= 12 ? { ok: false, reason: "HEALTH_CHECK_FAIL" } : { ok: true };
      },
      observe: (current, decision, now) => {
        if (decision.commands.some((c) => c.type === "HEALTH_CHECK")) checksAt.push(now);
        expect(current.state).not.toBe("FAILED");
        const view = clusterUpgradeOperationView(current).healthChecks;
        if (view !== undefined) failingView = view;
      },
    });
    expect(op.state).toBe("SUCCEEDED");
    expect(checksAt).toHaveLength(13);
    const waits = checksAt.slice(1).map((at, i) => at - checksAt[i]!);
    // Each wait is the backoff after a failed check plus the check's own duration.
    const backoff = waits.map((w) => Math.round((w - (waits.at(-1)! - 10 * MINUTE)) / MINUTE));
    expect(backoff).toEqual([1, 2, 4, 8, 10, 10, 10, 10, 10, 10, 10, 10]);
    expect(failingView).toMatchObject({
      attempts: 12,
      lastFailure: expect.stringMatching(/^HEALTH_CHECK_FAIL/),
    });
    expect(failingView!.failingSince).toBe(checksAt[0]);
    expect(op.events.some((e) => e.message.includes("checks repeat until all pass"))).toBe(true);
  });

  it("LIFE-3 the operator cancels an upgrade whose health checks keep failing: it ends CANCELLED where it stood, a late answer is ignored, and a resume checks again", () => {
    const failing = driveCluster(start(request(userCluster())), T0, {
      answer: (command) =>
        command.type === "HEALTH_CHECK" ? { ok: false, reason: "HEALTH_CHECK_FAIL" } : undefined,
      script: [
        {
          at: T0 + 6 * 3_600_000,
          label: "cancel",
          act: (op, now) => cancelClusterUpgrade(op, now),
        },
      ],
    });
    expect(failing.op.state).toBe("CANCELLED");
    expect(failing.op.reason).toMatch(/^LIFE-3: cancelled by the operator during health-checks/);
    expect(failing.op.status.version).toBe("1.14.3");
    expect(cancelClusterUpgrade(failing.op, failing.op.updatedAt).ok).toBe(false);
    const resumed = resumeClusterUpgrade(failing.op, failing.op.updatedAt);
    expect(resumed.ok && resumed.value.commands.map((c) => c.type)).toEqual(["HEALTH_CHECK"]);
    expect(resumed.ok && resumed.value.state.state).toBe("RUNNING");
  });

  it("VER-7 worker pools start only after the control-plane pool, planned against the control plane's new version", () => {
    const { op } = driveCluster(start(request(userCluster())), T0, {
      observe: (current, decision) => {
        for (const intent of decision.intents) {
          expect(current.steps.find((s) => s.id === "control-plane-node-pool")?.status).toBe(
            "DONE",
          );
          expect(intent).toMatchObject({
            type: "START_POOL_UPGRADE",
            controlPlaneVersion: "1.15.11",
            target: { version: "1.15.11", nodeImage: "ubuntu-1" },
          });
        }
      },
    });
    expect(op.state).toBe("SUCCEEDED");
  });

  it("VER-8 spec.version is set when the upgrade starts; status.version changes only on success", () => {
    const statuses = new Set<string>();
    const { op } = driveCluster(start(request(userCluster())), T0, {
      observe: (current) => {
        if (current.state !== "SUCCEEDED") statuses.add(current.status.version);
        if (current.steps.find((s) => s.id === "spec-version")?.status === "DONE") {
          expect(current.spec.version).toBe("1.15.11");
        }
      },
    });
    expect([...statuses]).toEqual(["1.14.3"]);
    expect(op.status.version).toBe("1.15.11");
    expect(op.events.at(-1)?.message).toBe(
      "VER-8: status.version := 1.15.11; the cluster upgrade succeeded",
    );
  });

  it("LIFE-3 a failing component stops the upgrade naming it; a resume continues from it and no component is upgraded twice", () => {
    const failed = driveCluster(start(request(userCluster())), T0, {
      answer: (_command, step, nth) =>
        step === "cluster-add-ons" && nth === 1 ? { ok: false, reason: "FAILED" } : undefined,
    });
    const op = failed.op;
    expect(op.state).toBe("FAILED");
    expect(op.error).toBe(
      "LIFE-3: cluster-add-ons failed (FAILED: injected); spec.version 1.15.11, status.version 1.14.3; resume retries from cluster-add-ons",
    );
    expect(op.spec.version).toBe("1.15.11");
    expect(op.status.version).toBe("1.14.3");
    // Steps already in flight finish; nothing new starts while failed.
    expect(op.steps.find((s) => s.id === "load-balancer-node-pool")?.status).toBe("DONE");
    expect(op.steps.find((s) => s.id === "pool/np-a")?.status).toBe("PENDING");
    expect(clusterUpgradeOperationView(op)).toMatchObject({
      state: "FAILED",
      phase: "ADD_ONS_AND_LOAD_BALANCER_POOL",
    });

    const retried = driveCluster(start(request(userCluster())), T0, {
      answer: (_command, step, nth) =>
        step === "cluster-add-ons" && nth === 1 ? { ok: false, reason: "FAILED" } : undefined,
      script: [{ at: T0 + 3600 * SECOND, label: "resume", act: resumeClusterUpgrade }],
    });
    expect(retried.op.state).toBe("SUCCEEDED");
    const upgraded = retried.commands
      .filter((c) => c.type !== "HEALTH_CHECK")
      .map((c) => c.id.split(":")[1]);
    const twice = upgraded.filter((id, i) => upgraded.indexOf(id) !== i);
    expect(twice).toEqual(["cluster-add-ons"]); // only the failed one, once more
    expect(retried.log).toContain("+3600 resume");
    expect(retried.op.steps.find((s) => s.id === "cluster-add-ons")?.attempts).toBe(2);
    expect(retried.op.steps.find((s) => s.id === "control-plane-node-pool")?.attempts).toBe(1);
  });

  it("LIFE-3 a worker pool whose own upgrade fails fails the cluster upgrade; a resume asks the host to resume that pool operation", () => {
    const { op } = driveCluster(start(request(userCluster())), T0, {
      poolEnd: (pool, nth) => (pool === "np-b" && nth === 1 ? "FAILED" : "SUCCEEDED"),
    });
    expect(op.state).toBe("FAILED");
    expect(op.error).toContain("pool/np-b failed (np-np-b-1 ended FAILED: NUP-7: injected)");
    const resumed = resumeClusterUpgrade(op, op.updatedAt);
    expect(resumed.ok && resumed.value.intents).toEqual([
      {
        type: "START_POOL_UPGRADE",
        pool: "np-b",
        target: { version: "1.15.11", nodeImage: "ubuntu-1" },
        inPlace: true,
        controlPlaneVersion: "1.15.11",
        previousOperationId: "np-np-b-1",
      },
    ]);
    expect(resumeClusterUpgrade(start(request(userCluster())).state, T0)).toMatchObject({
      ok: false,
      error: { rule: "LIFE-3", kind: "conflict" },
    });
  });

  it("LIFE-2 a provider preflight that blocks fails the upgrade before spec.version changes", () => {
    const { op } = driveCluster(start(request(userCluster())), T0, {
      answer: (command) =>
        command.type === "RUN_PREFLIGHT" ? { ok: false, reason: "PREFLIGHT_BLOCKED" } : undefined,
    });
    expect(op.state).toBe("FAILED");
    expect(op.error).toMatch(/^LIFE-2: provider preflight blocked the upgrade/);
    expect(op.spec.version).toBe("1.14.3");
    expect(op.preflight.passed).toBe(false);
    expect(op.steps.filter((s) => s.attempts > 0).map((s) => s.id)).toEqual(["preflight"]);
  });

  it("LIFE-4 the status view shows per-component states and versions and the version → node count map", () => {
    let midway: ReturnType<typeof clusterUpgradeView> | undefined;
    const { op } = driveCluster(start(request(userCluster())), T0, {
      observe: (current) => {
        if (
          midway === undefined &&
          current.steps.find((s) => s.id === "pool/np-a")?.poolOperation !== undefined
        ) {
          midway = clusterUpgradeView(current);
        }
      },
    });
    expect(midway?.versions).toEqual({ "1.15.11": 5, "1.14.3": 4 });
    expect(midway?.components.find((c) => c.id === "control-plane-node-pool")).toMatchObject({
      state: "DONE",
      version: "1.15.11",
    });
    expect(midway?.components.find((c) => c.id === "pool/np-a")).toMatchObject({
      state: "RUNNING",
      version: "1.14.3",
      poolOperation: "np-np-a-1",
    });
    expect(midway?.lifecycleControllersManifestsVersion).toBeUndefined();
    expect(midway?.controlPlaneNodePool).toEqual({
      version: "1.15.11",
      nodeCount: 3,
      state: "READY",
    });
    expect(midway?.loadBalancerNodePool).toEqual({
      version: "1.15.11",
      nodeCount: 2,
      state: "READY",
    });
    const done = clusterUpgradeView(op);
    expect(done.versions).toEqual({ "1.15.11": 9 });
    expect(done.manifestsVersion).toBe("1.15.11");
    expect(clusterUpgradeOperationView(op)).toMatchObject({
      kind: "CLUSTER_UPGRADE",
      state: "SUCCEEDED",
      phase: "STATUS_SET",
      progress: { done: op.steps.length, total: op.steps.length },
    });
  });

  it("LIFE-4 a cluster that is not upgrading still shows its status fields: every lifecycle pool on status.version with its own node count, workers by what they run", () => {
    const resting = restingClusterStatus({
      role: "hybrid",
      specVersion: "1.15.11",
      statusVersion: "1.14.3",
      controlPlaneNodes: 1,
      loadBalancerNodes: 2,
      workerVersions: { "1.14.3": 4, "1.14.2": 1 },
    });
    expect(resting).toEqual({
      spec: { version: "1.15.11" },
      status: { version: "1.14.3" },
      controlPlaneNodePool: { version: "1.14.3", nodeCount: 1, state: "READY" },
      loadBalancerNodePool: { version: "1.14.3", nodeCount: 2, state: "READY" },
      versions: { "1.14.3": 7, "1.14.2": 1 },
      lifecycleControllersManifestsVersion: "1.14.3",
      manifestsVersion: "1.14.3",
    });
    const user = restingClusterStatus({
      role: "user",
      specVersion: "1.14.3",
      statusVersion: "1.14.3",
      controlPlaneNodes: 5,
      workerVersions: {},
    });
    expect(user.lifecycleControllersManifestsVersion).toBeUndefined();
    expect(user.loadBalancerNodePool).toBeUndefined();
    expect(user.versions).toEqual({ "1.14.3": 5 });
  });

  it("LIFE-4 LIFE-5 admin in place: preflight operator first, then the lifecycle controllers upgrade themselves and deploy the cluster operator, which runs the rest", () => {
    const started = start(request(adminCluster()));
    expect(
      started.commands.map((c) => (c.type === "UPGRADE_COMPONENT" ? c.component : c.type)),
    ).toEqual(["preflightcheck-operator"]);
    let seen = "";
    const { op } = driveCluster(started, T0, {
      observe: (current) => {
        if (current.lifecycleControllersVersion === "1.15.11" && seen === "") {
          seen = current.steps
            .filter((s) => s.status === "DONE")
            .map((s) => s.id)
            .join(",");
        }
      },
    });
    expect(seen).toBe("preflight-operator,preflight,spec-version,lifecycle-controllers");
    expect(op.state).toBe("SUCCEEDED");
    expect(times(op, "control-plane-load-balancers").start).toBe(times(op, "cluster-operator").end);
    expect(clusterUpgradeView(op).lifecycleControllersManifestsVersion).toBe("1.15.11");
    expect(op.steps.some((s) => s.id.includes("bootstrap"))).toBe(false);
  });

  it("LIFE-5 in-place upgrades start at 1.15.0: a self-managed cluster upgraded to 1.14.3 goes through a bootstrap cluster without asking; to 1.15.0 in place; a user cluster never", () => {
    const older = start(
      request(
        adminCluster({
          version: "1.14.2",
          lifecycleControllersVersion: "1.14.2",
          managedClusters: [{ name: "bm-1", version: "1.14.2" }],
          pools: [],
        }),
        { version: "1.14.3" },
      ),
    );
    expect(older.state.useBootstrap).toBe(true);
    expect(older.state.steps.map((s) => s.id)).toContain("pivot-to-bootstrap");
    expect(older.state.events[0]?.message).toContain("in-place upgrades start at 1.15.0");
    const inPlace = start(
      request(adminCluster({ version: "1.14.3", pools: [] }), { version: "1.15.0" }),
    );
    expect(inPlace.state.useBootstrap).toBe(false);
    expect(inPlace.state.steps.map((s) => s.id)[0]).toBe("preflight-operator");
    expect(IN_PLACE_FROM).toBe("1.15.0");
    const user = start(
      request(userCluster({ version: "1.14.2", pools: [] }), { version: "1.14.3" }),
    );
    expect(user.state.useBootstrap).toBe(false);
  });

  it("LIFE-5 useBootstrap: create a bootstrap, pivot to it, target status stale while it owns the upgrade, pivot back, delete it — all as events", () => {
    const stale: boolean[] = [];
    const { op } = driveCluster(
      start(request(adminCluster({ role: "hybrid" }), { useBootstrap: true })),
      T0,
      {
        observe: (current) => {
          stale.push(clusterUpgradeView(current).statusStale);
          if (current.steps.find((s) => s.id === "control-plane-node-pool")?.status === "RUNNING") {
            expect(current.owner).toBe("BOOTSTRAP");
          }
        },
      },
    );
    expect(op.state).toBe("SUCCEEDED");
    const ids = op.steps.map((s) => s.id);
    expect(ids.slice(0, 5)).toEqual([
      "preflight",
      "spec-version",
      "create-bootstrap",
      "pivot-to-bootstrap",
      "control-plane-load-balancers",
    ]);
    expect(ids.slice(-4)).toEqual([
      "health-checks",
      "pivot-back",
      "delete-bootstrap",
      "status-version",
    ]);
    expect(ids).not.toContain("preflight-operator");
    expect(stale).toContain(true);
    expect(stale.at(-1)).toBe(false);
    const messages = op.events.map((e) => e.message);
    expect(messages).toContain(
      "LIFE-5: the bootstrap cluster owns the upgrade; the target's own status stays stale, progress shows on the bootstrap",
    );
    expect(messages).toContain("LIFE-5: ownership pivoted back to the upgraded cluster");
    expect(messages).toContain("LIFE-3: delete-bootstrap done");
  });

  it("LIFE-6 control-plane and load-balancer pool nodes drain best effort without PDBs, passed after 20 minutes with their stuck pods in the events", () => {
    const started = start(request(userCluster()));
    const { commands } = driveCluster(started, T0);
    const drained = commands.filter((c) => "drain" in c && c.drain !== undefined);
    expect(drained.map((c) => c.id)).toEqual([
      "cu-1:control-plane-node-pool:1",
      "cu-1:load-balancer-node-pool:1",
    ]);
    for (const c of drained) {
      expect("drain" in c && c.drain).toEqual({ respectPdb: false, passAfterSeconds: 1200 });
    }
    expect(LIFECYCLE_DRAIN_LIMIT).toBe(20 * MINUTE);
    const op = started.state;
    const passed = decideClusterUpgrade(
      op,
      {
        type: "DRAIN_PASSED",
        commandId: "cu-1:control-plane-node-pool:1",
        node: "cp-2",
        stuckPods: ["kube-system/stackdriver-log-aggregator-0"],
        at: T0 + 21 * MINUTE,
      },
      T0 + 21 * MINUTE,
    );
    expect(passed.state.events.at(-1)?.message).toBe(
      "LIFE-6: node cp-2 of control-plane-node-pool drained over 20 minutes; passed with stuck pods: kube-system/stackdriver-log-aggregator-0",
    );
  });

  it("LIFE-7 the plan carries the expected downtime per component before anything runs", () => {
    const started = start(request(userCluster()));
    const downtime = clusterUpgradeOperationView(started.state).downtime;
    expect(downtime.find((d) => d.component === "control-plane-load-balancers")).toMatchObject({
      maxSeconds: 120,
      when: "at the start of the upgrade",
    });
    for (const id of ["connect-agent", "cluster-add-ons"]) {
      expect(downtime.find((d) => d.component === id)).toMatchObject({
        maxSeconds: 300,
        when: "after the control-plane node pool",
      });
    }
    expect(started.notes.filter((n) => n.startsWith("LIFE-7")).length).toBe(downtime.length);
  });

  it("LIFE-7 a step keeps only its kind of downtime, and a step stored with the whole text before reads the same", () => {
    const started = start(request(userCluster()));
    const step = started.state.steps.find((s) => s.id === "control-plane-load-balancers");
    expect(step?.downtime).toBe("controlPlaneLoadBalancers");
    const stored: typeof started.state = JSON.parse(JSON.stringify(started.state));
    for (const s of stored.steps) {
      const text = stepDowntime(s);
      if (text !== undefined) s.downtime = { ...text };
    }
    expect(clusterUpgradeOperationView(stored).downtime).toEqual(
      clusterUpgradeOperationView(started.state).downtime,
    );
    // The sentences are no longer carried by every write of the upgrade.
    expect(JSON.stringify(started.state).length).toBeLessThan(
      JSON.stringify(stored).length - 1_000,
    );
  });

  it("VER-8 an upgrade to the version the cluster runs is refused", () => {
    expect(startClusterUpgrade(request(userCluster(), { version: "1.14.3" }), T0)).toMatchObject({
      ok: false,
      error: { rule: "VER-8" },
    });
  });

  it("late, foreign and duplicate answers change nothing", () => {
    const started = start(request(userCluster()));
    const foreign = decideClusterUpgrade(
      started.state,
      { type: "COMMAND_SUCCEEDED", commandId: "cu-2:preflight:1", at: T0 },
      T0,
    );
    expect(foreign.state.steps).toEqual(started.state.steps);
    const once = decideClusterUpgrade(
      started.state,
      { type: "COMMAND_SUCCEEDED", commandId: "cu-1:preflight:1", at: T0 + 60 * SECOND },
      T0 + 60 * SECOND,
    );
    const twice = decideClusterUpgrade(
      once.state,
      { type: "COMMAND_SUCCEEDED", commandId: "cu-1:preflight:1", at: T0 + 61 * SECOND },
      T0 + 61 * SECOND,
    );
    expect(twice.commands).toEqual([]);
    expect(twice.state.steps).toEqual(once.state.steps);
    expect(POOL_SECONDS).toBeGreaterThan(0);
  });

  it("LIFE-3 a cluster that goes away mid-upgrade fails what runs and starts nothing more; a finished upgrade stays as it is", () => {
    const started = start(request(userCluster()));
    const gone = abandonClusterUpgrade(started.state, "cluster c1 was deleted", T0 + MINUTE);
    expect(gone.state.state).toBe("FAILED");
    expect(gone.state.error).toMatch(/^LIFE-3: cluster c1 was deleted; the upgrade stopped/);
    expect(gone.commands).toEqual([]);
    expect(gone.intents).toEqual([]);
    expect(gone.state.steps.some((s) => s.status === "RUNNING")).toBe(false);
    const done = driveCluster(started, T0).op;
    expect(done.state).toBe("SUCCEEDED");
    expect(abandonClusterUpgrade(done, "gone", T0 + MINUTE).state).toEqual(done);
  });

  it("VER-8 a note on a finished upgrade adds one line to its history and changes nothing else; the upgrade it was given is left as it was", () => {
    const done = driveCluster(start(request(userCluster())), T0).op;
    const before = JSON.parse(JSON.stringify(done)) as typeof done;
    const noted = noteOnClusterUpgrade(
      done,
      "VER-8: the inventory refused this upgrade's write-back",
      T0 + MINUTE,
    );
    expect(noted.events.at(-1)).toEqual({
      at: T0 + MINUTE,
      message: "VER-8: the inventory refused this upgrade's write-back",
    });
    expect(noted.eventCount).toBe(done.eventCount + 1);
    expect({ ...noted, events: done.events, eventCount: done.eventCount }).toEqual(done);
    expect(done).toEqual(before);
  });
});
