import type { Decision } from "../../../machine/decision.ts";
import type { Instant } from "../../../time/instant.ts";
import { sameConfig } from "../../naming.ts";
import { parseCommandId } from "../../node-commands.ts";
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
  type CommandAnswer,
  earliest,
  ended,
  isTerminal,
  type MachineRun,
} from "../../operation.ts";
import type { NodeFacts, WindowInfo } from "../../types.ts";
import type { ShortLivedOperation } from "./operation.ts";

/** Grace bound of PDB-honouring drains when the deadline replaces a node. */
const DRAIN_GRACE_SECONDS = 3600;

/**
 * One decision of a short-lived upgrade on a copy of the operation (inputs are never
 * changed): preemptions start replacements, answers and timers move them on.
 *
 * @example const run = new ShortLivedRun(op, now); run.preempted("n1"); return run.finish();
 */
export class ShortLivedRun
  extends ReplacementRun<Replacement>
  implements MachineRun<ShortLivedOperation>
{
  readonly op: ShortLivedOperation;

  constructor(op: ShortLivedOperation, now: Instant) {
    super(op, now, DRAIN_GRACE_SECONDS);
    this.op = { ...op };
  }

  answer(event: CommandAnswer): void {
    const id = parseCommandId(this.op.header.id, event.commandId);
    // A node being created is not in the table yet; its name is its task's key.
    const slot =
      id === undefined
        ? undefined
        : this.replacements.get(id.node) !== undefined
          ? id.node
          : this.table.get(id.node)?.slot;
    const task = slot === undefined ? undefined : this.replacements.get(slot);
    if (slot === undefined || task === undefined || task.command !== event.commandId) {
      this.fx.note(`ignored late or unknown answer ${event.commandId}`);
      return;
    }
    this.apply(slot, replacementAnswer(this.ctx, task, event));
  }

  /** Seed: "existing nodes run until they are preempted; new nodes use the new configuration". */
  preempted(name: string): void {
    const node = this.table.get(name);
    if (node === undefined) return;
    this.table.delete(name);
    const replacing = node.slot === undefined ? undefined : this.replacements.get(node.slot);
    if (replacing !== undefined) {
      this.fx.note(`${name} preempted while being replaced; its replacement continues`);
      if (replacing.old === name) this.apply(node.slot!, oldNodeGone(this.ctx, replacing));
      return;
    }
    if (!sameConfig(node, this.op.header.target)) this.op.oldLeft -= 1;
    if (isTerminal(this.op.header.state)) return;
    const fresh = `${this.op.plan.prefix}${this.op.seq++}`;
    this.fx.note(`NUP-11: ${name} preempted; ${fresh} replaces it with the new configuration`);
    const task = newReplacement({
      path: "REPLACE",
      slot: fresh,
      zone: node.zone,
      fresh,
      config: this.op.header.target,
    });
    this.apply(fresh, issueReplacement(this.ctx, task));
  }

  scaled(removed: readonly string[], added: readonly NodeFacts[]): void {
    for (const name of removed) {
      const node = this.table.get(name);
      if (node === undefined) continue;
      this.table.delete(name);
      const replacing = node.slot !== undefined && this.replacements.get(node.slot) !== undefined;
      if (!replacing && !sameConfig(node, this.op.header.target)) this.op.oldLeft -= 1;
    }
    this.table.addMissing(added);
  }

  window(_window: WindowInfo): void {
    this.fx.note("MW-4: short-lived upgrades follow preemptions, not windows");
  }

  finish(): Decision<ShortLivedOperation> {
    const op = this.op;
    for (const [slot, task] of this.replacements.takeDue(this.fx.now)) {
      this.apply(slot, replacementTimers(this.ctx, task));
    }
    if (op.phase === "AWAITING_PREEMPTION" && this.fx.now >= op.plan.deadline)
      this.replaceRemaining();
    if (!isTerminal(op.header.state) && op.oldLeft === 0 && this.replacements.size === 0) {
      op.phase = "DONE";
      op.header = ended(op.header, "SUCCEEDED", this.fx.now);
      this.fx.log("NUP-11: every node runs the new configuration");
    }
    op.header = {
      ...op.header,
      phase: op.phase,
      progress: { done: op.header.progress.total - op.oldLeft, total: op.header.progress.total },
    };
    this.commitDrafts(op);
    op.header = this.fx.stamp(op.header);
    const deadline = op.phase === "AWAITING_PREEMPTION" ? op.plan.deadline : undefined;
    return this.fx.decision(op, earliest(deadline, op.replacementTimerAt));
  }

  /**
   * NUP-11 "within 7 days": nodes not preempted by then are replaced all at once the
   * way a preemption would — cordon, drain (PDBs for up to 1 h, then forced), delete,
   * create with the new configuration. Flex-start VMs run at most 7 days anyway, so this
   * only brings forward what the provider would do.
   */
  private replaceRemaining(): void {
    const op = this.op;
    op.phase = "REPLACING_REMAINING";
    if (isTerminal(op.header.state)) return;
    let count = 0;
    for (const node of this.table.all()) {
      if (sameConfig(node, op.header.target) || node.slot !== undefined) continue;
      const fresh = `${op.plan.prefix}${op.seq++}`;
      this.table.patch(node.name, { slot: fresh });
      const task = newReplacement({
        path: "UNAVAILABLE",
        slot: fresh,
        zone: node.zone,
        old: node.name,
        fresh,
        config: op.header.target,
      });
      this.apply(fresh, issueReplacement(this.ctx, task));
      count += 1;
    }
    this.fx.log(
      `NUP-11: 7 days passed; replacing the ${count} nodes still on the old configuration`,
    );
  }

  private apply(slot: string, update: ReplacementUpdate): void {
    const op = this.op;
    switch (update.status) {
      case "RUNNING":
        this.replacements.put(slot, update.task);
        return;
      case "DONE":
        this.replacements.delete(slot);
        if (update.task.old !== undefined) op.oldLeft -= 1;
        return;
      case "FAILED":
        this.replacements.put(slot, update.task);
        if (isTerminal(op.header.state)) return;
        op.header = {
          ...ended(op.header, "FAILED", this.fx.now),
          error: `NUP-11: ${update.task.failed}`,
        };
        return;
      default:
        update.status satisfies never;
    }
  }
}
