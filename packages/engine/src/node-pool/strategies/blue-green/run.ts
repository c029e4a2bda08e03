import type { Decision } from "../../../machine/decision.ts";
import type { ProviderEvent } from "../../../provider/commands.ts";
import { type Instant, SECOND } from "../../../time/instant.ts";
import { type NodeStep, type OperationRef, parseCommandId } from "../../node-commands.ts";
import type { StepContext } from "../../node-steps/context.ts";
import { TableDraft, type TrackedNode, trackNode } from "../../node-steps/node-table.ts";
import { failStep, retryDueSteps, sendStep } from "../../node-steps/pending-step.ts";
import {
  at,
  type CommandAnswer,
  capacityBackoff,
  Effects,
  earliest,
  ended,
  FORCED_DRAIN_LIMIT,
  isCapacityFailure,
  isTerminal,
  MAX_FAILURES,
  type MachineRun,
  PDB_LIMIT,
} from "../../operation.ts";
import type { NodeFacts, WindowInfo } from "../../types.ts";
import {
  BLUE_GREEN_PHASE_NUMBER,
  type BlueGreenOperation,
  type BlueGreenPhase,
} from "./operation.ts";
import { SOAK_CAP_SECONDS } from "./plan.ts";

/** Phase 3 drains honour PDBs for an hour; what is left is deleted in phase 5 (seed). */
const DRAIN_GRACE_SECONDS = 3600;
/** Phase 5: "terminationGracePeriodSeconds limited to at most 60 minutes" (seed). */
const DELETE_GRACE_SECONDS = 3600;

/**
 * One decision of a blue-green upgrade on a copy of the operation (inputs are never
 * changed): phase entries, the phase machine (`advance`), what a finished node step
 * means in each phase (`followUp`), failures, timers, and the derived operation state.
 *
 * @example const run = new BlueGreenRun(op, now); run.answer(event); return run.finish();
 */
export class BlueGreenRun implements StepContext, MachineRun<BlueGreenOperation> {
  readonly op: BlueGreenOperation;
  readonly ref: OperationRef;
  readonly fx: Effects;
  readonly table: TableDraft;

  constructor(op: BlueGreenOperation, now: Instant) {
    this.op = { ...op, retries: { ...op.retries } };
    this.ref = op.header;
    this.fx = new Effects(now);
    this.table = new TableDraft(op.nodes);
  }

  answer(event: CommandAnswer): void {
    const id = parseCommandId(this.op.header.id, event.commandId);
    const node = id === undefined ? undefined : this.table.get(id.node);
    const pending = node?.pending;
    if (node === undefined || pending === undefined || pending.command !== event.commandId) {
      this.fx.note(`ignored late or unknown answer ${event.commandId}`);
      return;
    }
    if (event.type === "COMMAND_SUCCEEDED") this.succeeded(node, pending.step, pending.round);
    else this.failed(node, event);
  }

  preempted(name: string): void {
    this.gone([name]);
  }

  /** The autoscaler only grows green (NUP-12), so added nodes are green. */
  scaled(removed: readonly string[], added: readonly NodeFacts[]): void {
    this.gone(removed);
    this.table.addMissing(added, "GREEN");
  }

  window(_window: WindowInfo): void {
    this.fx.note("MW-4: blue-green upgrades run to completion; window change ignored");
  }

  /**
   * EXT-7: the update-run scope's health check failed while the pool soaked (green serves
   * alone, blue still stands): the upgrade rolls back at once, as a person would with
   * cancel then rollback (NUP-9). Outside the soak it changes nothing.
   */
  healthCheckFailed(detail: string): void {
    const op = this.op;
    if (op.phase !== "SOAKING_POOL" || op.cancelled || isTerminal(op.header.state)) {
      this.fx.note(`EXT-7: health check failure ignored in ${op.phase}: ${detail}`);
      return;
    }
    this.fx.log(`EXT-7: health check failed during the node-pool soak (${detail}); rolling back`);
    this.rollBack();
  }

  /**
   * NUP-9 rollback (phases 1–4, after cancel or failure): phase 1 deletes green; phase 2
   * uncordons blue and deletes green; phases 3–4 stop draining, uncordon blue, then drain
   * and delete green.
   */
  rollBack(): void {
    const op = this.op;
    const from = op.phase;
    const { endedAt: _e, error, ...header } = op.header;
    op.header = { ...header, state: "RUNNING" };
    op.cancelled = false;
    op.rollbackFrom = from;
    op.retries = {};
    delete op.soak;
    this.fx.log(
      `NUP-9: rolling back from phase ${BLUE_GREEN_PHASE_NUMBER[from]} (${from})${error === undefined ? "" : ` after: ${error}`}`,
    );
    if (from === "CREATING_GREEN") this.enterRollbackDeletingGreen();
    else this.enterRollbackUncordoningBlue();
  }

  private gone(names: readonly string[]): void {
    for (const name of names) {
      const node = this.table.get(name);
      if (node === undefined) continue;
      if (node.pending !== undefined && node.pending.round === this.op.round)
        this.op.waitingFor -= 1;
      delete this.op.retries[name];
      this.table.delete(name);
      this.fx.note(`${name} left the pool`);
    }
  }

  finish(): Decision<BlueGreenOperation> {
    this.timers();
    this.advance();
    this.settle();
    const op = this.op;
    op.nodes = this.table.commit();
    op.header = this.fx.stamp(op.header);
    // Cancelled, nothing is timed: retries, soaks and batch bounds wait for resume.
    if (op.cancelled || isTerminal(op.header.state)) return this.fx.decision(op, undefined);
    let wakeAt = earliest(op.deadline, op.soak?.until);
    for (const name in op.retries) wakeAt = earliest(wakeAt, op.retries[name]);
    return this.fx.decision(op, wakeAt);
  }

  // ---- phase entries -------------------------------------------------------------

  enterCreatingGreen(): void {
    this.enter("CREATING_GREEN");
    const { blue, greenPrefix } = this.op.plan;
    blue.forEach((name, k) => {
      const zone = this.table.get(name)!.zone;
      const green = `${greenPrefix}${k}`;
      this.table.set(
        trackNode({ name: green, zone, ...this.op.header.target }, "PROVISIONING", "GREEN"),
      );
      this.start(green, "CREATE");
    });
    this.fx.log(`NUP-8 phase 1: blue autoscaling frozen; creating ${blue.length} green nodes`);
  }

  private enterCordoningBlue(): void {
    this.enter("CORDONING_BLUE");
    for (const name of this.op.plan.blue) if (this.table.get(name)) this.start(name, "CORDON");
    this.fx.log("NUP-8 phase 2: cordoning blue");
  }

  private enterDrainingBatch(batch: number): void {
    this.enter("DRAINING_BLUE");
    const { blue, batchSize } = this.op.plan;
    this.op.batch = batch;
    this.op.deadline = this.fx.now + PDB_LIMIT;
    for (const name of blue.slice(batch * batchSize, (batch + 1) * batchSize)) {
      if (this.table.get(name)) this.start(name, "DRAIN");
    }
    this.fx.log(`NUP-8 phase 3: draining batch ${batch + 1} (${this.op.waitingFor} nodes)`);
  }

  private enterSoakingPool(): void {
    this.enter("SOAKING_POOL");
    this.startSoak("POOL", this.op.plan.nodePoolSoakSeconds);
    this.fx.log(
      `NUP-8 phase 4: soaking the node pool until ${at(this.op.soak!.until)}; green may now scale both ways`,
    );
  }

  private enterDeletingBlue(): void {
    this.enter("DELETING_BLUE");
    this.op.deadline = this.fx.now + DELETE_GRACE_SECONDS * SECOND;
    for (const node of this.table.all()) {
      if (node.color !== "BLUE") continue;
      delete this.op.retries[node.name];
      this.start(node.name, "DRAIN_FORCED");
    }
    this.fx.log(
      `NUP-9 phase 5: deleting pods of ${this.op.waitingFor} blue nodes without PDBs (grace ≤ 60 min), then the nodes`,
    );
  }

  private enterRollbackUncordoningBlue(): void {
    this.enter("ROLLBACK_UNCORDONING_BLUE");
    for (const node of this.table.all()) {
      if (node.color !== "BLUE") continue;
      if (node.pending?.command !== undefined && node.pending.step === "CORDON") {
        // Let the cordon land first, then undo it (see followUp).
        this.table.patch(node.name, { pending: { ...node.pending, round: this.op.round } });
        this.op.waitingFor += 1;
      } else if (node.state === "CORDONED" || node.state === "DRAINING") {
        this.start(node.name, "UNCORDON");
      }
    }
    this.fx.log(`NUP-9: stopping drains and uncordoning ${this.op.waitingFor} blue nodes`);
  }

  private enterRollbackDrainingGreen(): void {
    this.enter("ROLLBACK_DRAINING_GREEN");
    this.op.forced = false;
    this.op.deadline = this.fx.now + PDB_LIMIT;
    for (const node of this.table.all()) {
      if (node.color === "GREEN" && node.state === "READY") this.start(node.name, "DRAIN");
    }
    this.fx.log(`NUP-9: draining ${this.op.waitingFor} green nodes`);
  }

  private enterRollbackDeletingGreen(): void {
    this.enter("ROLLBACK_DELETING_GREEN");
    this.op.deleted = 0;
    let total = 0;
    for (const node of this.table.all()) {
      if (node.color !== "GREEN") continue;
      if (node.pending?.command !== undefined && node.pending.step === "CREATE") {
        // Delete it once the provider has made it (see followUp).
        this.table.patch(node.name, { pending: { ...node.pending, round: this.op.round } });
        this.op.waitingFor += 1;
        total += 1;
      } else if (node.state === "PROVISIONING") {
        this.table.delete(node.name); // waiting to retry its create: it never existed
      } else {
        this.start(node.name, "DELETE");
        total += 1;
      }
    }
    this.op.header = { ...this.op.header, progress: { done: 0, total } };
    this.fx.log(`NUP-9: deleting ${total} green nodes`);
  }

  private enter(phase: BlueGreenPhase): void {
    this.op.phase = phase;
    this.op.round += 1;
    this.op.waitingFor = 0;
    delete this.op.deadline;
  }

  // ---- the machine -----------------------------------------------------------------

  /** Moves through phases while nothing holds the current one. */
  private advance(): void {
    const op = this.op;
    const now = this.fx.now;
    for (;;) {
      if (isTerminal(op.header.state) || op.cancelled) return;
      switch (op.phase) {
        case "CREATING_GREEN":
          if (op.waitingFor > 0) return;
          this.enterCordoningBlue();
          continue;
        case "CORDONING_BLUE":
          if (op.waitingFor > 0) return;
          if (op.plan.batchSize === 0) {
            this.fx.log("NUP-8: batch size 0: phase 3 skipped");
            this.enterSoakingPool();
          } else {
            this.enterDrainingBatch(0);
          }
          continue;
        case "DRAINING_BLUE": {
          if (op.soak === undefined) {
            if (op.waitingFor > 0 && now < op.deadline!) return;
            if (op.waitingFor > 0) {
              this.fx.log(
                `NUP-8: ${op.waitingFor} nodes of batch ${op.batch + 1} still drain after 1 h; their pods are deleted in phase 5`,
              );
            }
            op.waitingFor = 0;
            op.round += 1; // late drain answers of this batch must not count for the next
            delete op.deadline;
            this.startSoak("BATCH", op.plan.batchSoakSeconds);
          }
          if (op.soak!.until > now) return;
          this.endSoak();
          if (op.soakedSeconds >= SOAK_CAP_SECONDS) {
            this.fx.log("NUP-8: total soak reached 7 days: deleting blue now");
            this.enterDeletingBlue();
          } else if ((op.batch + 1) * op.plan.batchSize < op.plan.blue.length) {
            this.enterDrainingBatch(op.batch + 1);
          } else {
            this.enterSoakingPool();
          }
          continue;
        }
        case "SOAKING_POOL":
          if (op.soak!.until > now) return;
          this.endSoak();
          this.enterDeletingBlue();
          continue;
        case "DELETING_BLUE":
          if (op.waitingFor > 0) return;
          this.end("SUCCEEDED", "NUP-8: blue deleted; every node runs the new configuration");
          return;
        case "ROLLBACK_UNCORDONING_BLUE":
          if (op.waitingFor > 0) return;
          if (op.rollbackFrom === "DRAINING_BLUE" || op.rollbackFrom === "SOAKING_POOL") {
            this.enterRollbackDrainingGreen();
          } else {
            this.enterRollbackDeletingGreen();
          }
          continue;
        case "ROLLBACK_DRAINING_GREEN":
          if (op.waitingFor > 0) return;
          this.enterRollbackDeletingGreen();
          continue;
        case "ROLLBACK_DELETING_GREEN":
          if (op.waitingFor > 0) return;
          this.end("ROLLED_BACK", "NUP-9: rolled back; blue serves again and green is gone");
          return;
        case "DONE":
          return;
        default:
          op.phase satisfies never;
      }
    }
  }

  /** What a phase does once one of its nodes finished a step. */
  private followUp(name: string, step: NodeStep): void {
    const op = this.op;
    switch (op.phase) {
      case "CREATING_GREEN":
      case "CORDONING_BLUE":
      case "DRAINING_BLUE":
      case "ROLLBACK_DRAINING_GREEN":
        op.waitingFor -= 1;
        return;
      case "DELETING_BLUE":
      case "ROLLBACK_DELETING_GREEN":
        if (step === "DELETE") {
          op.waitingFor -= 1;
          op.deleted += 1;
        } else if (this.table.get(name)) {
          this.issue(name, "DELETE");
        }
        return;
      case "ROLLBACK_UNCORDONING_BLUE":
        if (step === "CORDON") this.issue(name, "UNCORDON");
        else op.waitingFor -= 1;
        return;
      case "SOAKING_POOL":
      case "DONE":
        return;
      default:
        op.phase satisfies never;
    }
  }

  private succeeded(node: TrackedNode, step: NodeStep, round: number): void {
    const { pending: _w, ...rest } = node;
    switch (step) {
      case "CREATE":
      case "UNCORDON":
        this.table.set({ ...rest, state: "READY" });
        break;
      case "CORDON":
      case "DRAIN":
      case "DRAIN_FORCED":
        // A drained node stays cordoned (and empty) until it is deleted or uncordoned.
        this.table.set({ ...rest, state: "CORDONED" });
        break;
      case "DELETE":
        this.table.delete(node.name);
        break;
      case "UPGRADE":
        break; // never sent by this machine
      default:
        step satisfies never;
    }
    if (round === this.op.round) this.followUp(node.name, step);
  }

  private failed(
    node: TrackedNode,
    event: Extract<ProviderEvent, { type: "COMMAND_FAILED" }>,
  ): void {
    const op = this.op;
    const pending = node.pending!;
    const counted = pending.round === op.round;
    const rollingBack = op.rollbackFrom !== undefined;
    const { command: _c, ...idle } = pending;
    if (isTerminal(op.header.state)) {
      // An ended upgrade retries nothing; a green node whose create failed was never made.
      if (pending.step === "CREATE") this.table.delete(node.name);
      else this.table.patch(node.name, { pending: undefined });
      return;
    }
    if (pending.step === "CREATE" && (rollingBack || !counted)) {
      this.table.delete(node.name); // never made, and no longer wanted
      if (counted) op.waitingFor -= 1;
      return;
    }
    if (!counted) {
      this.table.patch(node.name, { pending: undefined });
      return;
    }
    if (op.phase === "ROLLBACK_UNCORDONING_BLUE" && pending.step === "CORDON") {
      this.table.patch(node.name, { state: "READY", pending: undefined }); // never cordoned
      op.waitingFor -= 1;
      return;
    }
    if (pending.step === "DRAIN_FORCED" && op.phase === "DELETING_BLUE") {
      this.issue(node.name, "DELETE"); // seed phase 5: after the last attempt the node goes
      return;
    }
    if (pending.step === "CREATE" && isCapacityFailure(event.reason)) {
      const waits = (pending.capacityWaits ?? 0) + 1;
      op.retries[node.name] = this.fx.now + capacityBackoff(waits);
      this.table.patch(node.name, { pending: { ...idle, capacityWaits: waits } });
      const text = `NUP-6: no capacity for green ${node.name} in ${node.zone} (${event.reason}); retrying at ${at(op.retries[node.name]!)}`;
      if (waits === 1) this.fx.log(text);
      else this.fx.note(text);
      return;
    }
    if (failStep(this, node, event, op.retries) === "RETRYING") return;
    const rule = op.rollbackFrom === undefined ? "NUP-8" : "NUP-9";
    if (pending.step === "CREATE") this.table.delete(node.name);
    this.end(
      "FAILED",
      `${rule}: ${pending.step} of ${node.name} failed ${MAX_FAILURES} times: ${event.reason} ${event.message}`,
    );
  }

  private timers(): void {
    const op = this.op;
    const now = this.fx.now;
    if (!op.cancelled && !isTerminal(op.header.state)) {
      retryDueSteps(this, op.retries, op.round, (name, step) => this.issue(name, step));
    }
    if (op.deadline === undefined || now < op.deadline) return;
    if (op.phase === "DELETING_BLUE") {
      delete op.deadline;
      for (const node of this.table.all()) {
        if (node.color === "BLUE" && node.pending?.step === "DRAIN_FORCED") {
          this.issue(node.name, "DELETE");
        }
      }
      this.fx.log("NUP-9 phase 5: grace period over; deleting the remaining blue nodes");
    } else if (op.phase === "ROLLBACK_DRAINING_GREEN" && !op.forced) {
      op.forced = true;
      op.deadline = now + FORCED_DRAIN_LIMIT;
      for (const node of this.table.all()) {
        if (
          node.color === "GREEN" &&
          node.pending?.command !== undefined &&
          node.pending.step === "DRAIN"
        ) {
          this.issue(node.name, "DRAIN_FORCED");
        }
      }
      this.fx.log("NUP-9: green drains past 1 h; forcing them");
    } else if (op.phase === "ROLLBACK_DRAINING_GREEN") {
      delete op.deadline;
      op.waitingFor = 0;
      op.round += 1;
      this.fx.note("NUP-9: forced green drains stuck; deleting green anyway");
    }
  }

  /** Sends `step` for a node the current phase now waits for. */
  private start(name: string, step: NodeStep): void {
    this.issue(name, step);
    this.op.waitingFor += 1;
  }

  /** Sends `step` for a node; counting is the caller's (phase entries count via `start`). */
  private issue(name: string, step: NodeStep): void {
    const grace = step === "DRAIN_FORCED" ? DELETE_GRACE_SECONDS : DRAIN_GRACE_SECONDS;
    sendStep(this, name, step, this.op.round, grace);
  }

  private startSoak(kind: "BATCH" | "POOL", seconds: number): void {
    const left = Math.max(0, SOAK_CAP_SECONDS - this.op.soakedSeconds);
    const wait = Math.min(seconds, left);
    if (wait < seconds) this.fx.log("NUP-8: soak cut short: total soak reaches 7 days");
    this.op.soak = { kind, startedAt: this.fx.now, until: this.fx.now + wait * SECOND };
  }

  private endSoak(): void {
    const soak = this.op.soak!;
    this.op.soakedSeconds += Math.max(
      0,
      (Math.min(soak.until, this.fx.now) - soak.startedAt) / SECOND,
    );
    delete this.op.soak;
  }

  end(state: "SUCCEEDED" | "FAILED" | "ROLLED_BACK", message: string): void {
    const op = this.op;
    if (state !== "FAILED") op.phase = "DONE";
    else {
      // Green nodes waiting to retry their create will not be made now: the pool's nodes
      // (written back, planned from by a retry) are the ones that exist or may still.
      for (const node of this.table.all()) {
        if (node.pending?.step === "CREATE" && node.pending.command === undefined) {
          this.table.delete(node.name);
          delete op.retries[node.name];
        }
      }
    }
    op.header = ended(op.header, state, this.fx.now);
    if (state === "FAILED") op.header.error = message;
    // EXT-9: a rolled-back pool says why it is not on the target.
    if (state === "ROLLED_BACK") op.header.reason = message;
    this.fx.log(message);
  }

  private settle(): void {
    const op = this.op;
    const done = op.header.state === "SUCCEEDED" ? op.header.progress.total : op.deleted;
    op.header = {
      ...op.header,
      phase: op.phase,
      progress: { ...op.header.progress, done },
    };
    if (isTerminal(op.header.state)) return;
    const { reason: _r, ...header } = op.header;
    if (op.cancelled) {
      op.header = {
        ...header,
        state: "CANCELLED",
        reason: `NUP-9: cancelled in phase ${BLUE_GREEN_PHASE_NUMBER[op.phase]} (${op.phase}); resume or roll back`,
      };
      return;
    }
    let reason: string | undefined;
    if (Object.keys(op.retries).length > 0) {
      reason = `NUP-6: ${Object.keys(op.retries).length} nodes wait to retry (capacity or failures)`;
    } else if (op.soak !== undefined) {
      reason = `NUP-8: ${op.soak.kind === "POOL" ? "node-pool" : "batch"} soak until ${at(op.soak.until)}`;
    }
    op.header =
      reason === undefined
        ? { ...header, state: "RUNNING" }
        : { ...header, state: "RUNNING", reason };
  }
}
