import type { Decision } from "../machine/decision.ts";
import type { Instant } from "../time/instant.ts";
import { newNodePrefix, sameConfig } from "./naming.ts";
import { type OperationRef, parseCommandId } from "./node-commands.ts";
import { createTable, type NodeTable, TableDraft, trackNode } from "./node-table.ts";
import {
  issueTask,
  newTask,
  oldNodeGone,
  type ReplaceTask,
  type TaskContext,
  type TaskUpdate,
  taskAnswer,
  taskTimers,
} from "./node-task.ts";
import {
  at,
  type CommandAnswer,
  Effects,
  earliest,
  ended,
  isTerminal,
  type MachineRun,
  newHeader,
  type OperationHeader,
  routeEvent,
  SEVEN_DAYS,
} from "./operation.ts";
import { emptyTaskSet, type TaskSet, TaskSetDraft } from "./task-set.ts";
import type { NodeConfig, NodeFacts, NodePoolEvent, WindowInfo } from "./types.ts";

/** NUP-11: nodes go as they are preempted; after 7 days the rest are replaced. */
export type ShortLivedPhase = "AWAITING_PREEMPTION" | "REPLACING_REMAINING" | "DONE";

/** A short-lived upgrade (NUP-11), plain JSON. */
export interface ShortLivedOperation {
  kind: "SHORT_LIVED";
  header: OperationHeader;
  /** Replacement n is `${prefix}${n}`. */
  plan: { deadline: Instant; prefix: string };
  nodes: NodeTable;
  phase: ShortLivedPhase;
  /** Nodes still on another configuration and not yet replaced. */
  oldLeft: number;
  seq: number;
  /** Replacements in flight, by the new node's name. */
  tasks: TaskSet<ReplaceTask>;
}

/** Grace bound of PDB-honouring drains when the deadline replaces a node. */
const DRAIN_GRACE_SECONDS = 3600;

/**
 * Starts a short-lived upgrade: nothing happens to running nodes now; each preempted
 * node comes back with the new configuration, and whatever still runs the old one
 * after 7 days is replaced then.
 *
 * @example startShortLived(ref, target, nodes, now).commands // []
 */
export function startShortLived(
  ref: OperationRef,
  target: NodeConfig,
  nodes: readonly NodeFacts[],
  now: Instant,
): Decision<ShortLivedOperation> {
  const old = nodes.filter((n) => !sameConfig(n, target)).length;
  const op: ShortLivedOperation = {
    kind: "SHORT_LIVED",
    header: newHeader(ref, "SHORT_LIVED", target, "AWAITING_PREEMPTION", old, now),
    plan: {
      deadline: now + SEVEN_DAYS,
      prefix: newNodePrefix(
        ref.pool,
        ref.id,
        nodes.map((n) => n.name),
      ),
    },
    nodes: createTable(
      nodes.map((n) => trackNode(n, "READY")),
      nodes.length + old,
    ),
    phase: "AWAITING_PREEMPTION",
    oldLeft: old,
    seq: 0,
    tasks: emptyTaskSet(old),
  };
  const run = new ShortLivedRun(op, now);
  run.fx.log(
    `NUP-11: short-lived upgrade; ${old} nodes move to the new configuration as they are preempted, the rest at ${at(op.plan.deadline)}`,
  );
  return run.finish();
}

/**
 * NUP-11: one provider answer, preemption, tick, window change or scaling report.
 *
 * @example decideShortLived(op, { type: "NODE_PREEMPTED", cluster, pool, node: "n1", at: now }, now).commands[0].type // "CREATE_NODE"
 */
export function decideShortLived(
  op: ShortLivedOperation,
  event: NodePoolEvent,
  now: Instant,
): Decision<ShortLivedOperation> {
  return routeEvent(new ShortLivedRun(op, now), event);
}

class ShortLivedRun implements MachineRun<ShortLivedOperation> {
  readonly op: ShortLivedOperation;
  readonly fx: Effects;
  readonly table: TableDraft;
  readonly tasks: TaskSetDraft<ReplaceTask>;
  readonly ctx: TaskContext;

  constructor(op: ShortLivedOperation, now: Instant) {
    this.op = { ...op };
    this.fx = new Effects(now);
    this.table = new TableDraft(op.nodes);
    this.tasks = new TaskSetDraft(op.tasks);
    this.ctx = {
      ref: op.header,
      fx: this.fx,
      table: this.table,
      drainGraceSeconds: DRAIN_GRACE_SECONDS,
    };
  }

  answer(event: CommandAnswer): void {
    const id = parseCommandId(this.op.header.id, event.commandId);
    // A node being created is not in the table yet; its name is its task's key.
    const slot =
      id === undefined
        ? undefined
        : this.tasks.get(id.node) !== undefined
          ? id.node
          : this.table.get(id.node)?.slot;
    const task = slot === undefined ? undefined : this.tasks.get(slot);
    if (slot === undefined || task === undefined || task.command !== event.commandId) {
      this.fx.note(`ignored late or unknown answer ${event.commandId}`);
      return;
    }
    this.apply(slot, taskAnswer(this.ctx, task, event));
  }

  /** Seed: "existing nodes run until they are preempted; new nodes use the new configuration". */
  preempted(name: string): void {
    const node = this.table.get(name);
    if (node === undefined) return;
    this.table.delete(name);
    const replacing = node.slot === undefined ? undefined : this.tasks.get(node.slot);
    if (replacing !== undefined) {
      this.fx.note(`${name} preempted while being replaced; its replacement continues`);
      if (replacing.old === name) this.apply(node.slot!, oldNodeGone(this.ctx, replacing));
      return;
    }
    if (!sameConfig(node, this.op.header.target)) this.op.oldLeft -= 1;
    if (isTerminal(this.op.header.state)) return;
    const fresh = `${this.op.plan.prefix}${this.op.seq++}`;
    this.fx.note(`NUP-11: ${name} preempted; ${fresh} replaces it with the new configuration`);
    const task = newTask({
      path: "REPLACE",
      slot: fresh,
      zone: node.zone,
      fresh,
      config: this.op.header.target,
    });
    this.apply(fresh, issueTask(this.ctx, task));
  }

  scaled(removed: readonly string[], added: readonly NodeFacts[]): void {
    for (const name of removed) {
      const node = this.table.get(name);
      if (node === undefined) continue;
      this.table.delete(name);
      const replacing = node.slot !== undefined && this.tasks.get(node.slot) !== undefined;
      if (!replacing && !sameConfig(node, this.op.header.target)) this.op.oldLeft -= 1;
    }
    this.table.addMissing(added);
  }

  window(_window: WindowInfo): void {
    this.fx.note("MW-4: short-lived upgrades follow preemptions, not windows");
  }

  finish(): Decision<ShortLivedOperation> {
    const op = this.op;
    for (const [slot, task] of this.tasks.takeDue(this.fx.now)) {
      this.apply(slot, taskTimers(this.ctx, task));
    }
    if (op.phase === "AWAITING_PREEMPTION" && this.fx.now >= op.plan.deadline)
      this.replaceRemaining();
    if (!isTerminal(op.header.state) && op.oldLeft === 0 && this.tasks.size === 0) {
      op.phase = "DONE";
      op.header = ended(op.header, "SUCCEEDED", this.fx.now);
      this.fx.log("NUP-11: every node runs the new configuration");
    }
    op.header = {
      ...op.header,
      phase: op.phase,
      progress: { done: op.header.progress.total - op.oldLeft, total: op.header.progress.total },
    };
    op.nodes = this.table.commit();
    op.tasks = this.tasks.commitSet();
    op.header = this.fx.stamp(op.header);
    const deadline = op.phase === "AWAITING_PREEMPTION" ? op.plan.deadline : undefined;
    return this.fx.decision(op, earliest(deadline, op.tasks.nextTimerAt));
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
      const task = newTask({
        path: "UNAVAILABLE",
        slot: fresh,
        zone: node.zone,
        old: node.name,
        fresh,
        config: op.header.target,
      });
      this.apply(fresh, issueTask(this.ctx, task));
      count += 1;
    }
    this.fx.log(
      `NUP-11: 7 days passed; replacing the ${count} nodes still on the old configuration`,
    );
  }

  private apply(slot: string, update: TaskUpdate): void {
    const op = this.op;
    switch (update.status) {
      case "RUNNING":
        this.tasks.put(slot, update.task);
        return;
      case "DONE":
        this.tasks.delete(slot);
        if (update.task.old !== undefined) op.oldLeft -= 1;
        return;
      case "FAILED":
        this.tasks.put(slot, update.task);
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
