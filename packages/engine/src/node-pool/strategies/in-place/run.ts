import type { Decision } from "../../../machine/decision.ts";
import type { Instant } from "../../../time/instant.ts";
import { BEST_EFFORT_DRAIN_SECONDS, parseCommandId } from "../../node-commands.ts";
import {
  issueReplacement,
  newReplacement,
  oldNodeGone,
  type Replacement,
  type ReplacementUpdate,
  replacementAnswer,
  replacementTimers,
} from "../../node-steps/replacement.ts";
import { ReplacementRun } from "../../node-steps/replacement-run.ts";
import {
  at,
  type CommandAnswer,
  ended,
  isTerminal,
  type MachineRun,
  windowOpen,
} from "../../operation.ts";
import type { NodeFacts, NodePoolEvent, WindowInfo } from "../../types.ts";
import type { InPlaceOperation } from "./operation.ts";

/**
 * One decision of an in-place upgrade on a copy of the operation: answers and timers
 * move each node through cordon, drain, upgrade, uncordon (node-steps/replacement.ts,
 * path IN_PLACE); `fill` starts nodes while fewer than maxUnavailable are in flight;
 * `settle` re-derives the operation state.
 *
 * @example const run = new InPlaceRun(op, now); run.answer(event); return run.finish();
 */
export class InPlaceRun
  extends ReplacementRun<Replacement>
  implements MachineRun<InPlaceOperation>
{
  readonly op: InPlaceOperation;

  constructor(op: InPlaceOperation, now: Instant) {
    super(op, now, BEST_EFFORT_DRAIN_SECONDS);
    this.op = { ...op };
  }

  answer(event: CommandAnswer): void {
    // Every command of an in-place upgrade acts on the node itself, whose name is its key.
    const node = parseCommandId(this.op.header.id, event.commandId)?.node;
    const task = node === undefined ? undefined : this.replacements.get(node);
    if (node === undefined || task === undefined || task.command !== event.commandId) {
      this.fx.note(`ignored late or unknown answer ${event.commandId}`);
      return;
    }
    this.apply(node, replacementAnswer(this.ctx, task, event));
  }

  /**
   * LIFE-6: the executor passed a node whose drain ran past 20 minutes; its stuck pods
   * go in the events. The drain's own answer (or the 20-minute timer) moves the node on,
   * so a report that comes after the node moved on is still recorded.
   */
  drainPassed(event: Extract<NodePoolEvent, { type: "DRAIN_PASSED" }>): void {
    const step = parseCommandId(this.op.header.id, event.commandId);
    if (step === undefined || step.step !== "DRAIN") {
      this.fx.note(`ignored DRAIN_PASSED for unknown command ${event.commandId}`);
      return;
    }
    const pods = event.stuckPods.length === 0 ? "none named" : event.stuckPods.join(", ");
    this.fx.log(
      `LIFE-6: node ${event.node} drained over ${BEST_EFFORT_DRAIN_SECONDS / 60} minutes; passed with stuck pods: ${pods}`,
    );
  }

  preempted(name: string): void {
    this.gone([name]);
  }

  scaled(removed: readonly string[], added: readonly NodeFacts[]): void {
    this.gone(removed);
    this.table.addMissing(added);
  }

  window(window: WindowInfo): void {
    this.op.window = window;
  }

  /** Cancel or resume: started nodes always finish their steps. */
  setCancelled(cancelled: boolean): void {
    this.op.cancelled = cancelled;
  }

  /** After a failure: the failed node steps are retried with a fresh attempt. */
  reviveFailed(): number {
    const op = this.op;
    if (op.header.state !== "FAILED") return 0;
    const { endedAt: _ended, error: _error, ...header } = op.header;
    op.header = { ...header, state: "RUNNING" };
    let retried = 0;
    for (const [node, task] of this.replacements.entries()) {
      if (task.failed === undefined) continue;
      const { failed: _failed, ...rest } = task;
      retried += 1;
      this.apply(node, issueReplacement(this.ctx, { ...rest, failures: 0 }));
    }
    return retried;
  }

  finish(): Decision<InPlaceOperation> {
    for (const [node, task] of this.replacements.takeDue(this.fx.now)) {
      this.apply(node, replacementTimers(this.ctx, task));
    }
    this.fill();
    this.settle();
    const op = this.op;
    this.commitDrafts(op);
    op.header = this.fx.stamp(op.header);
    let wakeAt = op.replacementTimerAt;
    const until = op.window?.openUntil ?? undefined;
    if (!isTerminal(op.header.state) && until !== undefined && until > this.fx.now) {
      wakeAt = wakeAt === undefined ? until : Math.min(wakeAt, until);
    }
    return this.fx.decision(op, wakeAt);
  }

  private paused(): boolean {
    return this.op.cancelled || !windowOpen(this.op.window, this.fx.now);
  }

  /** A node that left the pool (preempted, scaled away): its remaining steps are passed. */
  private gone(names: readonly string[]): void {
    for (const name of names) {
      if (this.table.get(name) === undefined) continue;
      this.table.delete(name);
      this.fx.note(`${name} left the pool outside the upgrade`);
      const task = this.replacements.get(name);
      if (task !== undefined) this.apply(name, oldNodeGone(this.ctx, task));
    }
  }

  private fill(): void {
    const op = this.op;
    if (isTerminal(op.header.state) || this.paused()) return;
    while (this.replacements.size < op.plan.maxUnavailable && op.next < op.plan.order.length) {
      const name = op.plan.order[op.next++]!;
      const node = this.table.get(name);
      if (node === undefined) {
        op.skipped += 1;
        continue;
      }
      const task = newReplacement({
        path: "IN_PLACE",
        slot: name,
        zone: node.zone,
        old: name,
        fresh: name,
        config: op.header.target,
      });
      this.apply(name, issueReplacement(this.ctx, task));
    }
  }

  private apply(node: string, update: ReplacementUpdate): void {
    const op = this.op;
    switch (update.status) {
      case "RUNNING":
        this.replacements.put(node, update.task);
        return;
      case "DONE":
        this.replacements.delete(node);
        op.upgraded += 1;
        // One line per node so progress can be followed in the operation's events.
        this.fx.log(`${update.task.zone}: ${node} upgraded in place and uncordoned`);
        return;
      case "FAILED":
        this.replacements.put(node, update.task);
        if (isTerminal(op.header.state)) return;
        op.header = {
          ...ended(op.header, "FAILED", this.fx.now),
          error: `LIFE-3: ${update.task.failed}`,
        };
        this.fx.log(
          `LIFE-3: in-place upgrade failed on ${node}; nodes already started still finish; resume retries`,
        );
        return;
      default:
        update.status satisfies never;
    }
  }

  /** Re-derives the operation state from the plan and the tasks (no stale flags). */
  private settle(): void {
    const op = this.op;
    const total = op.header.progress.total;
    op.header = { ...op.header, progress: { done: op.upgraded + op.skipped, total } };
    if (isTerminal(op.header.state)) return;
    const inFlight = this.replacements.size;
    if (inFlight === 0 && op.next >= op.plan.order.length) {
      op.header = ended(op.header, "SUCCEEDED", this.fx.now);
      this.fx.log(`LIFE-3: all ${total} nodes upgraded in place`);
      return;
    }
    const { reason: _old, ...header } = op.header;
    if (op.cancelled) {
      op.header = {
        ...header,
        state: "CANCELLED",
        reason: `LIFE-3: cancelled with ${inFlight} nodes still finishing; resume continues`,
      };
    } else if (this.paused()) {
      const next = op.window?.nextOpenAt;
      const reason = `MW-4: maintenance window closed; ${inFlight} started nodes finish, the rest continue when it opens${next === undefined ? "" : ` at ${at(next)}`}`;
      if (header.state !== "PAUSED") this.fx.log(reason);
      op.header = { ...header, state: "PAUSED", reason };
    } else {
      if (header.state === "PAUSED") this.fx.log("MW-4: window open; continuing");
      op.header = { ...header, state: "RUNNING" };
    }
  }
}
