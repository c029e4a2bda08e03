import { ok, type Result, refuse } from "../rules/violation.ts";
import { type Instant, MINUTE, toRfc3339 } from "../time/instant.ts";
import { parseLifecycleCommandId } from "./commands.ts";
import { componentFailed, Pass } from "./pass.ts";
import {
  healthCheckWait,
  IN_PLACE_FROM,
  LIFECYCLE_DRAIN_LIMIT,
  planSteps,
  poolStepId,
  stepDowntime,
  throughBootstrap,
} from "./plan.ts";
import { preflight } from "./preflight.ts";
import type {
  ClusterUpgrade,
  ClusterUpgradeDecision,
  ClusterUpgradeEvent,
  ClusterUpgradeRequest,
} from "./types.ts";
import { isSelfManaged } from "./types.ts";

/**
 * LIFE-2 then LIFE-3: runs the preflight on the facts (any blocking finding refuses with
 * that finding's rule and nothing changes), plans the steps with their expected downtime
 * (LIFE-7) and starts the first ones.
 *
 * @example
 * const started = startClusterUpgrade({ operationId: "cu-1", facts, version: "1.15.11" }, now);
 * if (started.ok) persist(started.value.state, started.value.commands, started.value.intents);
 */
export function startClusterUpgrade(
  request: ClusterUpgradeRequest,
  now: Instant,
): Result<ClusterUpgradeDecision> {
  const { facts } = request;
  if (request.useBootstrap === true && !isSelfManaged(facts.role)) {
    return refuse(
      "LIFE-5",
      "refused",
      `LIFE-5: useBootstrap is for admin, hybrid and standalone clusters; ${facts.cluster} is a user cluster`,
    );
  }
  const checked = preflight(facts, request.version, now);
  const blocking = checked.findings.filter((f) => f.blocking);
  const first = blocking[0];
  if (first !== undefined) {
    return refuse(first.rule, "refused", blocking.map((f) => f.message).join("; "));
  }
  if (facts.version === request.version) {
    return refuse("VER-8", "refused", `VER-8: ${facts.cluster} already runs ${request.version}`);
  }
  const nodeVersions: ClusterUpgrade["nodeVersions"] = {
    "control-plane": { [facts.version]: facts.controlPlaneNodes },
  };
  if (facts.loadBalancerNodes !== undefined) {
    nodeVersions["load-balancer"] = { [facts.version]: facts.loadBalancerNodes };
  }
  for (const pool of facts.pools) {
    const counts: Record<string, number> = {};
    for (const node of pool.nodes) counts[node.version] = (counts[node.version] ?? 0) + 1;
    nodeVersions[pool.pool] = counts;
  }
  const op: ClusterUpgrade = {
    id: request.operationId,
    cluster: facts.cluster,
    role: facts.role,
    from: facts.version,
    target: request.version,
    useBootstrap: throughBootstrap(request),
    state: "RUNNING",
    phase: "PREFLIGHT",
    spec: { version: facts.version },
    status: { version: facts.version },
    owner: "TARGET",
    steps: planSteps(request),
    nodeVersions,
    preflight: checked,
    startedAt: now,
    updatedAt: now,
    events: [],
    eventCount: 0,
  };
  if (isSelfManaged(facts.role)) {
    if (facts.lifecycleControllersVersion !== undefined) {
      op.lifecycleControllersVersion = facts.lifecycleControllersVersion;
    }
  }
  if (facts.manifestsVersion !== undefined) op.manifestsVersion = facts.manifestsVersion;
  const pass = new Pass(op, now);
  const how = !isSelfManaged(facts.role)
    ? "user cluster"
    : op.useBootstrap
      ? `${facts.role} cluster through a bootstrap cluster (LIFE-5${request.useBootstrap === true ? "" : `: in-place upgrades start at ${IN_PLACE_FROM}`})`
      : `${facts.role} cluster in place (LIFE-5: lifecycle controllers upgrade themselves)`;
  pass.log(
    `LIFE-2: preflight passed with ${checked.findings.length} findings; upgrading ${how} ${facts.version} → ${request.version}`,
  );
  // LIFE-7: the operation shows each component's expected downtime in full (`downtime`);
  // its event log says it once, briefly, so no write of the upgrade carries the sentences.
  const expected: string[] = [];
  for (const step of op.steps) {
    const downtime = stepDowntime(step);
    if (downtime === undefined) continue;
    pass.note(`LIFE-7: ${step.id}: ${downtime.expected} (${downtime.when})`);
    const bound = downtime.maxSeconds;
    expected.push(
      `${step.id} ${bound === undefined ? "workload-dependent" : bound === 0 ? "none" : `up to ${bound} s`}`,
    );
  }
  if (expected.length > 0) pass.record(`LIFE-7: expected downtime: ${expected.join(", ")}`);
  pass.advance();
  return ok(pass.finish());
}

/**
 * One event: a provider answer to a component command, a worker pool's own upgrade
 * starting or ending, a passed drain (LIFE-6) or a tick (health-check retries).
 *
 * @example decideClusterUpgrade(op, { type: "COMMAND_SUCCEEDED", commandId: "cu-1:preflight:1", at: now }, now).commands
 */
export function decideClusterUpgrade(
  op: ClusterUpgrade,
  event: ClusterUpgradeEvent,
  now: Instant,
): ClusterUpgradeDecision {
  const pass = new Pass(op, now);
  apply(pass, event);
  return pass.finish();
}

/** Folds one event into the pass, then starts whatever it made ready. */
function apply(pass: Pass, event: ClusterUpgradeEvent): void {
  const { op, now } = pass;
  if (op.state === "SUCCEEDED") return;
  switch (event.type) {
    case "COMMAND_SUCCEEDED":
    case "COMMAND_FAILED": {
      const ref = parseLifecycleCommandId(op.id, event.commandId);
      const step = ref && pass.step(ref.step);
      if (step === undefined || step.status !== "RUNNING" || step.attempts !== ref?.attempt) {
        pass.out.notes.push(`ignored a late or foreign answer to ${event.commandId}`);
        return;
      }
      if (event.type === "COMMAND_SUCCEEDED") {
        pass.done(step);
        break;
      }
      const what = `${event.reason}: ${event.message}`;
      if (step.action.type === "HEALTH_CHECKS") {
        // LIFE-3: checks repeat until all pass; a failing one is never the upgrade's end.
        const failingFor = now - (step.firstAt ?? now);
        step.status = "WAITING";
        step.lastFailure = what;
        step.retryAt = now + healthCheckWait(step.attempts);
        pass.log(
          `LIFE-3: health check ${step.attempts} failed (${what}); failing for ${Math.floor(failingFor / MINUTE)} minutes; checking again at ${toRfc3339(step.retryAt)} — checks repeat until all pass (POST /v1/operations/${pass.op.id}/cancel stops the upgrade)`,
        );
      } else if (step.action.type === "RUN_PREFLIGHT") {
        pass.op.preflight = {
          passed: false,
          findings: [
            ...pass.op.preflight.findings,
            {
              check: "PROVIDER_DIAGNOSTICS",
              blocking: true,
              rule: "LIFE-2",
              message: `LIFE-2: ${event.message}`,
            },
          ],
          at: now,
        };
        pass.fail(
          step,
          `LIFE-2: provider preflight blocked the upgrade (${what}); nothing was changed`,
        );
      } else {
        pass.fail(step, componentFailed(pass.op, step, what));
      }
      break;
    }
    case "NODE_PREEMPTED":
      // Worker pools are upgraded by their own node-pool machines, which take this.
      return;
    case "POOL_UPGRADE_STARTED": {
      const step = pass.step(poolStepId(event.pool));
      if (step === undefined || step.status !== "RUNNING") return;
      step.poolOperation = event.operationId;
      pass.log(`LIFE-3: worker node pool ${event.pool} upgrades as ${event.operationId}`);
      break;
    }
    case "POOL_UPGRADE_ENDED": {
      const step = pass.step(poolStepId(event.pool));
      if (
        step === undefined ||
        step.status !== "RUNNING" ||
        (step.poolOperation !== undefined && step.poolOperation !== event.operationId)
      ) {
        pass.out.notes.push(`ignored the end of ${event.operationId} (pool ${event.pool})`);
        return;
      }
      step.poolOperation = event.operationId;
      if (event.state === "SUCCEEDED") {
        // Without the pool's own count, every node it had is now on the target.
        const counts = pass.op.nodeVersions[event.pool] ?? {};
        const total = Object.values(counts).reduce((a, b) => a + b, 0);
        pass.op.nodeVersions[event.pool] = event.nodeVersions ?? { [pass.op.target]: total };
        pass.done(step);
      } else {
        const error = event.error === undefined ? "" : `: ${event.error}`;
        pass.fail(
          step,
          componentFailed(pass.op, step, `${event.operationId} ended ${event.state}${error}`),
        );
      }
      break;
    }
    case "DRAIN_PASSED": {
      const ref = parseLifecycleCommandId(op.id, event.commandId);
      const pods = event.stuckPods.length === 0 ? "none named" : event.stuckPods.join(", ");
      pass.log(
        `LIFE-6: node ${event.node} of ${ref?.step ?? event.commandId} drained over ${LIFECYCLE_DRAIN_LIMIT / MINUTE} minutes; passed with stuck pods: ${pods}`,
      );
      break;
    }
    case "TICK":
      for (const step of pass.op.steps) {
        if (step.status === "WAITING" && step.retryAt !== undefined && step.retryAt <= now) {
          if (pass.op.state === "RUNNING") pass.begin(step);
        }
      }
      break;
    default:
      event satisfies never;
      return;
  }
  pass.advance();
}

/**
 * The cluster went away while it was being upgraded: whatever runs is failed with
 * `reason` and nothing more starts. A finished upgrade is left as it is.
 *
 * @example abandonClusterUpgrade(running, "cluster deleted", now).state.state // "FAILED"
 */
export function abandonClusterUpgrade(
  op: ClusterUpgrade,
  reason: string,
  now: Instant,
): ClusterUpgradeDecision {
  if (op.state !== "RUNNING" && op.state !== "PAUSED") {
    return { state: op, commands: [], intents: [], notes: [] };
  }
  const pass = new Pass(op, now);
  const running = pass.op.steps.filter((s) => s.status === "RUNNING" || s.status === "WAITING");
  const message = `LIFE-3: ${reason}; the upgrade stopped (spec.version ${pass.op.spec.version}, status.version ${pass.op.status.version})`;
  for (const step of running) pass.fail(step, message);
  if (pass.op.state !== "FAILED") {
    // Nothing was running (paused): the operation ends all the same.
    pass.op.state = "FAILED";
    pass.op.error = message;
    pass.op.reason = message;
    pass.op.endedAt = now;
    pass.log(message);
  }
  return pass.finish();
}

/**
 * The upgrade with one more line in its history (what the host did with it); nothing
 * else changes.
 *
 * @example noteOnClusterUpgrade(done, "written back", now).events.at(-1)?.message // "written back"
 */
export function noteOnClusterUpgrade(
  op: ClusterUpgrade,
  message: string,
  now: Instant,
): ClusterUpgrade {
  const pass = new Pass(op, now);
  pass.record(message);
  return pass.op;
}

/**
 * The operator stops a running upgrade (LIFE-3: health checks that keep failing never end
 * it on their own). Whatever runs or waits stops where it is and nothing more starts; a
 * late answer to a command already sent is ignored. Resume retries from where it stopped.
 *
 * @example cancelClusterUpgrade(running, now).ok // true; .value.state.state === "CANCELLED"
 */
export function cancelClusterUpgrade(
  op: ClusterUpgrade,
  now: Instant,
): Result<ClusterUpgradeDecision> {
  if (op.state !== "RUNNING" && op.state !== "PAUSED") {
    return refuse(
      "LIFE-3",
      "conflict",
      `LIFE-3: ${op.id} is ${op.state}; only a running cluster upgrade can be cancelled`,
    );
  }
  const pass = new Pass(op, now);
  const stopped = pass.op.steps.filter((s) => s.status === "RUNNING" || s.status === "WAITING");
  const during = stopped.map((s) => s.id).join(", ") || pass.op.phase;
  const message = `LIFE-3: cancelled by the operator during ${during}; spec.version ${pass.op.spec.version}, status.version ${pass.op.status.version}; resume retries from there`;
  for (const step of stopped) {
    step.status = "FAILED";
    step.endedAt = now;
    step.error = "LIFE-3: cancelled by the operator";
    delete step.retryAt;
  }
  pass.op.state = "CANCELLED";
  pass.op.reason = message;
  pass.op.endedAt = now;
  pass.log(message);
  return ok(pass.finish());
}

/**
 * Retries a failed upgrade from the failed steps; steps that are done stay done (no
 * component is upgraded twice) and steps still in flight are not started again.
 *
 * @example resumeClusterUpgrade(failed, now) // ok: the failed component's command again
 */
export function resumeClusterUpgrade(
  op: ClusterUpgrade,
  now: Instant,
): Result<ClusterUpgradeDecision> {
  if (op.state !== "FAILED" && op.state !== "CANCELLED") {
    return refuse(
      "LIFE-3",
      "conflict",
      `LIFE-3: ${op.id} is ${op.state}; only a failed or cancelled cluster upgrade can be resumed`,
    );
  }
  const pass = new Pass(op, now);
  const retried = pass.op.steps.filter((s) => s.status === "FAILED" || s.status === "WAITING");
  for (const step of retried) {
    step.status = "PENDING";
    delete step.retryAt;
    delete step.firstAt;
    delete step.lastFailure;
    delete step.error;
  }
  pass.op.state = "RUNNING";
  delete pass.op.error;
  delete pass.op.reason;
  delete pass.op.endedAt;
  const kept = pass.op.steps.filter((s) => s.status === "DONE").length;
  pass.log(
    `LIFE-3: resumed; ${kept} finished steps are kept, retrying ${retried.map((s) => s.id).join(", ")}`,
  );
  pass.advance();
  return ok(pass.finish());
}

/**
 * Several events in one decision, so a host that received them together persists once.
 *
 * @example decideAllClusterUpgrades(op, [answerA, answerB], now).intents
 */
export function decideClusterUpgradeAll(
  op: ClusterUpgrade,
  events: readonly ClusterUpgradeEvent[],
  now: Instant,
): ClusterUpgradeDecision {
  // One pass (one copy of the operation) for the whole batch: a cluster with many pools
  // hears of all their starts at once.
  const pass = new Pass(op, now);
  for (const event of events.length === 0 ? [{ type: "TICK" as const, at: now }] : events) {
    apply(pass, event);
  }
  return pass.finish();
}
