import { DurableObject } from "cloudflare:workers";
import {
  type ClusterUpgradeOperationView,
  type ClusterUpgradeStatusView,
  clusterUpgradeView,
  type Maintenance,
  type NodePoolOperationView,
  type NodePoolUpgradeRequest,
  type PoolNode,
  type PreemptTarget,
  type ProviderEvent,
  type ProvisioningRequest,
  type QualificationMessage,
  type Result,
  type RolloutStatusView,
  refuse,
} from "@regatta/engine";
import type { Env } from "../../env.ts";
import { advanceSim, preemptSim } from "../../providers/sim/state.ts";
import type { ObjectRuntime } from "../../runtime/runtime.ts";
import { PROVIDER_TIMER, type Timer, type Tx } from "../../runtime/types.ts";
import { ObjectWiring } from "../wiring.ts";
import { applyAutoscalerEvents } from "./autoscaler/answers.ts";
import { autoscalerPods, forgetAutoscaler, wakeAutoscaler } from "./autoscaler/cluster.ts";
import { listDecisions, type RecordedDecision } from "./autoscaler/decisions.ts";
import {
  type EvaluationView,
  evaluateAutoscaler,
  fireAutoscalerTimer,
  submitProvisioning,
} from "./autoscaler/host.ts";
import { AS_RETIRE_TIMER, AS_SYNC_TIMER, AS_TIMER } from "./autoscaler/keys.ts";
import {
  type AutoscalerOperationView,
  endAutoscalerOperation,
  getAutoscalerOperation,
  retireAutoscalerOperation,
} from "./autoscaler/operation.ts";
import type { StoredProvisioning } from "./autoscaler/provisioning.ts";
import { syncAutoscalerNodes } from "./autoscaler/sync.ts";
import {
  putWorkloads,
  type WorkloadPod,
  type WorkloadsPut,
  type WorkloadsSummary,
  workloadsSummary,
} from "./autoscaler/workloads.ts";
import {
  abandonClusterOperation,
  applyClusterEvents,
  type ClusterUpgradeStart,
  fireClusterTimer,
  getClusterOperation,
  getClusterUpgrade,
  resumeClusterOperation,
  runningClusterUpgrade,
  type StartedClusterUpgrade,
  startClusterOperation,
} from "./cluster-upgrade/host.ts";
import {
  CLUSTER_OP_TIMER,
  CLUSTER_RETIRE_TIMER,
  CLUSTER_SYNC_TIMER,
} from "./cluster-upgrade/keys.ts";
import {
  forgetPreflight,
  lastPreflight,
  recordPreflight,
  type StoredPreflight,
} from "./cluster-upgrade/preflights.ts";
import { retireClusterUpgrade, syncClusterUpgrade } from "./cluster-upgrade/write-back.ts";
import {
  applyEvents,
  controlPool,
  fireTimer,
  getOperation,
  liveNodes,
  type PoolControl,
  startOperation,
} from "./node-pool/host.ts";
import { OP_TIMER, RETIRE_TIMER, SYNC_TIMER, WINDOW_TIMER } from "./node-pool/keys.ts";
import { detachPool } from "./node-pool/lifecycle.ts";
import { operationRetentionMs, retireOperation } from "./node-pool/retention.ts";
import { syncOperation } from "./node-pool/write-back.ts";
import { eventKey, recordUnclaimed } from "./provider/events.ts";
import {
  type RolloutDeps,
  readRolloutStatus,
  receiveUpstream,
  runRolloutPass,
} from "./rollout/host.ts";
import { ROLLOUT_TIMER } from "./rollout/keys.ts";
import {
  deliverRunReport,
  ownRunMember,
  RUN_REPORT_TIMER,
  type RunOwner,
  runMemberOperations,
  wakeRuns,
} from "./run-members/members.ts";
import {
  FORGET_RUN_TIMER,
  forgetRuns,
  pruneRuns,
  scheduleForget,
} from "./run-members/retention.ts";
import {
  deleteStrategy,
  getStrategy,
  type IndexedRun,
  listRuns,
  putStrategy,
  registerRun,
  type StoredStrategy,
  unregisterRun,
} from "./run-members/runs-index.ts";

/**
 * The values every provider answer rewrites: the sim's state and each operation's main
 * row (its shard rows are written in batches and stay apart); and which operation a
 * pool has, written with a new operation's main row (a row of its own would cost one
 * more per upgrade).
 */
function packsFleetState(key: string): boolean {
  return (
    key === "sim" ||
    key.startsWith("pool-op:") ||
    (key.startsWith("op:") && key.indexOf(":", 3) < 0)
  );
}

/**
 * Provider events go to the operation their command id names (`<opId>:…`): node-pool
 * operations first, then cluster upgrades; what neither owns is kept as unclaimed.
 */
function route(tx: Tx, events: readonly ProviderEvent[]): void {
  const rest = applyAutoscalerEvents(tx, applyClusterEvents(tx, applyEvents(tx, events)));
  for (const event of rest) recordUnclaimed(tx, event);
}

/**
 * One fleet: its rollout sequencing state, node-pool operations, autoscaler decisions
 * and (in sim mode) the simulated provider for its clusters. A shell: it loads the
 * runtime, hands events and time to the engine and lets the runtime keep effects safe.
 */
export class FleetObject extends DurableObject<Env> {
  private readonly wiring = new ObjectWiring(this.env, this.ctx.storage, {
    packs: packsFleetState,
    identity: { kind: "fleet", name: this.ctx.id.name },
  });
  /** Rollout intents this instance is carrying out now (rollout-host.ts). */
  private readonly rolloutInFlight = new Set<string>();

  /** The platform alarm: run every due timer. */
  override async alarm(): Promise<void> {
    await this.tick();
  }

  /**
   * Runs due timers now; called by the alarm, the cron and after the sim clock jumps
   * ahead. Calls that overlap take turns (one alarm run at a time, see the runtime).
   */
  async tick(): Promise<{ fired: number; failed: number }> {
    const runtime = await this.ready();
    const outcome = await this.runTimers(runtime);
    await wakeRuns(runtime, this.env);
    await pruneRuns(runtime, operationRetentionMs(this.env));
    return outcome;
  }

  private runTimers(runtime: ObjectRuntime): Promise<{ fired: number; failed: number }> {
    return runtime.runAlarm();
  }

  /** Intake of one provider event (sim or webhook callback); duplicates are ignored. */
  async receiveEvent(event: ProviderEvent): Promise<{ applied: boolean }> {
    const runtime = await this.ready();
    const applied = await runtime.commit((tx) => this.apply(tx, [event]) > 0);
    return { applied };
  }

  async startNodePoolUpgrade(
    request: NodePoolUpgradeRequest,
    maintenance: Maintenance | undefined,
    poolUid?: string,
    runOwner?: RunOwner,
  ): Promise<Result<NodePoolOperationView>> {
    const runtime = await this.ready();
    const retentionMs = operationRetentionMs(this.env);
    return runtime.commit((tx) => {
      // LIFE-3: the cluster's upgrade runs its pools itself.
      const cluster = runningClusterUpgrade(tx, request.pool.cluster);
      if (cluster) {
        return refuse(
          "LIFE-3",
          409,
          `LIFE-3: cluster ${request.pool.cluster} is being upgraded by ${cluster.id} (${cluster.state}); its node pools upgrade as part of it`,
        );
      }
      const started = startOperation(tx, request, { maintenance, poolUid, retentionMs });
      if (started.ok && runOwner) ownRunMember(tx, runOwner, started.value.id);
      return started;
    });
  }

  /** LIFE-3: starts (or retries from its failed component) a cluster upgrade. */
  async startClusterUpgrade(
    start: Omit<ClusterUpgradeStart, "retentionMs"> & { runOwner?: RunOwner },
  ): Promise<Result<StartedClusterUpgrade>> {
    const runtime = await this.ready();
    const retentionMs = operationRetentionMs(this.env);
    const { runOwner, ...rest } = start;
    return runtime.commit((tx) => {
      const started = startClusterOperation(tx, { ...rest, retentionMs });
      if (started.ok && runOwner) ownRunMember(tx, runOwner, started.value.view.id);
      return started;
    });
  }

  /** RUN-4: stores a strategy (validated by the caller); `created` when it is new. */
  async putUpdateStrategy(strategy: StoredStrategy): Promise<Result<{ created: boolean }>> {
    const runtime = await this.ready();
    return runtime.commit((tx) => putStrategy(tx, strategy));
  }

  async updateStrategy(name: string): Promise<StoredStrategy | undefined> {
    const runtime = await this.ready();
    return runtime.commit((tx) => getStrategy(tx, name));
  }

  async deleteUpdateStrategy(name: string): Promise<boolean> {
    const runtime = await this.ready();
    return runtime.commit((tx) => deleteStrategy(tx, name));
  }

  /** Reserves a run name in the fleet's index (409 when taken). */
  async registerUpdateRun(
    fleet: string,
    name: string,
    createdAt: number,
  ): Promise<Result<IndexedRun>> {
    const runtime = await this.ready();
    return runtime.commit((tx) => {
      const registered = registerRun(tx, fleet, name, createdAt);
      scheduleForget(tx);
      return registered;
    });
  }

  async unregisterUpdateRun(name: string): Promise<void> {
    const runtime = await this.ready();
    await runtime.commit((tx) => unregisterRun(tx, name));
  }

  async updateRuns(): Promise<IndexedRun[]> {
    const runtime = await this.ready();
    return runtime.commit((tx) => listRuns(tx));
  }

  /** The operations already started for a run member (a retried start asks first). */
  async runMemberOperations(owner: RunOwner): Promise<string[]> {
    const runtime = await this.ready();
    return runtime.commit((tx) => runMemberOperations(tx, owner));
  }

  /** The pool was deleted: its operation ends and writes nothing back (its id, if any). */
  async nodePoolDeleted(cluster: string, pool: string): Promise<string | undefined> {
    const runtime = await this.ready();
    const retentionMs = operationRetentionMs(this.env);
    return runtime.commit((tx) => {
      wakeAutoscaler(tx, cluster);
      return detachPool(tx, cluster, pool, retentionMs);
    });
  }

  /** A node pool was created or changed: the autoscaler looks at the cluster again. */
  async nodePoolPut(cluster: string, autoscaled: boolean): Promise<void> {
    const runtime = await this.ready();
    await runtime.commit((tx) => wakeAutoscaler(tx, cluster, autoscaled));
  }

  /**
   * The cluster was deleted: its pools' upgrades end as for a deleted pool, its cluster
   * upgrade fails for good, and its preflight and autoscaler state are forgotten, in one
   * transaction.
   */
  async clusterDeleted(cluster: string, pools: readonly string[]): Promise<void> {
    const runtime = await this.ready();
    const retentionMs = operationRetentionMs(this.env);
    await runtime.commit((tx) => {
      for (const pool of pools) detachPool(tx, cluster, pool, retentionMs);
      abandonClusterOperation(tx, cluster);
      forgetPreflight(tx, cluster);
      endAutoscalerOperation(tx, cluster, retentionMs);
      forgetAutoscaler(tx, cluster);
    });
  }

  async controlNodePool(
    cluster: string,
    pool: string,
    control: PoolControl,
  ): Promise<Result<NodePoolOperationView>> {
    const runtime = await this.ready();
    return runtime.commit((tx) => controlPool(tx, cluster, pool, control));
  }

  async operation(id: string): Promise<NodePoolOperationView | undefined> {
    const runtime = await this.ready();
    return runtime.commit((tx) => getOperation(tx, id));
  }

  /** A cluster's autoscaler as an operation (running, or ended and not yet retired). */
  async autoscalerOperation(id: string): Promise<AutoscalerOperationView | undefined> {
    const runtime = await this.ready();
    return runtime.commit((tx) => getAutoscalerOperation(tx, id));
  }

  /**
   * LIFE-3: retries a failed cluster upgrade from its failed component; a failed worker
   * pool upgrades again under one of `poolOperationIds` (pool → indexed id).
   */
  async resumeClusterUpgrade(
    id: string,
    poolOperationIds: Record<string, string>,
  ): Promise<Result<StartedClusterUpgrade>> {
    const runtime = await this.ready();
    return runtime.commit((tx) => resumeClusterOperation(tx, id, poolOperationIds));
  }

  /** LIFE-4: the cluster's latest upgrade as its status shows it, with the operation id. */
  async clusterUpgradeStatus(
    cluster: string,
  ): Promise<(ClusterUpgradeStatusView & { operation: string; state: string }) | undefined> {
    const runtime = await this.ready();
    return runtime.commit((tx) => {
      const op = getClusterUpgrade(tx, cluster);
      return op && { operation: op.id, state: op.state, ...clusterUpgradeView(op) };
    });
  }

  async clusterUpgrade(id: string): Promise<ClusterUpgradeOperationView | undefined> {
    const runtime = await this.ready();
    return runtime.commit((tx) => getClusterOperation(tx, id));
  }

  async liveNodes(cluster: string, pools: string[]): Promise<Record<string, PoolNode[]>> {
    const runtime = await this.ready();
    return runtime.commit((tx) => liveNodes(tx, cluster, pools));
  }

  /** LIFE-2: keeps a cluster's preflight as its latest, readable with `preflight`. */
  async recordPreflight(result: StoredPreflight): Promise<StoredPreflight> {
    const runtime = await this.ready();
    return runtime.commit((tx) => recordPreflight(tx, result));
  }

  /** The cluster's latest preflight, if one ran. */
  async preflight(cluster: string): Promise<StoredPreflight | undefined> {
    const runtime = await this.ready();
    return runtime.commit((tx) => lastPreflight(tx, cluster));
  }

  /**
   * `PUT …/workloads`: stores the snapshot (or one of its parts) and, once it is whole,
   * runs an autoscaler pass on it.
   */
  async putWorkloads(
    cluster: string,
    put: WorkloadsPut,
  ): Promise<{ workloads: WorkloadsSummary; evaluation?: EvaluationView } | { refused: string }> {
    const runtime = await this.ready();
    const workloads = await runtime.commit((tx) => putWorkloads(tx, cluster, put));
    if ("refused" in workloads) return workloads;
    if (!workloads.complete) return { workloads };
    const evaluation = await evaluateAutoscaler(
      runtime,
      this.wiring.inventory,
      cluster,
      "workloads",
    );
    // The pass placed what fits on the nodes there are: count pending after it.
    const placed = await runtime.commit((tx) => workloadsSummary(tx, cluster));
    return evaluation ? { workloads: placed, evaluation } : { workloads: placed };
  }

  /** CA: one autoscaler pass for the cluster now. */
  async evaluateAutoscaler(cluster: string): Promise<EvaluationView | undefined> {
    const runtime = await this.ready();
    return evaluateAutoscaler(runtime, this.wiring.inventory, cluster, "evaluate");
  }

  /** CA-14: a ProvisioningRequest, decided on in a pass now. */
  async requestProvisioning(
    cluster: string,
    request: ProvisioningRequest,
  ): Promise<StoredProvisioning | undefined> {
    const runtime = await this.ready();
    return submitProvisioning(runtime, this.wiring.inventory, cluster, request);
  }

  /** CA-17: recorded decisions, newest first. */
  async autoscalerDecisions(
    cluster: string,
    options: { limit: number; before?: number; pool?: string },
  ): Promise<{ items: RecordedDecision[]; nextBefore?: number }> {
    const runtime = await this.ready();
    return runtime.commit((tx) => listDecisions(tx, cluster, options));
  }

  /** The stored pods where the control plane expects them, a page from `offset`. */
  async workloadPods(
    cluster: string,
    offset: number,
    limit: number,
  ): Promise<{ items: WorkloadPod[]; total: number; revision: number }> {
    const runtime = await this.ready();
    return runtime.commit((tx) => autoscalerPods(tx, cluster, offset, limit));
  }

  /** Sim only: a spot or flex-start node goes away (NUP-11). */
  async preempt(target: PreemptTarget): Promise<boolean> {
    const runtime = await this.ready();
    return runtime.commit((tx) => preemptSim(tx, target));
  }

  /** SEQ: runs a pass of each named rollout group now (configuration, release, cron). */
  async rolloutEvaluate(groups: readonly string[]): Promise<void> {
    const deps = await this.rolloutDeps();
    for (const group of groups) await runRolloutPass(deps, group);
  }

  /** SEQ-8: the upstream group's word to `group`; kept, then heard on the next pass. */
  async rolloutUpstream(group: string, message: QualificationMessage): Promise<void> {
    await receiveUpstream(await this.rolloutDeps(), group, message);
  }

  /** SEQ-13: a group's rollout status, or undefined when it has no configuration. */
  async rolloutStatus(
    group: string,
  ): Promise<(RolloutStatusView & { messagesHeard: number }) | undefined> {
    return readRolloutStatus(await this.rolloutDeps(), group);
  }

  /** Test and operator visibility: the object's clock and pending work. */
  async inspect(): Promise<{ now: number; timers: Timer[]; outbox: number; rowsWritten: number }> {
    const runtime = await this.ready();
    return {
      now: runtime.now(),
      timers: runtime.timers(),
      outbox: runtime.pendingOutbox().length,
      rowsWritten: runtime.rowsWritten,
    };
  }

  private async rolloutDeps(): Promise<RolloutDeps> {
    return {
      runtime: await this.ready(),
      inventory: this.wiring.inventory,
      fleets: this.env.FLEET,
      inFlight: this.rolloutInFlight,
    };
  }

  protected async ready(): Promise<ObjectRuntime> {
    const runtime = await this.wiring.ready();
    runtime.handleTimers((timer) => this.fire(runtime, timer), {
      // A batch the provider will not take fails its commands, so the operation's machine
      // retries or fails them (NUP-7) and shows why, instead of waiting forever.
      onBatchSetAside: (tx, batch, why) => {
        const at = tx.now;
        const failed = batch.commands.map((command) => ({
          type: "COMMAND_FAILED" as const,
          commandId: command.id,
          at,
          reason: "FAILED" as const,
          message: why,
        }));
        this.apply(tx, failed);
      },
    });
    return runtime;
  }

  /** Routes provider events to their operations, each once; returns how many were new. */
  private apply(tx: Tx, events: readonly ProviderEvent[]): number {
    const fresh = events.filter((event) => tx.once(eventKey(event), () => {}));
    route(tx, fresh);
    return fresh.length;
  }

  private async fire(runtime: ObjectRuntime, timer: Timer): Promise<void> {
    switch (timer.kind) {
      case PROVIDER_TIMER:
        // Advancing the sim and applying what it reports is one transaction: a crash
        // cannot lose an event the sim already considers delivered.
        // No inbox row per event either: nothing can deliver these twice.
        await runtime.commit((tx) => route(tx, advanceSim(tx)));
        return;
      case OP_TIMER:
      case WINDOW_TIMER:
        await runtime.commit((tx) => fireTimer(tx, timer));
        return;
      case CLUSTER_OP_TIMER:
        await runtime.commit((tx) => fireClusterTimer(tx, timer));
        return;
      case CLUSTER_SYNC_TIMER:
        await syncClusterUpgrade(runtime, this.wiring.inventory, timer.payload ?? "");
        return;
      case CLUSTER_RETIRE_TIMER:
        await retireClusterUpgrade(runtime, this.wiring.inventory, timer.payload ?? "");
        return;
      case SYNC_TIMER:
        await syncOperation(
          runtime,
          this.wiring.inventory,
          timer.payload ?? "",
          operationRetentionMs(this.env),
        );
        return;
      case AS_TIMER:
        await fireAutoscalerTimer(runtime, this.wiring.inventory, timer);
        return;
      case AS_SYNC_TIMER:
        await syncAutoscalerNodes(runtime, this.wiring.inventory, timer.payload ?? "");
        return;
      case AS_RETIRE_TIMER:
        await retireAutoscalerOperation(runtime, this.wiring.inventory, timer.payload ?? "");
        return;
      case FORGET_RUN_TIMER:
        await forgetRuns(runtime, this.env);
        return;
      case RUN_REPORT_TIMER:
        await deliverRunReport(runtime, this.env, timer);
        return;
      case ROLLOUT_TIMER:
        await runRolloutPass(await this.rolloutDeps(), timer.payload ?? "");
        return;
      case RETIRE_TIMER:
        await retireOperation(runtime, this.wiring.inventory, timer.payload ?? "");
        return;
      default:
        console.warn(`fleet: no handler for timer kind ${timer.kind}`);
    }
  }
}
