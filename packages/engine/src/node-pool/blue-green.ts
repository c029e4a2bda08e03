import type { Decision } from "../machine/decision.ts";
import type { Instant } from "../time/instant.ts";
import { soakPlan } from "./blue-green-plan.ts";
import { BlueGreenRun } from "./blue-green-run.ts";
import { interleaveZones, newNodePrefix, sameConfig } from "./naming.ts";
import type { OperationRef } from "./node-commands.ts";
import { createTable, type NodeTable, trackNode } from "./node-table.ts";
import { newHeader, type OperationHeader, routeEvent } from "./operation.ts";
import type { ResolvedStrategy } from "./strategy.ts";
import type { NodeConfig, NodeFacts, NodePoolEvent } from "./types.ts";

/**
 * NUP-8 phases 1–5, the NUP-9 rollback phases, and DONE. Rollback phases are named for
 * what they do: phase 1 deletes green; phase 2 also uncordons blue; phases 3–4 also
 * drain green before deleting it.
 */
export type BlueGreenPhase =
  | "CREATING_GREEN"
  | "CORDONING_BLUE"
  | "DRAINING_BLUE"
  | "SOAKING_POOL"
  | "DELETING_BLUE"
  | "ROLLBACK_UNCORDONING_BLUE"
  | "ROLLBACK_DRAINING_GREEN"
  | "ROLLBACK_DELETING_GREEN"
  | "DONE";

/** The seed's phase numbers (1–5) of the forward phases. */
export const BLUE_GREEN_PHASE_NUMBER: Partial<Record<BlueGreenPhase, number>> = {
  CREATING_GREEN: 1,
  CORDONING_BLUE: 2,
  DRAINING_BLUE: 3,
  SOAKING_POOL: 4,
  DELETING_BLUE: 5,
};

export interface BlueGreenPlan {
  /** Blue nodes in batch order, zones interleaved so a batch spreads over zones. */
  blue: string[];
  /** Green node k (replacing blue[k], same zone) is `${greenPrefix}${k}`. */
  greenPrefix: string;
  batchSize: number;
  batchSoakSeconds: number;
  nodePoolSoakSeconds: number;
}

/** A blue-green upgrade (NUP-8, NUP-9), plain JSON. */
export interface BlueGreenOperation {
  kind: "BLUE_GREEN";
  header: OperationHeader;
  plan: BlueGreenPlan;
  nodes: NodeTable;
  phase: BlueGreenPhase;
  cancelled: boolean;
  rollbackFrom?: BlueGreenPhase;
  /** Counts phase and batch starts; node work of an older round is not counted again. */
  round: number;
  /** Nodes of this round still to answer. */
  waitingFor: number;
  /** Nodes whose failed command is retried at the given instant. */
  retries: Record<string, Instant>;
  /** Phase 3: index of the batch draining or soaking. */
  batch: number;
  /** Phase 3 batch PDB bound, phase 5 grace bound, rollback green drain bound. */
  deadline?: Instant;
  /** Rollback: green drains no longer honour PDBs. */
  forced: boolean;
  soak?: { kind: "BATCH" | "POOL"; startedAt: Instant; until: Instant };
  /** Soak waited so far (NUP-8: at 7 days the delete phase starts at once). */
  soakedSeconds: number;
  /** Nodes deleted by this operation's current direction (progress). */
  deleted: number;
}

/**
 * Plans a blue-green upgrade and starts phase 1: blue's autoscaling is frozen (NUP-12)
 * and one green node per blue node is created in its zone. The quota check happens
 * before, in `startNodePoolUpgrade`, from the capacity facts the caller supplies.
 *
 * @example startBlueGreen(ref, target, nodes, strategy, now).state.phase // "CREATING_GREEN"
 */
export function startBlueGreen(
  ref: OperationRef,
  target: NodeConfig,
  nodes: readonly NodeFacts[],
  strategy: Extract<ResolvedStrategy, { type: "BLUE_GREEN" }>,
  now: Instant,
): Decision<BlueGreenOperation> {
  const blue = interleaveZones(nodes).map((n) => n.name);
  const soak = soakPlan(
    strategy.batch,
    strategy.batchSoakSeconds,
    strategy.nodePoolSoakSeconds,
    blue.length,
  );
  const op: BlueGreenOperation = {
    kind: "BLUE_GREEN",
    header: newHeader(ref, "BLUE_GREEN", target, "CREATING_GREEN", blue.length, now),
    plan: {
      blue,
      greenPrefix: newNodePrefix(ref.pool, ref.id, blue),
      batchSize: soak.batchSize,
      batchSoakSeconds: strategy.batchSoakSeconds,
      nodePoolSoakSeconds: strategy.nodePoolSoakSeconds,
    },
    nodes: createTable(
      nodes.map((n) => trackNode(n, "READY", "BLUE")),
      2 * nodes.length,
    ),
    phase: "CREATING_GREEN",
    cancelled: false,
    round: 0,
    waitingFor: 0,
    retries: {},
    batch: 0,
    forced: false,
    soakedSeconds: 0,
    deleted: 0,
  };
  const run = new BlueGreenRun(op, now);
  if (nodes.every((n) => sameConfig(n, target))) {
    run.end("SUCCEEDED", "NUP-8: every node already runs the target; nothing to replace");
    return run.finish();
  }
  run.fx.log(
    `NUP-8: blue-green upgrade of ${blue.length} nodes; ${soak.batches} batches of ${soak.batchSize}, total soak ${soak.totalSeconds} s${soak.capped ? " (reaches 7 days: blue is deleted once 7 days of soak have passed)" : ""}`,
  );
  run.enterCreatingGreen();
  return run.finish();
}

/**
 * NUP-8/NUP-9: one provider answer, tick, window change or scaling report. Blue-green
 * runs to completion once started, whatever the maintenance window does (MW-4).
 *
 * @example decideBlueGreen(op, { type: "TICK", at: now }, now).state.phase
 */
export function decideBlueGreen(
  op: BlueGreenOperation,
  event: NodePoolEvent,
  now: Instant,
): Decision<BlueGreenOperation> {
  return routeEvent(new BlueGreenRun(op, now), event);
}

/**
 * NUP-9 cancel (phases 1–4): pause in place; sent commands still finish.
 *
 * @example cancelBlueGreen(op, now).state.header.state // "CANCELLED"
 */
export function cancelBlueGreen(
  op: BlueGreenOperation,
  now: Instant,
): Decision<BlueGreenOperation> {
  const run = new BlueGreenRun(op, now);
  run.op.cancelled = true;
  run.fx.log(`NUP-9: cancelled in phase ${BLUE_GREEN_PHASE_NUMBER[op.phase]} (${op.phase})`);
  return run.finish();
}

/**
 * NUP-9 resume: continue where it paused; in phase 3 after a drained batch the next
 * batch starts at once, without the rest of the batch soak (seed).
 *
 * @example resumeBlueGreen(cancelled, now).state.header.state // "RUNNING"
 */
export function resumeBlueGreen(
  op: BlueGreenOperation,
  now: Instant,
): Decision<BlueGreenOperation> {
  const run = new BlueGreenRun(op, now);
  run.op.cancelled = false;
  run.fx.log(`NUP-9: resumed in phase ${BLUE_GREEN_PHASE_NUMBER[op.phase]} (${op.phase})`);
  const soak = run.op.soak;
  if (run.op.phase === "DRAINING_BLUE" && soak !== undefined && soak.until > now) {
    run.op.soak = { ...soak, until: now };
    run.fx.log("NUP-9: next batch starts without the rest of the batch soak");
  }
  return run.finish();
}

/**
 * NUP-9 complete (phase 4): skip the rest of the soak and start deleting blue.
 *
 * @example completeBlueGreen(soaking, now).state.phase // "DELETING_BLUE"
 */
export function completeBlueGreen(
  op: BlueGreenOperation,
  now: Instant,
): Decision<BlueGreenOperation> {
  const run = new BlueGreenRun(op, now);
  run.op.cancelled = false;
  if (run.op.soak !== undefined) run.op.soak = { ...run.op.soak, until: now };
  run.fx.log("NUP-9: complete: skipping the rest of the node-pool soak");
  return run.finish();
}

/**
 * NUP-9 rollback (phases 1–4, after cancel or failure): phase 1 deletes green; phase 2
 * uncordons blue and deletes green; phases 3–4 stop draining, uncordon blue, then drain
 * and delete green.
 *
 * @example rollbackBlueGreen(cancelledInPhase2, now).commands[0].type // "UNCORDON_NODE"
 */
export function rollbackBlueGreen(
  op: BlueGreenOperation,
  now: Instant,
): Decision<BlueGreenOperation> {
  const run = new BlueGreenRun(op, now);
  const { endedAt: _e, error, ...header } = run.op.header;
  run.op.header = { ...header, state: "RUNNING" };
  run.op.cancelled = false;
  run.op.rollbackFrom = op.phase;
  run.op.retries = {};
  delete run.op.soak;
  run.fx.log(
    `NUP-9: rolling back from phase ${BLUE_GREEN_PHASE_NUMBER[op.phase]} (${op.phase})${error === undefined ? "" : ` after: ${error}`}`,
  );
  if (op.phase === "CREATING_GREEN") run.enterRollbackDeletingGreen();
  else run.enterRollbackUncordoningBlue();
  return run.finish();
}
