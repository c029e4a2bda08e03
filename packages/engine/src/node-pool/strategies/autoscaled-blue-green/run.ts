import type { Decision } from "../../../machine/decision.ts";
import { HOUR, type Instant, SECOND } from "../../../time/instant.ts";
import { type NodeStep, type OperationRef, parseCommandId } from "../../node-commands.ts";
import type { StepContext } from "../../node-steps/context.ts";
import { TableDraft } from "../../node-steps/node-table.ts";
import { failStep, retryDueSteps, sendStep } from "../../node-steps/pending-step.ts";
import {
  at,
  type CommandAnswer,
  Effects,
  earliest,
  ended,
  FORCED_DRAIN_LIMIT,
  isTerminal,
  MAX_FAILURES,
  type MachineRun,
  PDB_LIMIT,
} from "../../operation.ts";
import type { NodeFacts, WindowInfo } from "../../types.ts";
import {
  type AutoscaledBlueGreenOperation,
  PARALLEL_DRAINS,
  UNEVICTABLE_HOLD_SECONDS,
} from "./operation.ts";

/** Seed: terminationGracePeriodSeconds honoured up to 24 hours. */
const GRACE_SECONDS = 86_400;

/**
 * One decision of an autoscaled blue-green upgrade on a copy of the operation (inputs
 * are never changed): answers, scaling reports and timers, then the phase machine.
 *
 * @example const run = new AutoscaledRun(op, now); run.answer(event); return run.finish();
 */
export class AutoscaledRun implements StepContext, MachineRun<AutoscaledBlueGreenOperation> {
  readonly op: AutoscaledBlueGreenOperation;
  readonly ref: OperationRef;
  readonly fx: Effects;
  readonly table: TableDraft;

  constructor(op: AutoscaledBlueGreenOperation, now: Instant) {
    this.op = { ...op, retries: { ...op.retries }, draining: { ...op.draining } };
    if (op.held !== undefined) this.op.held = [...op.held];
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
    const { pending: _w, ...rest } = node;
    if (event.type === "COMMAND_SUCCEEDED") {
      switch (pending.step) {
        case "CORDON":
          this.table.set({ ...rest, state: "CORDONED" });
          this.op.waitingFor -= 1;
          return;
        case "DRAIN":
        case "DRAIN_FORCED":
          this.table.set({ ...rest, state: "CORDONED" });
          delete this.op.draining[node.name];
          return;
        case "DELETE":
          this.table.delete(node.name);
          this.op.waitingFor -= 1;
          this.op.blueGone += 1;
          return;
        case "CREATE":
        case "UNCORDON":
        case "UPGRADE":
          return; // never sent by this machine
        default:
          pending.step satisfies never;
          return;
      }
    }
    if (failStep(this, node, event, this.op.retries) === "RETRYING") return;
    this.end(
      "FAILED",
      `NUP-10: ${pending.step} of ${node.name} failed ${MAX_FAILURES} times: ${event.reason} ${event.message}`,
    );
  }

  preempted(name: string): void {
    this.gone([name]);
  }

  /** NUP-10: the autoscaler may remove blue nodes while the upgrade waits (even all), and grows green from zero. */
  scaled(removed: readonly string[], added: readonly NodeFacts[]): void {
    this.gone(removed);
    this.table.addMissing(added, "GREEN");
  }

  /** NUP-10: the blue nodes that hold pods marked not safe to evict now. */
  unevictable(nodes: readonly string[]): void {
    const blue = nodes.filter((name) => this.table.get(name)?.color === "BLUE");
    if (blue.length > 0) this.op.unevictable = blue;
    else delete this.op.unevictable;
  }

  window(_window: WindowInfo): void {
    this.fx.note("MW-4: autoscaled blue-green upgrades run to completion; window change ignored");
  }

  private gone(names: readonly string[]): void {
    const op = this.op;
    for (const name of names) {
      const node = this.table.get(name);
      if (node === undefined) continue;
      const counted = op.phase === "CORDONING_BLUE" || op.phase === "DELETING_BLUE";
      if (counted && node.pending !== undefined) op.waitingFor -= 1;
      delete op.retries[name];
      delete op.draining[name];
      if (op.held !== undefined) op.held = op.held.filter((held) => held !== name);
      if (node.color === "BLUE") op.blueGone += 1;
      this.table.delete(name);
      this.fx.note(`${name} left the pool`);
    }
  }

  finish(): Decision<AutoscaledBlueGreenOperation> {
    this.timers();
    this.advance();
    const op = this.op;
    const { reason: _r, ...header } = op.header;
    op.header = {
      ...header,
      phase: op.phase,
      progress: { done: op.blueGone, total: op.plan.blue.length },
    };
    if (!isTerminal(op.header.state)) {
      op.header.state = op.cancelled ? "CANCELLED" : "RUNNING";
      if (op.cancelled) op.header.reason = `NUP-10: cancelled in ${op.phase}; resume to continue`;
      else if (op.phase === "WAITING_TO_DRAIN" && op.waitUntil !== undefined) {
        op.header.reason = `NUP-10: waiting until ${at(op.waitUntil)} before draining blue`;
      } else if (op.phase === "DRAINING_BLUE" && (op.held?.length ?? 0) > 0) {
        const one = op.held!.length === 1;
        op.header.reason = `NUP-10: ${op.held!.join(", ")} ${one ? "holds" : "hold"} pods marked not safe to evict; drained from ${at(this.holdEnds())}, 7 days after blue was cordoned`;
      }
    }
    op.nodes = this.table.commit();
    op.header = this.fx.stamp(op.header);
    let wakeAt: Instant | undefined;
    for (const name in op.draining) {
      const d = op.draining[name]!;
      wakeAt = earliest(wakeAt, d.giveUpAt ?? d.forceAt);
    }
    if (!op.cancelled) {
      if (op.phase === "WAITING_TO_DRAIN") wakeAt = earliest(wakeAt, op.waitUntil);
      if ((op.held?.length ?? 0) > 0) wakeAt = earliest(wakeAt, this.holdEnds());
      for (const name in op.retries) wakeAt = earliest(wakeAt, op.retries[name]);
    }
    return this.fx.decision(op, isTerminal(op.header.state) ? undefined : wakeAt);
  }

  private advance(): void {
    const op = this.op;
    const now = this.fx.now;
    for (;;) {
      if (isTerminal(op.header.state) || op.cancelled) return;
      switch (op.phase) {
        case "CREATING_GREEN":
          // The green pool starts empty: nothing to create, the autoscaler grows it.
          op.phase = "CORDONING_BLUE";
          for (const name of op.plan.blue) if (this.table.get(name)) this.start(name, "CORDON");
          this.fx.log(`NUP-10: cordoning ${op.waitingFor} blue nodes`);
          continue;
        case "CORDONING_BLUE":
          if (op.waitingFor > 0) return;
          op.phase = "WAITING_TO_DRAIN";
          op.cordonedAt = now;
          op.waitUntil = now + op.plan.waitSeconds * SECOND;
          this.fx.log(
            `NUP-10: waiting until ${at(op.waitUntil)}; the autoscaler may shrink blue (ignoring its minimum) and grow green`,
          );
          continue;
        case "WAITING_TO_DRAIN":
          if (now < op.waitUntil!) return;
          op.phase = "DRAINING_BLUE";
          delete op.waitUntil;
          this.fx.log("NUP-10: draining the remaining blue nodes, up to 20 at a time");
          continue;
        case "DRAINING_BLUE":
          this.fillDrains();
          if (Object.keys(op.draining).length > 0 || op.cursor < op.plan.blue.length) return;
          if ((op.held?.length ?? 0) > 0) return;
          delete op.held;
          op.phase = "DELETING_BLUE";
          op.waitingFor = 0;
          for (const node of this.table.all()) {
            if (node.color === "BLUE") this.start(node.name, "DELETE");
          }
          this.fx.log(`NUP-10: no node-pool soak; deleting ${op.waitingFor} blue nodes`);
          continue;
        case "DELETING_BLUE":
          if (op.waitingFor > 0) return;
          op.phase = "DONE";
          this.end("SUCCEEDED", "NUP-10: blue deleted");
          return;
        case "DONE":
          return;
        default:
          op.phase satisfies never;
      }
    }
  }

  /** When nodes holding pods marked not safe to evict may drain (seed 004: 7 days). */
  private holdEnds(): Instant {
    return (this.op.cordonedAt ?? this.fx.now) + UNEVICTABLE_HOLD_SECONDS * SECOND;
  }

  /** Whether `name` still holds pods marked not safe to evict and must wait. */
  private holding(name: string): boolean {
    return this.op.unevictable?.includes(name) === true && this.fx.now < this.holdEnds();
  }

  /**
   * Up to 20 drains at a time, in plan order; a node holding pods marked not safe to
   * evict is passed over (held) until its 7 days are up or it no longer holds any, and
   * then drains before the rest of the plan.
   */
  private fillDrains(): void {
    const op = this.op;
    let inFlight = Object.keys(op.draining).length;
    const drain = (name: string) => {
      this.issue(name, "DRAIN");
      op.draining[name] = { forceAt: this.fx.now + PDB_LIMIT };
      inFlight += 1;
    };
    for (const name of [...(op.held ?? [])]) {
      if (inFlight >= PARALLEL_DRAINS) return;
      if (this.holding(name)) continue;
      op.held = op.held!.filter((held) => held !== name);
      if (this.table.get(name) !== undefined) drain(name);
    }
    while (inFlight < PARALLEL_DRAINS && op.cursor < op.plan.blue.length) {
      const name = op.plan.blue[op.cursor++]!;
      if (this.table.get(name) === undefined) continue;
      if (this.holding(name)) {
        op.held = [...(op.held ?? []), name];
        this.fx.log(`NUP-10: ${name} holds pods marked not safe to evict; it waits`);
        continue;
      }
      drain(name);
    }
  }

  private timers(): void {
    const op = this.op;
    const now = this.fx.now;
    // In-flight drains finish even while cancelled: their bounds keep running.
    for (const name of Object.keys(op.draining)) {
      const drain = op.draining[name]!;
      const pending = this.table.get(name)?.pending;
      if (drain.giveUpAt !== undefined && now >= drain.giveUpAt) {
        delete op.draining[name];
        this.fx.note(`NUP-10: ${name} still draining after 1 h + 24 h; it goes with blue`);
      } else if (drain.giveUpAt === undefined && now >= drain.forceAt) {
        op.draining[name] = { ...drain, giveUpAt: now + 24 * HOUR + FORCED_DRAIN_LIMIT };
        if (pending?.step === "DRAIN") this.issue(name, "DRAIN_FORCED");
        this.fx.log(`NUP-10: ${name} drained for 1 h; PDBs no longer honoured (grace ≤ 24 h)`);
      }
    }
    if (op.cancelled || isTerminal(op.header.state)) return;
    retryDueSteps(this, op.retries, 0, (name, step) => this.issue(name, step));
  }

  private start(name: string, step: NodeStep): void {
    this.issue(name, step);
    this.op.waitingFor += 1;
  }

  /** No rollback here, so every command belongs to the one running phase: round 0. */
  private issue(name: string, step: NodeStep): void {
    sendStep(this, name, step, 0, GRACE_SECONDS);
  }

  end(state: "SUCCEEDED" | "FAILED", message: string): void {
    this.op.header = ended(this.op.header, state, this.fx.now);
    if (state === "FAILED") this.op.header.error = message;
    this.fx.log(message);
  }
}
