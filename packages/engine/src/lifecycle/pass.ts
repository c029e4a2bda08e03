import { EVENTS_KEPT } from "../node-pool/operation.ts";
import { type Instant, MINUTE } from "../time/instant.ts";
import { stepCommand } from "./commands.ts";
import { LIFECYCLE_DRAIN_LIMIT } from "./plan.ts";
import type { ClusterUpgrade, ClusterUpgradeDecision, LifecycleStep } from "./types.ts";

/**
 * A private copy of what a pass changes: the operation's own fields, its versions, each
 * step's own fields, the node counts by pool (replaced per pool, never changed in place)
 * and the list of events (an event, once logged, never changes). Everything else (a
 * step's action and order, the preflight result) is only ever replaced or read, so it is
 * shared: the fleet keeps one frozen plan of the steps for every upgrade planned alike. A decision
 * runs on every provider answer: copying only this, not the whole operation through
 * JSON, is most of what a decision costs.
 */
function copyOperation(op: ClusterUpgrade): ClusterUpgrade {
  return {
    ...op,
    spec: { ...op.spec },
    status: { ...op.status },
    steps: op.steps.map((step) => ({ ...step })),
    nodeVersions: { ...op.nodeVersions },
    events: [...op.events],
  };
}

/**
 * One decision in the making: the operation (a private copy) and what it asks for. It
 * holds the mechanics of a step (start, done, fail) and of the whole plan (start what is
 * ready); which event leads to which of them is decided in machine.ts only.
 */
export class Pass {
  readonly op: ClusterUpgrade;
  readonly out: ClusterUpgradeDecision;

  constructor(
    op: ClusterUpgrade,
    readonly now: Instant,
  ) {
    this.op = copyOperation(op);
    this.out = { state: this.op, commands: [], intents: [], notes: [] };
  }

  /** An event of the operation, kept with it, and a note of this decision. */
  log(message: string): void {
    this.record(message);
    this.out.notes.push(message);
  }

  /** An event kept with the operation only. */
  record(message: string): void {
    const op = this.op;
    op.events.push({ at: this.now, message });
    op.eventCount += 1;
    if (op.events.length > EVENTS_KEPT) op.events.splice(0, op.events.length - EVENTS_KEPT);
  }

  /** A note of this decision only (what the operation shows elsewhere). */
  note(message: string): void {
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
          inPlace: action.inPlace === true,
          controlPlaneVersion: op.target,
        };
        if (step.poolOperation !== undefined) intent.previousOperationId = step.poolOperation;
        this.out.intents.push(intent);
        this.log(
          action.inPlace === true
            ? `LIFE-3: worker node pool ${action.pool} upgrades in place to ${action.target.version}: each machine is drained (LIFE-6), its kubelet and container runtime upgraded, and uncordoned; no machine is created`
            : `LIFE-3: worker node pool ${action.pool} starts its own node-pool upgrade to ${action.target.version} (VER-7: the control plane runs ${op.target})`,
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

export function componentFailed(op: ClusterUpgrade, step: LifecycleStep, what: string): string {
  return `LIFE-3: ${step.id} failed (${what}); spec.version ${op.spec.version}, status.version ${op.status.version}; resume retries from ${step.id}`;
}
