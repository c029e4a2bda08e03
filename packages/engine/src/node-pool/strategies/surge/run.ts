import type { Decision } from "../../../machine/decision.ts";
import type { Instant } from "../../../time/instant.ts";
import { sameConfig } from "../../naming.ts";
import { parseCommandId } from "../../node-commands.ts";
import {
  issueReplacement,
  newReplacement,
  notStarted,
  oldNodeGone,
  type ReplacementUpdate,
  replacementAnswer,
  replacementTimers,
} from "../../node-steps/replacement.ts";
import { ReplacementRun } from "../../node-steps/replacement-run.ts";
import {
  at,
  type CommandAnswer,
  earliest,
  ended,
  isTerminal,
  type MachineRun,
  windowOpen,
} from "../../operation.ts";
import type { NodeFacts, WindowInfo } from "../../types.ts";
import { freshName, type SurgeOperation, type SurgeReplacement, slotIndex } from "./operation.ts";

/** Grace bound of PDB-honouring drains (NUP-3: at most one hour). */
const DRAIN_GRACE_SECONDS = 3600;

/**
 * One decision of a surge upgrade on a copy of the operation (inputs are never changed):
 * answers and timers move node replacements on (node-steps/replacement.ts), `fill`
 * starts nodes while a zone's window has room (NUP-2), `settle` re-derives the
 * operation state.
 *
 * @example const run = new SurgeRun(op, now); run.answer(event); return run.finish();
 */
export class SurgeRun
  extends ReplacementRun<SurgeReplacement>
  implements MachineRun<SurgeOperation>
{
  readonly op: SurgeOperation;
  /** Paused (cancelled or window closed) when the decision started. */
  readonly wasPaused: boolean;

  constructor(op: SurgeOperation, now: Instant) {
    super(op, now, DRAIN_GRACE_SECONDS);
    this.op = {
      ...op,
      cursors: op.cursors.map((c) => ({ ...c, returned: [...c.returned] })),
      load: op.load.map((l) => ({ ...l })),
    };
    this.wasPaused = op.header.state === "CANCELLED" || op.header.state === "PAUSED";
  }

  answer(event: CommandAnswer): void {
    const id = parseCommandId(this.op.header.id, event.commandId);
    const slot = id === undefined ? undefined : this.slotOf(id.node);
    const task = slot === undefined ? undefined : this.replacements.get(slot);
    if (slot === undefined || task === undefined || task.command !== event.commandId) {
      this.fx.note(`ignored late or unknown answer ${event.commandId}`);
      return;
    }
    this.apply(slot, task, replacementAnswer(this.ctx, task, event));
  }

  /**
   * NUP-7 after a failure: the operation runs again and each failed node step is retried
   * with a fresh attempt, unless a rollback makes it moot. A surge-path create that never
   * produced a node goes back in line untouched; a node the unavailable path already
   * deleted is recreated with its original configuration and counts as restored.
   */
  reviveFailed(): number {
    const op = this.op;
    if (op.header.state !== "FAILED") return 0;
    const { endedAt: _ended, error: _error, ...header } = op.header;
    op.header = { ...header, state: "RUNNING" };
    let retried = 0;
    for (const [slot, task] of this.replacements.entries()) {
      if (task.failed === undefined) continue;
      this.count(task, -1);
      const { failed: _failed, ...rest } = task;
      const retry: SurgeReplacement = { ...rest, failures: 0 };
      const [z, j] = slotIndex(slot);
      if (op.direction === "ROLLBACK" && task.direction === "UPGRADE" && task.step === "CREATE") {
        if (task.path === "SURGE") {
          this.replacements.delete(slot);
          op.cursors[z]!.returned.push({ slot: j, attempts: task.attempt });
          continue;
        }
        const original = op.plan.zones[z]!.nodes[j]!;
        retry.config = { version: original.version, nodeImage: original.nodeImage };
        retry.direction = "ROLLBACK";
        op.upgraded += 1;
      }
      retried += 1;
      this.apply(slot, undefined, issueReplacement(this.ctx, retry), retry.direction);
    }
    return retried;
  }

  /** Original and upgraded nodes carry their slot; a node being created is named after it. */
  private slotOf(name: string): string | undefined {
    const slot = this.table.get(name)?.slot;
    if (slot !== undefined || !name.startsWith(this.op.plan.prefix)) return slot;
    const [z, j] = name.slice(this.op.plan.prefix.length).split("-");
    return `${z}.${j}`;
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

  /** Preempted or scaled away; a task replacing that node moves past its steps on it. */
  private gone(names: readonly string[]): void {
    for (const name of names) {
      const node = this.table.get(name);
      if (node === undefined) continue;
      this.table.delete(name);
      this.fx.note(`${name} left the pool outside the upgrade`);
      const task = node.slot === undefined ? undefined : this.replacements.get(node.slot);
      if (task !== undefined && task.old === name) {
        this.apply(node.slot!, task, oldNodeGone(this.ctx, task));
      }
    }
  }

  finish(): Decision<SurgeOperation> {
    this.timers();
    if (this.paused() && !this.wasPaused) this.holdUnstarted();
    this.fill();
    this.settle();
    const op = this.op;
    this.commitDrafts(op);
    op.header = this.fx.stamp(op.header);
    let wakeAt = op.replacementTimerAt;
    if (!isTerminal(op.header.state) && op.direction === "UPGRADE") {
      const until = op.window?.openUntil ?? undefined;
      if (until !== undefined && until > this.fx.now) wakeAt = earliest(wakeAt, until);
    }
    return this.fx.decision(op, wakeAt);
  }

  /** Cancelled, or (upgrading) outside the maintenance window. */
  private paused(): boolean {
    const op = this.op;
    return op.cancelled || (op.direction === "UPGRADE" && !windowOpen(op.window, this.fx.now));
  }

  /** Records a task's new status, keeping the per-zone load (NUP-2 window) in step. */
  private apply(
    slot: string,
    before: SurgeReplacement | undefined,
    update: ReplacementUpdate,
    direction = before?.direction ?? this.op.direction,
  ): void {
    const op = this.op;
    if (before !== undefined) this.count(before, -1);
    switch (update.status) {
      case "RUNNING": {
        const task = { ...update.task, direction };
        if (direction === "UPGRADE" && notStarted(task) && this.paused()) {
          this.handBack(slot, task);
          return;
        }
        this.replacements.put(slot, task);
        this.count(task, 1);
        if (task.waiting !== undefined) op.lastWaiting = task.waiting;
        return;
      }
      case "DONE": {
        this.replacements.delete(slot);
        if (direction === "UPGRADE") op.upgraded += 1;
        else op.reverted += 1;
        // One line per node so progress can be followed in the operation's events.
        const { task } = update;
        const verb = direction === "UPGRADE" ? "replaced" : "restored";
        this.fx.log(`${task.zone}: ${task.old ?? "a node"} ${verb} by ${task.fresh}`);
        return;
      }
      case "FAILED": {
        const task = { ...update.task, direction };
        this.replacements.put(slot, task);
        this.count(task, 1);
        if (isTerminal(op.header.state)) return;
        const rule = task.path === "SURGE" ? "NUP-3" : "NUP-4";
        op.header = {
          ...ended(op.header, "FAILED", this.fx.now),
          error: `${rule}: ${task.failed}`,
        };
        this.fx.log(
          direction === "UPGRADE"
            ? `${rule}: upgrade failed; nodes already started still finish; resume retries, rollback reverts`
            : `${rule}: rollback failed; nodes already started still finish; resume retries`,
        );
        return;
      }
      default:
        update.status satisfies never;
    }
  }

  private count(task: SurgeReplacement, sign: 1 | -1): void {
    const load = this.op.load[slotIndex(task.slot)[0]]!;
    if (task.path === "SURGE") load.surge += sign;
    else load.unavailable += sign;
    if (task.direction === "UPGRADE") load.upgrading += sign;
    if (task.waiting !== undefined) this.op.waiting += sign;
  }

  private timers(): void {
    for (const [slot, task] of this.replacements.takeDue(this.fx.now)) {
      this.apply(slot, task, replacementTimers(this.ctx, task));
    }
  }

  /** Pausing: nodes whose upgrade had not started go back in line (NUP-7, MW-4). */
  private holdUnstarted(): void {
    for (const [slot, task] of this.replacements.entries()) {
      if (task.direction !== "UPGRADE" || !notStarted(task)) continue;
      this.count(task, -1);
      this.handBack(slot, task);
    }
  }

  private handBack(slot: string, task: SurgeReplacement): void {
    this.replacements.delete(slot);
    const [z, j] = slotIndex(slot);
    this.op.cursors[z]!.returned.push({ slot: j, attempts: task.attempt });
    this.fx.note(`${task.old} goes back in line: its upgrade had not started`);
  }

  /** NUP-2: start nodes while a zone has fewer than maxSurge + maxUnavailable in flight. */
  private fill(): void {
    const op = this.op;
    if (isTerminal(op.header.state) || this.paused()) return;
    const { maxSurge, maxUnavailable } = op.plan;
    op.load.forEach((load, z) => {
      // Rollback waits for a zone's started upgrades to finish: they are not abandoned.
      if (op.direction === "ROLLBACK" && load.upgrading > 0) return;
      while (load.surge < maxSurge || load.unavailable < maxUnavailable) {
        const next = op.direction === "UPGRADE" ? this.nextToUpgrade(z) : this.nextToRevert(z);
        if (next === undefined) return;
        this.begin(z, next, load.surge < maxSurge ? "SURGE" : "UNAVAILABLE");
      }
    });
  }

  private nextToUpgrade(z: number): { slot: number; attempts: number } | undefined {
    const cursor = this.op.cursors[z]!;
    const nodes = this.op.plan.zones[z]!.nodes;
    for (;;) {
      const next =
        cursor.returned.pop() ??
        (cursor.next < nodes.length ? { slot: cursor.next++, attempts: 0 } : undefined);
      if (next === undefined) return undefined;
      if (this.table.get(nodes[next.slot]!.name) !== undefined) return next;
      this.op.skipped += 1;
    }
  }

  private nextToRevert(z: number): { slot: number; attempts: number } | undefined {
    const cursor = this.op.cursors[z]!;
    while (cursor.rollbackNext < cursor.next) {
      const j = cursor.rollbackNext++;
      if (cursor.returned.some((r) => r.slot === j)) continue;
      const fresh = this.table.get(freshName(this.op.plan, z, j));
      // A node the rollback already recreated in place is on its original config.
      if (fresh?.state === "READY" && sameConfig(fresh, this.op.header.target)) {
        return { slot: j, attempts: 0 };
      }
    }
    return undefined;
  }

  private begin(
    z: number,
    { slot: j, attempts }: { slot: number; attempts: number },
    path: "SURGE" | "UNAVAILABLE",
  ): void {
    const op = this.op;
    const original = op.plan.zones[z]!.nodes[j]!;
    const slot = `${z}.${j}`;
    const upgrade = op.direction === "UPGRADE";
    const task = newReplacement({
      path,
      slot,
      zone: original.zone,
      old: upgrade ? original.name : freshName(op.plan, z, j),
      fresh: upgrade ? freshName(op.plan, z, j) : `${freshName(op.plan, z, j)}-rb`,
      config: upgrade
        ? op.header.target
        : { version: original.version, nodeImage: original.nodeImage },
      // The upgraded node took the original's place, reservation included.
      ...(original.reserved === true ? { reserved: true } : {}),
    });
    task.attempt = attempts;
    this.apply(slot, undefined, issueReplacement(this.ctx, task));
  }

  /** Re-derives the operation state from the cursors and tasks (no stale flags). */
  private settle(): void {
    const op = this.op;
    const before = op.header.state;
    const upgrade = op.direction === "UPGRADE";
    const progress = upgrade
      ? { done: op.upgraded + op.skipped, total: op.header.progress.total }
      : { done: op.reverted, total: op.upgraded };
    // A finished operation keeps the phase it ended in (DONE, or where it failed).
    const phase = isTerminal(before)
      ? op.header.phase
      : upgrade
        ? "UPGRADING_NODES"
        : "ROLLING_BACK";
    op.header = { ...op.header, progress, phase };
    if (isTerminal(before)) return;
    const inFlight = this.replacements.size;
    const finished =
      inFlight === 0 &&
      op.cursors.every((c, z) =>
        upgrade
          ? c.next >= op.plan.zones[z]!.nodes.length && c.returned.length === 0
          : c.rollbackNext >= c.next,
      );
    if (finished) {
      op.header = ended(op.header, upgrade ? "SUCCEEDED" : "ROLLED_BACK", this.fx.now);
      // EXT-9: a rolled-back pool says why it is not on the target.
      if (!upgrade) {
        op.header.reason = `NUP-7: rolled back; ${op.reverted} upgraded nodes are on their original configuration`;
      }
      this.fx.log(
        upgrade
          ? `NUP-7: all ${progress.total} nodes upgraded`
          : `NUP-7: rolled back ${op.reverted} nodes`,
      );
      return;
    }
    if (op.cancelled) {
      this.become(
        "CANCELLED",
        `NUP-7: cancelled with ${inFlight} nodes still finishing; resume or roll back`,
      );
    } else if (this.paused()) {
      const next = op.window?.nextOpenAt;
      this.become(
        "PAUSED",
        `MW-4: maintenance window closed; ${inFlight} started nodes finish, the rest continue when it opens${next === undefined ? "" : ` at ${at(next)}`}`,
      );
    } else {
      this.become("RUNNING", op.waiting > 0 ? op.lastWaiting : undefined);
    }
  }

  private become(state: "RUNNING" | "PAUSED" | "CANCELLED", reason: string | undefined): void {
    const { reason: _old, ...header } = this.op.header;
    this.op.header = reason === undefined ? { ...header, state } : { ...header, state, reason };
    // MW-4 pauses and their end belong in the history; cancel and resume log themselves.
    if (state === "PAUSED" && header.state !== "PAUSED") this.fx.log(reason!);
    if (state === "RUNNING" && header.state === "PAUSED") {
      this.fx.log("MW-4: window open; continuing");
    }
  }
}
