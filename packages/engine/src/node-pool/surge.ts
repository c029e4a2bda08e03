import type { Decision } from "../machine/decision.ts";
import type { Instant } from "../time/instant.ts";
import { newNodePrefix, sameConfig } from "./naming.ts";
import type { OperationRef } from "./node-commands.ts";
import { createTable, type NodeTable, trackNode } from "./node-table.ts";
import type { ReplaceTask } from "./node-task.ts";
import { newHeader, type OperationHeader, routeEvent } from "./operation.ts";
import { SurgeRun } from "./surge-run.ts";
import { emptyTaskSet, type TaskSet } from "./task-set.ts";
import type { NodeConfig, NodeFacts, NodePoolEvent, WindowInfo } from "./types.ts";

/** Fixed at start: the settings and the nodes to upgrade, zone by zone. */
export interface SurgePlan {
  maxSurge: number;
  maxUnavailable: number;
  /** New node of slot j in zone z: `${prefix}${z}-${j}`; its rollback replacement ends in `-rb`. */
  prefix: string;
  zones: { zone: string; nodes: NodeFacts[] }[];
}

/** Where a zone's rolling window stands. */
export interface ZoneCursor {
  /** Next slot never started. */
  next: number;
  /**
   * Slots handed back unstarted by a cancel or a closing window (NUP-7, MW-4), with the
   * create attempts already spent so a later try never reuses a command id.
   */
  returned: { slot: number; attempts: number }[];
  /** Next slot the rollback looks at. */
  rollbackNext: number;
}

export type SurgeDirection = "UPGRADE" | "ROLLBACK";

export interface SurgeTask extends ReplaceTask {
  direction: SurgeDirection;
}

/** A surge upgrade (NUP-2..7, MW-4), plain JSON. */
export interface SurgeOperation {
  kind: "SURGE";
  header: OperationHeader;
  plan: SurgePlan;
  nodes: NodeTable;
  direction: SurgeDirection;
  cancelled: boolean;
  window?: WindowInfo;
  cursors: ZoneCursor[];
  /** Nodes in flight, by slot `${z}.${j}`: at most maxSurge + maxUnavailable per zone. */
  tasks: TaskSet<SurgeTask>;
  /** Per zone, tasks in flight by path and how many of them upgrade (not roll back). */
  load: { surge: number; unavailable: number; upgrading: number }[];
  /** Tasks waiting for capacity (NUP-6), and the latest such reason, for the view. */
  waiting: number;
  lastWaiting?: string;
  upgraded: number;
  /** Slots whose node disappeared before its turn (preempted or scaled away). */
  skipped: number;
  reverted: number;
}

/**
 * Plans a surge upgrade of the pool's nodes not yet on `target` and starts the first
 * nodes of every zone.
 *
 * @example
 * const { state, commands } = startSurge(ref, target, nodes, { maxSurge: 1, maxUnavailable: 0 }, undefined, now);
 * commands[0].type // "CREATE_NODE"
 */
export function startSurge(
  ref: OperationRef,
  target: NodeConfig,
  nodes: readonly NodeFacts[],
  settings: { maxSurge: number; maxUnavailable: number },
  window: WindowInfo | undefined,
  now: Instant,
): Decision<SurgeOperation> {
  const byZone = new Map<string, NodeFacts[]>();
  for (const node of [...nodes].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (sameConfig(node, target)) continue;
    const list = byZone.get(node.zone);
    if (list === undefined) byZone.set(node.zone, [node]);
    else list.push(node);
  }
  const zones = [...byZone.keys()].sort().map((zone) => ({ zone, nodes: byZone.get(zone)! }));
  const slotOf = new Map<string, string>();
  zones.forEach((z, zi) => {
    z.nodes.forEach((n, j) => {
      slotOf.set(n.name, `${zi}.${j}`);
    });
  });
  const tracked = nodes.map((n) => {
    const node = trackNode(n, "READY");
    const slot = slotOf.get(n.name);
    return slot === undefined ? node : { ...node, slot };
  });
  const total = slotOf.size;
  const op: SurgeOperation = {
    kind: "SURGE",
    header: newHeader(ref, "SURGE", target, "UPGRADING_NODES", total, now),
    plan: {
      ...settings,
      prefix: newNodePrefix(
        ref.pool,
        ref.id,
        nodes.map((n) => n.name),
      ),
      zones,
    },
    nodes: createTable(tracked, nodes.length + total),
    direction: "UPGRADE",
    cancelled: false,
    cursors: zones.map(() => ({ next: 0, returned: [], rollbackNext: 0 })),
    tasks: emptyTaskSet(
      Math.min(total, zones.length * (settings.maxSurge + settings.maxUnavailable)),
    ),
    load: zones.map(() => ({ surge: 0, unavailable: 0, upgrading: 0 })),
    waiting: 0,
    upgraded: 0,
    skipped: 0,
    reverted: 0,
  };
  if (window !== undefined) op.window = window;
  const run = new SurgeRun(op, now);
  run.fx.log(
    `NUP-2: surge upgrade of ${total} nodes to ${target.version} (${target.nodeImage}), maxSurge=${settings.maxSurge} maxUnavailable=${settings.maxUnavailable} per zone`,
  );
  return run.finish();
}

/**
 * NUP-2..7 and MW-4: one provider answer, tick, window change or scaling report.
 *
 * @example decideSurge(op, { type: "COMMAND_SUCCEEDED", commandId, at: now }, now).commands
 */
export function decideSurge(
  op: SurgeOperation,
  event: NodePoolEvent,
  now: Instant,
): Decision<SurgeOperation> {
  return routeEvent(new SurgeRun(op, now), event);
}

/**
 * NUP-7 cancel: started nodes finish, the rest wait; upgraded nodes stay.
 *
 * @example cancelSurge(op, now).state.header.state // "CANCELLED"
 */
export function cancelSurge(op: SurgeOperation, now: Instant): Decision<SurgeOperation> {
  const run = new SurgeRun(op, now);
  run.op.cancelled = true;
  run.fx.log(
    `NUP-7: cancelled; ${op.tasks.items.size} nodes already started finish, ${op.upgraded} upgraded nodes stay`,
  );
  return run.finish();
}

/**
 * NUP-7 resume: the nodes not yet upgraded are upgraded. After a failure the failed
 * node steps are retried first; a failed rollback goes on rolling back.
 *
 * @example resumeSurge(cancelled, now).state.header.state // "RUNNING"
 */
export function resumeSurge(op: SurgeOperation, now: Instant): Decision<SurgeOperation> {
  const run = new SurgeRun(op, now);
  run.op.cancelled = false;
  const retried = run.reviveFailed();
  const rest = op.direction === "UPGRADE" ? "upgrading the remaining nodes" : "rolling back";
  run.fx.log(
    retried > 0
      ? `NUP-7: resumed after failure; retrying ${retried} failed nodes, then ${rest}`
      : `NUP-7: resumed; ${rest}`,
  );
  return run.finish();
}

/**
 * NUP-7 rollback: every upgraded node is replaced again with its original configuration,
 * by the same surge steps and bounds; nodes never started are not touched. Works on a
 * cancelled pool and on one whose upgrade failed part-way.
 *
 * @example rollbackSurge(cancelled, now).state.header.phase // "ROLLING_BACK"
 */
export function rollbackSurge(op: SurgeOperation, now: Instant): Decision<SurgeOperation> {
  const run = new SurgeRun(op, now);
  run.op.cancelled = false;
  run.op.direction = "ROLLBACK";
  run.op.cursors = run.op.cursors.map((c) => ({ ...c, rollbackNext: 0 }));
  const after = op.header.state === "FAILED" ? " after the failure" : "";
  run.reviveFailed();
  const finishing = run.op.load.reduce((sum, load) => sum + load.upgrading, 0);
  run.fx.log(
    `NUP-7: rolling back${after}; ${run.op.upgraded} upgraded nodes${finishing > 0 ? ` and ${finishing} still finishing` : ""} go back to their original configuration`,
  );
  return run.finish();
}
