import type { ProviderEvent } from "../../provider/commands.ts";
import { type Instant, SECOND } from "../../time/instant.ts";
import {
  BEST_EFFORT_DRAIN_SECONDS,
  type NodeStep,
  type NodeTarget,
  nodeCommand,
} from "../node-commands.ts";
import {
  at,
  capacityBackoff,
  FORCED_DRAIN_LIMIT,
  failureBackoff,
  isCapacityFailure,
  MAX_FAILURES,
  PDB_LIMIT,
} from "../operation.ts";
import type { NodeConfig, NodeState, PoolNode } from "../types.ts";
import type { StepContext } from "./context.ts";
import { trackNode } from "./node-table.ts";

/** How one node is replaced (IN_PLACE: the same machine is upgraded, nothing is replaced). */
export type ReplacementPath = "SURGE" | "UNAVAILABLE" | "REPLACE" | "IN_PLACE";
/** The node steps a replacement goes through (a forced drain is its DRAIN, re-sent). */
export type ReplacementStep = Extract<
  NodeStep,
  "CREATE" | "CORDON" | "DRAIN" | "UPGRADE" | "UNCORDON" | "DELETE"
>;

/**
 * The steps of each path, in order.
 * - SURGE, NUP-3 (seed: provision, wait until ready, cordon, drain ≤ 1 h, delete): a
 *   successful CREATE means ready, the sim and webhook report it once the node is.
 * - UNAVAILABLE, NUP-4 (seed: cordon, drain ≤ 1 h, recreate, wait ready, uncordon): the
 *   recreated node is a new node that joins schedulable, so "uncordon" is the end of its
 *   CREATE and no UNCORDON command is sent.
 * - REPLACE, NUP-11: the old node is already gone (preempted), only the new one is made.
 * - IN_PLACE, LIFE-3 on bare metal (seed 003: a worker node's kubelet and container
 *   runtime are upgraded): cordon, drain, upgrade the same machine, uncordon. `fresh` is
 *   the node's own name: no machine is created or deleted.
 */
const PATH_STEPS: Record<ReplacementPath, readonly ReplacementStep[]> = {
  SURGE: ["CREATE", "CORDON", "DRAIN", "DELETE"],
  UNAVAILABLE: ["CORDON", "DRAIN", "DELETE", "CREATE"],
  REPLACE: ["CREATE"],
  IN_PLACE: ["CORDON", "DRAIN", "UPGRADE", "UNCORDON"],
};

/**
 * One node being replaced by a new one with `config`: its node steps in order, one
 * command at a time. Plain JSON. The node table only changes when a node appears
 * (create succeeded) or goes (delete succeeded); the states in between are the
 * replacement's step (see {@link replacementNodeStates}), so the table changes twice
 * per replaced node instead of six times.
 */
export interface Replacement {
  path: ReplacementPath;
  /** Key of the replacement in its machine; copied onto the new node so answers find it. */
  slot: string;
  zone: string;
  old?: string;
  fresh: string;
  config: NodeConfig;
  step: ReplacementStep;
  /** Attempt number of the last command of this step (command ids count it up). */
  attempt: number;
  /** Consecutive failures of this step other than capacity (MAX_FAILURES fails it). */
  failures: number;
  /** NUP-6 backoff exponent. */
  capacityWaits: number;
  /** NUP-3: the drain no longer honours PodDisruptionBudgets. */
  forced: boolean;
  /**
   * NUP-4: the old node's capacity comes from a reservation. On the unavailable path
   * it is kept for the recreated node; otherwise it is released while the node is
   * recreated and the create may have to wait for capacity (NUP-6).
   */
  reserved?: boolean;
  command?: string;
  retryAt?: Instant;
  drainForceAt?: Instant;
  drainGiveUpAt?: Instant;
  /** LIFE-6: a best-effort drain passes the node, pods stuck or not, at this instant. */
  drainPassAt?: Instant;
  /** Why the replacement waits, shown in the operation's reason (NUP-6). */
  waiting?: string;
  failed?: string;
}

export type ReplacementStatus = "RUNNING" | "DONE" | "FAILED";

export interface ReplacementUpdate {
  task: Replacement;
  status: ReplacementStatus;
}

/** What a replacement needs from the decision it runs in. */
export interface ReplacementContext extends StepContext {
  /** Grace-period bound of PDB-honouring drains (forced drains delete at once). */
  drainGraceSeconds: number;
}

/**
 * A replacement at its first step, not issued yet.
 *
 * @example newReplacement({ path: "SURGE", slot: "0.3", zone: "a", old: "n3", fresh: "p-x-0-3", config })
 */
export function newReplacement(
  init: Pick<Replacement, "path" | "slot" | "zone" | "old" | "fresh" | "config" | "reserved">,
): Replacement {
  return {
    ...init,
    step: PATH_STEPS[init.path][0]!,
    attempt: 0,
    failures: 0,
    capacityWaits: 0,
    forced: false,
  };
}

/**
 * True while nothing of the replacement has touched the pool: a surge-path create that has not
 * succeeded and is waiting to retry. Seed: without capacity GKE "won't start upgrading a
 * node", so cancel and a closing window put such a node back in line (NUP-7, MW-4).
 *
 * @example notStarted({ ...task, step: "CREATE", command: undefined }) // true for a SURGE task
 */
export function notStarted(task: Replacement): boolean {
  return task.path === "SURGE" && task.step === "CREATE" && task.command === undefined;
}

/**
 * When the replacement needs the machine again without an answer from the provider.
 *
 * @example replacementWakeAt(draining) // its drainForceAt
 */
export function replacementWakeAt(task: Replacement): Instant | undefined {
  if (task.failed !== undefined) return undefined;
  if (task.command === undefined) return task.retryAt;
  if (task.step !== "DRAIN") return undefined;
  if (task.drainPassAt !== undefined) return task.drainPassAt;
  return task.forced ? task.drainGiveUpAt : task.drainForceAt;
}

/**
 * Sends the command of the replacement's current step. A step on an old node that is
 * no longer there (preempted, scaled away) has nothing to do and is passed.
 *
 * @example issueReplacement(ctx, newReplacement(init)) // { status: "RUNNING", task: { command: "op:p-x-0-3:CREATE:1", … } }
 */
export function issueReplacement(ctx: ReplacementContext, task: Replacement): ReplacementUpdate {
  let t = task;
  for (;;) {
    if (t.step !== "CREATE" && (t.old === undefined || ctx.table.get(t.old) === undefined)) {
      const next = nextStep(t);
      if (next === undefined) return { task: t, status: "DONE" };
      t = next;
      continue;
    }
    return { task: send(ctx, t), status: "RUNNING" };
  }
}

function send(ctx: ReplacementContext, task: Replacement): Replacement {
  const { fx } = ctx;
  const now = fx.now;
  const attempt = task.attempt + 1;
  const t: Replacement = { ...task, attempt };
  delete t.retryAt;
  delete t.waiting;
  let step: NodeStep;
  switch (t.step) {
    case "CREATE":
      step = "CREATE";
      break;
    case "CORDON":
      step = "CORDON";
      break;
    case "DRAIN":
      // LIFE-6: a best-effort drain is never forced: it honours no PDB to begin with,
      // and after 20 minutes the node is passed with whatever pods are stuck.
      if (ctx.ref.bestEffortDrain === true) {
        t.drainPassAt ??= now + BEST_EFFORT_DRAIN_SECONDS * SECOND;
        step = "DRAIN";
        break;
      }
      t.drainForceAt ??= now + PDB_LIMIT;
      if (!t.forced && now >= t.drainForceAt) t.forced = true;
      if (t.forced) t.drainGiveUpAt ??= now + FORCED_DRAIN_LIMIT;
      step = t.forced ? "DRAIN_FORCED" : "DRAIN";
      break;
    case "UPGRADE":
      step = "UPGRADE";
      break;
    case "UNCORDON":
      step = "UNCORDON";
      break;
    case "DELETE":
      step = "DELETE";
      break;
    default:
      return t.step satisfies never;
  }
  const name = t.step === "CREATE" ? t.fresh : t.old!;
  const target: NodeTarget = {
    name,
    zone: t.zone,
    config: t.config,
    graceSeconds: t.forced ? 0 : ctx.drainGraceSeconds,
  };
  // NUP-4: only the unavailable path deletes before it creates, so only it can keep
  // the reserved capacity for its own replacement.
  if (t.step === "DELETE" && t.path === "UNAVAILABLE" && t.reserved === true) {
    target.holdFor = t.fresh;
  }
  const command = nodeCommand(ctx.ref, target, step, attempt);
  fx.command(command);
  t.command = command.id;
  return t;
}

function nextStep(task: Replacement): Replacement | undefined {
  const steps = PATH_STEPS[task.path];
  const step = steps[steps.indexOf(task.step) + 1];
  if (step === undefined) return undefined;
  const {
    command: _c,
    retryAt: _r,
    drainForceAt: _f,
    drainGiveUpAt: _g,
    drainPassAt: _p,
    waiting: _w,
    ...rest
  } = task;
  return { ...rest, step, attempt: 0, failures: 0, forced: false };
}

/**
 * Applies the provider's answer to the replacement's outstanding command (the caller
 * matched the id). Success moves to the next step; a capacity refusal of a create waits
 * and retries (NUP-6); any other failure retries after 30 s, 60 s and fails the
 * replacement on the third.
 *
 * @example replacementAnswer(ctx, task, { type: "COMMAND_SUCCEEDED", commandId: task.command!, at: now })
 */
export function replacementAnswer(
  ctx: ReplacementContext,
  task: Replacement,
  event: Extract<ProviderEvent, { type: "COMMAND_SUCCEEDED" | "COMMAND_FAILED" }>,
): ReplacementUpdate {
  const { fx, table } = ctx;
  if (event.type === "COMMAND_SUCCEEDED") {
    switch (task.step) {
      case "CREATE":
        table.set({
          ...trackNode({ name: task.fresh, zone: task.zone, ...task.config }, "READY"),
          slot: task.slot,
        });
        break;
      case "CORDON":
      case "DRAIN":
      case "UNCORDON":
        break;
      case "UPGRADE":
        table.patch(task.old!, { ...task.config });
        break;
      case "DELETE":
        table.delete(task.old!);
        break;
      default:
        return task.step satisfies never;
    }
    const next = nextStep(task);
    return next === undefined ? { task, status: "DONE" } : issueReplacement(ctx, next);
  }
  const { command: _c, ...t } = task;
  if (t.step === "CREATE" && isCapacityFailure(event.reason)) {
    t.capacityWaits += 1;
    t.retryAt = fx.now + capacityBackoff(t.capacityWaits);
    t.waiting = `NUP-6: no capacity for ${t.fresh} in ${t.zone} (${event.reason}); retrying at ${at(t.retryAt)}`;
    if (t.capacityWaits === 1) fx.log(t.waiting);
    else fx.note(t.waiting);
    return { task: t, status: "RUNNING" };
  }
  t.failures += 1;
  const node = t.step === "CREATE" ? t.fresh : t.old!;
  if (t.failures >= MAX_FAILURES) {
    t.failed = `${t.step} of ${node} failed ${t.failures} times: ${event.reason} ${event.message}`;
    fx.log(t.failed);
    return { task: t, status: "FAILED" };
  }
  t.retryAt = fx.now + failureBackoff(t.failures);
  fx.note(
    `${t.step} of ${node} failed (${event.reason}); retry ${t.failures + 1} at ${at(t.retryAt)}`,
  );
  return { task: t, status: "RUNNING" };
}

/**
 * Acts on the replacement's timers at `fx.now`: a due retry is sent; a drain still honouring
 * PDBs after one hour is re-sent without them (NUP-3); a forced drain stuck past
 * FORCED_DRAIN_LIMIT is given up and the node deleted.
 *
 * @example replacementTimers(ctx, task) // { status: "RUNNING", task } unchanged when nothing is due
 */
export function replacementTimers(ctx: ReplacementContext, task: Replacement): ReplacementUpdate {
  const now = ctx.fx.now;
  if (task.failed !== undefined) return { task, status: "FAILED" };
  if (task.command === undefined) {
    return task.retryAt !== undefined && now >= task.retryAt
      ? issueReplacement(ctx, task)
      : { task, status: "RUNNING" };
  }
  if (task.step !== "DRAIN") return { task, status: "RUNNING" };
  if (task.drainPassAt !== undefined && now >= task.drainPassAt) {
    ctx.fx.log(
      `LIFE-6: ${task.old} still draining after ${BEST_EFFORT_DRAIN_SECONDS / 60} minutes; passed, the upgrade continues with its stuck pods`,
    );
    const next = nextStep(task);
    return next === undefined ? { task, status: "DONE" } : issueReplacement(ctx, next);
  }
  if (!task.forced && task.drainForceAt !== undefined && now >= task.drainForceAt) {
    ctx.fx.log(`NUP-3: ${task.old} still draining after 1 h; forcing (PDBs no longer honoured)`);
    return issueReplacement(ctx, { ...task, forced: true });
  }
  if (task.forced && task.drainGiveUpAt !== undefined && now >= task.drainGiveUpAt) {
    ctx.fx.note(`NUP-3: forced drain of ${task.old} is stuck; deleting the node anyway`);
    const next = nextStep(task);
    return next === undefined ? { task, status: "DONE" } : issueReplacement(ctx, next);
  }
  return { task, status: "RUNNING" };
}

/**
 * How the replacement's two nodes look while it runs: the old node's state, and the new
 * node while it is being created (it joins the node table once ready).
 *
 * @example replacementNodeStates(draining) // { old: "DRAINING" }
 */
export function replacementNodeStates(task: Replacement): { old?: NodeState; fresh?: PoolNode } {
  const creating =
    task.step === "CREATE" && task.command !== undefined
      ? {
          fresh: {
            name: task.fresh,
            zone: task.zone,
            ...task.config,
            state: "PROVISIONING" as const,
          },
        }
      : {};
  switch (task.step) {
    case "CREATE":
    case "CORDON":
      return creating;
    case "DRAIN":
      return { old: "DRAINING" };
    // In place: the machine stays cordoned while it is upgraded and until it is uncordoned.
    case "UPGRADE":
    case "UNCORDON":
      return { old: "CORDONED" };
    case "DELETE":
      return { old: "DELETING" };
    default:
      return task.step satisfies never;
  }
}

/**
 * The replacement's old node went away on its own (preempted, scaled away): a command
 * waiting on it may never be answered, so the steps on it are passed and the
 * replacement goes on with the new node (or is done). One still creating its new node
 * is not affected.
 *
 * @example oldNodeGone(ctx, draining) // the UNAVAILABLE path moves on to CREATE
 */
export function oldNodeGone(ctx: ReplacementContext, task: Replacement): ReplacementUpdate {
  if (task.step === "CREATE" || task.failed !== undefined) return { task, status: "RUNNING" };
  const { command: _c, retryAt: _r, ...idle } = task;
  return issueReplacement(ctx, idle);
}
