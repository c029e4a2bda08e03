import {
  clusterUpgradeView,
  type Maintenance,
  type NodePoolUpgradeRequest,
  type PreemptTarget,
  type ProviderEvent,
  type ProvisioningRequest,
  type QualificationMessage,
  type StartMemberIntent,
} from "@regatta/engine";
import { preemptSim } from "../../providers/sim/state.ts";
import type { ObjectRuntime } from "../../runtime/runtime.ts";
import type { Timer, Tx } from "../../runtime/types.ts";
import { PlanningClaims } from "../planning.ts";
import { WatchedObject } from "../watched-object.ts";
import { ObjectWiring } from "../wiring.ts";

/** The provider events an executor reports on one of its commands (not preemptions). */
type CommandReport = Exclude<ProviderEvent, { type: "NODE_PREEMPTED" }>;

import * as autoscaler from "./autoscaler/rpc.ts";
import {
  applyEvents,
  FLEET_CAPABILITIES,
  FLEET_TABLE,
  packsFleetState,
  routeEvents,
} from "./capabilities.ts";
import type { FleetContext } from "./capability.ts";
import * as clusterUpgrades from "./cluster-upgrade/rpc.ts";
import * as nodePools from "./node-pool/rpc.ts";
import { commandsRefused, eventKey } from "./provider/index.ts";
import * as rollout from "./rollout/rpc.ts";
import * as runs from "./run-members/rpc.ts";

/**
 * One fleet: a shell around the capabilities installed in it (capabilities.ts). It loads
 * the runtime, hands each due timer, provider event, tick and deleted cluster to the
 * capabilities through their table, and its RPC methods only delegate to their rooms.
 */
export class FleetObject extends WatchedObject {
  protected readonly wiring = new ObjectWiring(this.env, this.ctx.storage, {
    packs: packsFleetState,
    identity: { kind: "fleet", name: this.ctx.id.name },
    watch: this.ctx,
  });
  private readonly carryingOut = new Set<string>();
  /** SEC-3: the what-if plan of this fleet being computed now, and until when it may be. */
  private readonly planning = new PlanningClaims();

  /** The platform alarm: run every due timer. */
  override async alarm(): Promise<void> {
    await this.tick();
  }

  /** Due timers, then each capability's tick; the alarm, the cron and the sim clock call it. */
  async tick(): Promise<{ fired: number; failed: number }> {
    const fleet = await this.context();
    const outcome = await fleet.runtime.runAlarm();
    for (const capability of FLEET_CAPABILITIES) await capability.onTick?.(fleet);
    return outcome;
  }

  /** Intake of one provider event (sim or webhook callback); duplicates are ignored. */
  async receiveEvent(event: ProviderEvent): Promise<{ applied: boolean }> {
    return { applied: await this.inTx((tx) => applyEvents(tx, [event]) > 0) };
  }

  /**
   * SEC-7: an executor's report, taken only on a command this fleet sent it and that has
   * no final answer yet. A repeat of a report already taken is acknowledged and ignored;
   * anything else (a command never sent, or answered already) is refused, changing nothing.
   */
  async receiveCallback(event: CommandReport): Promise<{ applied: boolean } | { refused: string }> {
    return this.inTx((tx) => {
      if (tx.seen(eventKey(event))) return { applied: false };
      if (!tx.awaits(event.commandId)) {
        return {
          refused: `SEC-7: command ${event.commandId} is not awaiting a report: this fleet did not send it to an executor, or it was answered already`,
        };
      }
      return { applied: applyEvents(tx, [event]) > 0 };
    });
  }

  // Node-pool upgrades (NUP).
  async startNodePoolUpgrade(
    request: NodePoolUpgradeRequest,
    maintenance: Maintenance | undefined,
    poolUid?: string,
  ) {
    const context = { maintenance, poolUid, retentionMs: this.retentionMs() };
    return this.inTx((tx) => nodePools.startPoolUpgrade(tx, request, context));
  }
  async controlNodePool(cluster: string, pool: string, control: nodePools.PoolControl) {
    return this.inTx((tx) => nodePools.controlPool(tx, cluster, pool, control));
  }
  async operation(id: string) {
    return this.inTx((tx) => nodePools.getOperation(tx, id));
  }
  async liveNodes(cluster: string, pools: string[]) {
    return this.inTx((tx) => nodePools.liveNodes(tx, cluster, pools));
  }
  /** The pool was deleted: its operation ends and writes nothing back (its id, if any). */
  async nodePoolDeleted(cluster: string, pool: string) {
    return this.inTx((tx) => {
      autoscaler.wakeAutoscaler(tx, cluster);
      return nodePools.detachPool(tx, cluster, pool, this.retentionMs());
    });
  }
  /** A node pool was created or changed: the autoscaler looks at the cluster again. */
  async nodePoolPut(cluster: string, autoscaled: boolean): Promise<void> {
    await this.inTx((tx) => autoscaler.wakeAutoscaler(tx, cluster, autoscaled));
  }
  /** The cluster was put again (its profile, its version): the autoscaler looks again. */
  async clusterPut(cluster: string): Promise<void> {
    await this.inTx((tx) => autoscaler.wakeAutoscaler(tx, cluster));
  }

  /** The cluster was deleted: every capability lets go of it, in one transaction. */
  async clusterDeleted(cluster: string, pools: readonly string[]): Promise<void> {
    const retentionMs = this.retentionMs();
    await this.inTx((tx) => {
      for (const c of FLEET_CAPABILITIES) c.clusterDeleted?.(tx, cluster, pools, retentionMs);
    });
  }

  // Cluster upgrades (LIFE).
  async startClusterUpgrade(start: Omit<clusterUpgrades.ClusterUpgradeStart, "retentionMs">) {
    const retentionMs = this.retentionMs();
    return this.inTx((tx) => clusterUpgrades.startClusterOperation(tx, { ...start, retentionMs }));
  }
  /** LIFE-3: the operator stops a running cluster upgrade. */
  async cancelClusterUpgrade(id: string) {
    return this.inTx((tx) => clusterUpgrades.cancelClusterOperation(tx, id));
  }
  /** LIFE-3: retries a failed cluster upgrade from its failed component. */
  async resumeClusterUpgrade(id: string, poolOperationIds: Record<string, string>) {
    return this.inTx((tx) => clusterUpgrades.resumeClusterOperation(tx, id, poolOperationIds));
  }
  /** LIFE-4: the cluster's latest upgrade as its status shows it, with the operation id. */
  async clusterUpgradeStatus(cluster: string) {
    return this.inTx((tx) => {
      const op = clusterUpgrades.getClusterUpgrade(tx, cluster);
      return (
        op && {
          operation: op.id,
          state: op.state,
          ...(op.reason === undefined ? {} : { reason: op.reason }),
          ...clusterUpgradeView(op),
        }
      );
    });
  }
  async clusterUpgrade(id: string) {
    return this.inTx((tx) => clusterUpgrades.getClusterOperation(tx, id));
  }
  async recordPreflight(result: clusterUpgrades.StoredPreflight) {
    return this.inTx((tx) => clusterUpgrades.recordPreflight(tx, result));
  }
  async preflight(cluster: string) {
    return this.inTx((tx) => clusterUpgrades.lastPreflight(tx, cluster));
  }

  // Update runs (RUN): strategies, the runs index, members.
  async putUpdateStrategy(strategy: runs.StoredStrategy) {
    return this.inTx((tx) => runs.putStrategy(tx, strategy));
  }
  async updateStrategy(name: string) {
    return this.inTx((tx) => runs.getStrategy(tx, name));
  }
  async deleteUpdateStrategy(name: string) {
    return this.inTx((tx) => runs.deleteStrategy(tx, name));
  }
  /** Reserves a run name in the fleet's index (409 when taken). */
  async registerUpdateRun(fleet: string, name: string, createdAt: number) {
    return this.inTx((tx) => runs.registerRun(tx, fleet, name, createdAt));
  }
  async unregisterUpdateRun(name: string): Promise<void> {
    await this.inTx((tx) => runs.unregisterRun(tx, name));
  }
  async updateRuns() {
    return this.inTx((tx) => runs.listRuns(tx));
  }
  /** RUN-8: a run's state changed (its own delivery; the fleet never polls runs). */
  async runStateChanged(report: runs.RunStateReport): Promise<boolean> {
    await this.inTx((tx) => runs.noteRunState(tx, report, this.retentionMs()));
    return true;
  }
  /** EXT-7: sends the provider's HEALTH_CHECK for a run member; the answer goes to the run. */
  async checkRunMemberHealth(request: runs.RunHealthRequest): Promise<void> {
    await this.inTx((tx) => runs.checkRunMemberHealth(tx, request));
  }
  /** RUN-5: starts a run member's upgrade here, watched for the run (a repeat answers the same). */
  async startRunMember(owner: runs.RunOwner, intent: StartMemberIntent) {
    return runs.startRunMember(await this.context(), owner, intent);
  }
  /** A run's batch of member starts (RUN-5), answered in order. */
  async startRunMembers(run: { fleet: string; run: string }, intents: StartMemberIntent[]) {
    return runs.startRunMembers(await this.context(), run, intents);
  }

  // The cluster autoscaler (CA).
  async putWorkloads(cluster: string, put: autoscaler.WorkloadsPut) {
    return autoscaler.receiveWorkloads(await this.ready(), this.wiring.inventory, cluster, put);
  }
  async evaluateAutoscaler(cluster: string) {
    const runtime = await this.ready();
    return autoscaler.evaluateAutoscaler(runtime, this.wiring.inventory, cluster, "evaluate");
  }
  /** CA-14: a ProvisioningRequest, decided on in a pass now. */
  async requestProvisioning(cluster: string, request: ProvisioningRequest) {
    const runtime = await this.ready();
    return autoscaler.submitProvisioning(runtime, this.wiring.inventory, cluster, request);
  }
  /** CA-17: recorded decisions, newest first. */
  async autoscalerDecisions(cluster: string, options: autoscaler.DecisionFilter) {
    return this.inTx((tx) => autoscaler.listDecisions(tx, cluster, options));
  }
  async workloadPods(cluster: string, offset: number, limit: number) {
    return this.inTx((tx) => autoscaler.autoscalerPods(tx, cluster, offset, limit));
  }
  /** A cluster's autoscaler as an operation (running, or ended and not yet retired). */
  async autoscalerOperation(id: string) {
    return this.inTx((tx) => autoscaler.getAutoscalerOperation(tx, id));
  }

  // Rollout sequencing (SEQ).
  /** Runs a pass of each named rollout group now (configuration, release, cron). */
  async rolloutEvaluate(groups: readonly string[]): Promise<void> {
    const fleet = await this.context();
    for (const group of groups) await rollout.runRolloutPass(fleet, group);
  }
  /** SEQ-8: the upstream group's word to `group`; kept, then heard on the next pass. */
  async rolloutUpstream(group: string, message: QualificationMessage): Promise<void> {
    await rollout.receiveUpstream(await this.context(), group, message);
  }
  /** EXT-6: a group's sequencing state, for a what-if plan (nothing is written). */
  async rolloutSnapshot(group: string) {
    return rollout.readGroupState(await this.context(), group);
  }
  /**
   * SEQ-19: starts the cluster phases a rollout sequence's stages asked for, each watched
   * for the sequence; answers each start at its index (a repeat answers STARTED).
   */
  async startSequencePhases(
    sequence: string,
    intents: readonly rollout.PhaseIntent[],
  ): Promise<rollout.PhaseStart[]> {
    return rollout.startSequencePhases(await this.context(), sequence, intents);
  }

  /** SEQ-13: a group's rollout status, or undefined when it has no configuration. */
  async rolloutStatus(group: string) {
    return rollout.readRolloutStatus(await this.context(), group);
  }

  /** SEC-3: one plan of this fleet at a time, whichever isolate computes it. */
  async claimPlanning(forMs: number): Promise<string | undefined> {
    return this.planning.claim(forMs);
  }
  async releasePlanning(claim: string): Promise<void> {
    this.planning.release(claim);
  }

  /** Sim only: a spot or flex-start node goes away (NUP-11; spot after its notice). */
  async preempt(target: PreemptTarget): Promise<void> {
    await this.inTx((tx) => preemptSim(tx, target));
  }

  /** Test and operator visibility: the object's clock and pending work. */
  async inspect() {
    return (await this.ready()).inspect();
  }

  private retentionMs(): number {
    return nodePools.operationRetentionMs(this.env);
  }

  private async inTx<R>(change: (tx: Tx) => R): Promise<R> {
    return (await this.ready()).commit(change);
  }

  private async context(): Promise<FleetContext> {
    return this.contextOf(await this.ready());
  }

  private contextOf(runtime: ObjectRuntime): FleetContext {
    return {
      name: this.ctx.id.name ?? "",
      runtime,
      inventory: this.wiring.inventory,
      env: this.env,
      retentionMs: this.retentionMs(),
      carryingOut: this.carryingOut,
      route: routeEvents,
    };
  }

  protected async ready(): Promise<ObjectRuntime> {
    const runtime = await this.wiring.ready();
    // A timer fires inside a run of this runtime, which was made ready when the run began:
    // making it ready again per timer would re-read the clock and the provider's settings
    // from D1 for every firing.
    runtime.handleTimers((timer) => this.fire(runtime, timer), {
      onBatchSetAside: (tx, batch, why) => applyEvents(tx, commandsRefused(batch, why, tx.now)),
    });
    return runtime;
  }

  private fire(runtime: ObjectRuntime, timer: Timer): Promise<void> {
    return FLEET_TABLE.fire(this.contextOf(runtime), timer);
  }
}
