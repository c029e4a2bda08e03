import { EVENTS_KEPT } from "../node-pool/operation.ts";
import { ok, type Result, refuse } from "../rules/violation.ts";
import { type Instant, MINUTE, toRfc3339 } from "../time/instant.ts";
import { parseLifecycleCommandId, stepCommand } from "./commands.ts";
import {
  HEALTH_CHECK_INTERVAL,
  HEALTH_CHECK_LIMIT,
  LIFECYCLE_DRAIN_LIMIT,
  planSteps,
} from "./plan.ts";
import { preflight } from "./preflight.ts";
import type {
  ClusterUpgrade,
  ClusterUpgradeDecision,
  ClusterUpgradeEvent,
  ClusterUpgradeRequest,
  LifecycleStep,
} from "./types.ts";
import { isSelfManaged } from "./types.ts";

/** One decision in the making: the operation (a private copy) and what it asks for. */
class Pass {
  readonly op: ClusterUpgrade;
  readonly out: ClusterUpgradeDecision;

  constructor(
    op: ClusterUpgrade,
    readonly now: Instant,
  ) {
    // The operation is plain JSON (the object stores it as is), so a JSON copy is exact.
    this.op = JSON.parse(JSON.stringify(op)) as ClusterUpgrade;
    this.out = { state: this.op, commands: [], intents: [], notes: [] };
  }

  log(message: string): void {
    const op = this.op;
    op.events.push({ at: this.now, message });
    op.eventCount += 1;
    if (op.events.length > EVENTS_KEPT) op.events.splice(0, op.events.length - EVENTS_KEPT);
    this.out.notes.push(message);
  }

  step(id: string): LifecycleStep | undefined {
    return this.op.steps.find((s) => s.id === id);
  }

  /** Starts every pending step whose predecessors are done, until nothing more starts. */
  advance(): void {
    let started = true;
    while (started && this.op.state === "RUNNING") {
      started = false;
      for (const step of this.op.steps) {
        if (this.op.state !== "RUNNING") break;
        if (step.status !== "PENDING") continue;
        if (!step.after.every((id) => this.step(id)?.status === "DONE")) continue;
        this.begin(step);
        started = true;
      }
    }
  }

  begin(step: LifecycleStep): void {
    const op = this.op;
    step.attempts += 1;
    step.status = "RUNNING";
    step.startedAt = this.now;
    delete step.error;
    const action = step.action;
    switch (action.type) {
      case "SET_SPEC_VERSION":
        op.spec.version = op.target;
        this.log(
          `VER-8: spec.version := ${op.target}; status.version stays ${op.status.version} until the upgrade succeeds`,
        );
        this.done(step);
        return;
      case "SET_STATUS_VERSION":
        this.done(step);
        op.status.version = op.spec.version;
        op.state = "SUCCEEDED";
        op.endedAt = this.now;
        delete op.reason;
        this.log(`VER-8: status.version := ${op.spec.version}; the cluster upgrade succeeded`);
        return;
      case "WORKER_POOL": {
        const intent: ClusterUpgradeDecision["intents"][number] = {
          type: "START_POOL_UPGRADE",
          pool: action.pool,
          target: action.target,
          controlPlaneVersion: op.target,
        };
        if (step.poolOperation !== undefined) intent.previousOperationId = step.poolOperation;
        this.out.intents.push(intent);
        this.log(
          `LIFE-3: worker node pool ${action.pool} starts its own node-pool upgrade to ${action.target.version} (VER-7: the control plane runs ${op.target})`,
        );
        return;
      }
      case "HEALTH_CHECKS":
        step.firstAt ??= this.now;
        this.log(`LIFE-3: cluster health check ${step.attempts}`);
        break;
      case "RUN_PREFLIGHT":
        this.log(`LIFE-2: provider preflight (node and network diagnostics) for ${op.target}`);
        break;
      case "UPGRADE_CONTROL_PLANE":
      case "UPGRADE_COMPONENT": {
        const name = action.type === "UPGRADE_COMPONENT" ? action.component : "control-plane";
        const attempt = step.attempts > 1 ? ` (attempt ${step.attempts})` : "";
        const drain = action.drainsNodes
          ? `; LIFE-6: its nodes drain best effort, PDBs not honoured, a node is passed after ${LIFECYCLE_DRAIN_LIMIT / MINUTE} minutes`
          : "";
        this.log(`LIFE-3: upgrading ${step.id} (${name}) to ${op.target}${attempt}${drain}`);
        break;
      }
      default:
        action satisfies never;
        return;
    }
    const command = stepCommand(op, step);
    if (command !== undefined) this.out.commands.push(command);
  }

  done(step: LifecycleStep): void {
    const op = this.op;
    step.status = "DONE";
    step.endedAt = this.now;
    delete step.retryAt;
    switch (step.id) {
      case "pivot-to-bootstrap":
        op.owner = "BOOTSTRAP";
        this.log(
          "LIFE-5: the bootstrap cluster owns the upgrade; the target's own status stays stale, progress shows on the bootstrap",
        );
        break;
      case "pivot-back":
        op.owner = "TARGET";
        this.log("LIFE-5: ownership pivoted back to the upgraded cluster");
        break;
      case "lifecycle-controllers":
        op.lifecycleControllersVersion = op.target;
        break;
      case "cluster-add-ons":
        op.manifestsVersion = op.target;
        break;
    }
    if (step.action.type !== "SET_SPEC_VERSION" && step.action.type !== "SET_STATUS_VERSION") {
      this.log(`LIFE-3: ${step.id} done`);
    }
  }

  fail(step: LifecycleStep, message: string): void {
    const op = this.op;
    step.status = "FAILED";
    step.endedAt = this.now;
    step.error = message;
    this.log(message);
    if (op.state !== "RUNNING") return;
    op.state = "FAILED";
    op.error = message;
    op.reason = message;
    op.endedAt = this.now;
  }

  finish(): ClusterUpgradeDecision {
    const op = this.op;
    const open = op.steps.find((s) => s.status !== "DONE");
    op.phase = open?.phase ?? "STATUS_SET";
    op.updatedAt = this.now;
    let wakeAt: Instant | undefined;
    for (const s of op.steps) {
      if (s.status === "WAITING" && s.retryAt !== undefined) {
        wakeAt = wakeAt === undefined ? s.retryAt : Math.min(wakeAt, s.retryAt);
      }
    }
    if (wakeAt !== undefined && op.state === "RUNNING") this.out.wakeAt = wakeAt;
    return this.out;
  }
}

function componentFailed(op: ClusterUpgrade, step: LifecycleStep, what: string): string {
  return `LIFE-3: ${step.id} failed (${what}); spec.version ${op.spec.version}, status.version ${op.status.version}; resume retries from ${step.id}`;
}

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
      422,
      `LIFE-5: useBootstrap is for admin, hybrid and standalone clusters; ${facts.cluster} is a user cluster`,
    );
  }
  const checked = preflight(facts, request.version, now);
  const blocking = checked.findings.filter((f) => f.blocking);
  const first = blocking[0];
  if (first !== undefined) {
    return refuse(first.rule, 422, blocking.map((f) => f.message).join("; "));
  }
  if (facts.version === request.version) {
    return refuse("VER-8", 422, `VER-8: ${facts.cluster} already runs ${request.version}`);
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
    useBootstrap: request.useBootstrap === true,
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
      ? `${facts.role} cluster through a bootstrap cluster (LIFE-5)`
      : `${facts.role} cluster in place (LIFE-5: lifecycle controllers upgrade themselves)`;
  pass.log(
    `LIFE-2: preflight passed with ${checked.findings.length} findings; upgrading ${how} ${facts.version} → ${request.version}`,
  );
  for (const step of op.steps) {
    if (step.downtime !== undefined) {
      pass.log(`LIFE-7: ${step.id}: ${step.downtime.expected} (${step.downtime.when})`);
    }
  }
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
  if (op.state === "SUCCEEDED") return pass.finish();
  switch (event.type) {
    case "COMMAND_SUCCEEDED":
    case "COMMAND_FAILED": {
      const ref = parseLifecycleCommandId(op.id, event.commandId);
      const step = ref && pass.step(ref.step);
      if (step === undefined || step.status !== "RUNNING" || step.attempts !== ref?.attempt) {
        pass.out.notes.push(`ignored a late or foreign answer to ${event.commandId}`);
        return pass.finish();
      }
      if (event.type === "COMMAND_SUCCEEDED") {
        pass.done(step);
        break;
      }
      const what = `${event.reason}: ${event.message}`;
      if (step.action.type === "HEALTH_CHECKS") {
        const failingFor = now - (step.firstAt ?? now);
        if (failingFor >= HEALTH_CHECK_LIMIT) {
          pass.fail(
            step,
            `LIFE-3: cluster health checks still failing after ${Math.floor(failingFor / MINUTE)} minutes (${what}); spec.version ${pass.op.spec.version}, status.version ${pass.op.status.version}; resume checks again`,
          );
        } else {
          step.status = "WAITING";
          step.retryAt = now + HEALTH_CHECK_INTERVAL;
          pass.log(
            `LIFE-3: health check ${step.attempts} failed (${what}); checking again at ${toRfc3339(step.retryAt)}`,
          );
        }
      } else if (step.action.type === "RUN_PREFLIGHT") {
        pass.op.preflight = {
          passed: false,
          findings: [
            ...pass.op.preflight.findings,
            {
              check: "NODE_DIAGNOSTICS",
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
      return pass.finish();
    case "POOL_UPGRADE_STARTED": {
      const step = pass.step(`pool/${event.pool}`);
      if (step === undefined || step.status !== "RUNNING") return pass.finish();
      step.poolOperation = event.operationId;
      pass.log(`LIFE-3: worker node pool ${event.pool} upgrades as ${event.operationId}`);
      break;
    }
    case "POOL_UPGRADE_ENDED": {
      const step = pass.step(`pool/${event.pool}`);
      if (
        step === undefined ||
        step.status !== "RUNNING" ||
        (step.poolOperation !== undefined && step.poolOperation !== event.operationId)
      ) {
        pass.out.notes.push(`ignored the end of ${event.operationId} (pool ${event.pool})`);
        return pass.finish();
      }
      step.poolOperation = event.operationId;
      if (event.state === "SUCCEEDED") {
        const counts = pass.op.nodeVersions[event.pool] ?? {};
        const total = Object.values(counts).reduce((a, b) => a + b, 0);
        pass.op.nodeVersions[event.pool] = { [pass.op.target]: total };
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
      return event satisfies never;
  }
  pass.advance();
  return pass.finish();
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
  if (op.state !== "FAILED") {
    return refuse(
      "LIFE-3",
      409,
      `LIFE-3: ${op.id} is ${op.state}; only a failed cluster upgrade can be resumed`,
    );
  }
  const pass = new Pass(op, now);
  const retried = pass.op.steps.filter((s) => s.status === "FAILED" || s.status === "WAITING");
  for (const step of retried) {
    step.status = "PENDING";
    delete step.retryAt;
    delete step.firstAt;
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
  if (events.length === 0) return decideClusterUpgrade(op, { type: "TICK", at: now }, now);
  let state = op;
  const out: ClusterUpgradeDecision = { state, commands: [], intents: [], notes: [] };
  for (const event of events) {
    const step = decideClusterUpgrade(state, event, now);
    state = step.state;
    out.commands.push(...step.commands);
    out.intents.push(...step.intents);
    out.notes.push(...step.notes);
    if (step.wakeAt === undefined) delete out.wakeAt;
    else out.wakeAt = step.wakeAt;
  }
  out.state = state;
  return out;
}
