import { decideClusterUpgradeAll, startClusterUpgrade } from "../lifecycle/machine.ts";
import {
  type ClusterUpgrade,
  type ClusterUpgradeDecision,
  type ClusterUpgradeEvent,
  type ClusterUpgradeIntent,
  type ClusterUpgradeRequest,
  isClusterUpgradeTerminal,
  type PoolUpgradeEnded,
  workerPoolFacts,
} from "../lifecycle/types.ts";
import type { Decision } from "../machine/decision.ts";
import type { Maintenance } from "../maintenance/maintenance.ts";
import { windowInfo } from "../maintenance/window-info.ts";
import { operationOfCommand } from "../node-pool/node-commands.ts";
import { isTerminal } from "../node-pool/operation.ts";
import type { NodePoolEvent, NodePoolFacts } from "../node-pool/types.ts";
import {
  decideAll,
  type NodePoolOperation,
  type NodePoolUpgradeRequest,
  startNodePoolUpgrade,
} from "../node-pool/upgrade.ts";
import { poolNodes, workInFlight } from "../node-pool/view.ts";
import type { ProviderCommand, ProviderEvent } from "../provider/commands.ts";
import type { SimConfig } from "../provider/sim/config.ts";
import { createSim, simAdvance, simNextEventAt, simSubmit } from "../provider/sim/sim.ts";
import type { SimState } from "../provider/sim/state.ts";
import type { Instant } from "../time/instant.ts";

/**
 * A fleet object in memory, the one hosting core outside the Durable Object: cluster
 * upgrades (LIFE-3) and node-pool upgrades (NUP) run through their real machines against
 * one simulated provider, hosted the way the fleet Durable Object hosts them — commands go
 * to the sim in the transaction that decided them, a worker pool's upgrade starts in the
 * decision that asks for it, its end reaches its cluster upgrade at the same instant, the
 * pool hears its window's edges (MW-4) — in discrete-event time. Nothing leaves it. The
 * what-if plans (EXT-6, plan/) and the benchmarks run it; a benchmark times the machines
 * it is given ({@link HostMachines}) and hears every operation end ({@link HostObserver}).
 *
 * A *job* is what a waiter waits for (a run member, a rollout phase of one cluster): one
 * or more operations; it ends when all of them ended.
 */

/** The machines and the sim a host runs: the engine's own unless a caller wraps them. */
export interface HostMachines {
  startClusterUpgrade: typeof startClusterUpgrade;
  decideClusterUpgradeAll: typeof decideClusterUpgradeAll;
  startNodePoolUpgrade: typeof startNodePoolUpgrade;
  decideAll: typeof decideAll;
  simSubmit: typeof simSubmit;
  simAdvance: typeof simAdvance;
  simNextEventAt: typeof simNextEventAt;
}

/** The engine's machines and sim, as a host runs them unless told otherwise. */
export const HOST_MACHINES: HostMachines = {
  startClusterUpgrade,
  decideClusterUpgradeAll,
  startNodePoolUpgrade,
  decideAll,
  simSubmit,
  simAdvance,
  simNextEventAt,
};

type EndedOperation =
  | { kind: "cluster"; op: ClusterUpgrade }
  | { kind: "pool"; op: NodePoolOperation };

/** An operation that ended (its first terminal state), as the host saw it. */
export type HostedEnd = EndedOperation & { startedAt: Instant; endedAt: Instant };

export interface HostObserver {
  ended?(end: HostedEnd): void;
}

export interface SimFleetOptions {
  machines?: Partial<HostMachines>;
  observer?: HostObserver;
}

/** A job whose operations all ended. */
export interface JobEnd {
  job: string;
  succeeded: boolean;
  /** Why it failed, per operation. */
  message?: string;
  at: Instant;
}

/** A job that could not start: the machine refused it (a blocking preflight finding, VER). */
export interface JobRefusal {
  job: string;
  message: string;
}

interface HostedCluster {
  op: ClusterUpgrade;
  startedAt: Instant;
  /** When it first reached a terminal state (the observer heard it then). */
  endedAt?: Instant;
  job: string;
  pools: Record<string, NodePoolFacts>;
  maintenance: Maintenance | undefined;
  wakeAt: Instant | undefined;
  inbox: PoolUpgradeEnded[];
}

interface HostedPool {
  op: NodePoolOperation;
  startedAt: Instant;
  /** When it first reached a terminal state (the observer heard it then). */
  endedAt?: Instant;
  /** The cluster upgrade that started it, or the job it belongs to directly. */
  owner: { cluster: string } | { job: string };
  maintenance: Maintenance | undefined;
  wakeAt: Instant | undefined;
  /** MW-4: the window's next edge, when the pool learns it opened or closed. */
  windowEdge: Instant | undefined;
}

/**
 * Whether a pool's timers still fire: as in the fleet, an ended operation with nothing in
 * flight has nothing left to wake for (a failed one still does while its nodes finish).
 */
function awake(pool: HostedPool): boolean {
  return !isTerminal(pool.op.header.state) || workInFlight(pool.op) > 0;
}

interface Job {
  open: Set<string>;
  failures: string[];
}

export class SimFleet {
  private sim: SimState;
  private now: Instant;
  private readonly clusters = new Map<string, HostedCluster>();
  private readonly pools = new Map<string, HostedPool>();
  private readonly jobs = new Map<string, Job>();
  private ended: JobEnd[] = [];
  private count = 0;
  private readonly machines: HostMachines;
  private readonly observer: HostObserver;

  constructor(config: SimConfig, now: Instant, options: SimFleetOptions = {}) {
    this.sim = createSim(config, now);
    this.now = now;
    this.machines = { ...HOST_MACHINES, ...options.machines };
    this.observer = options.observer ?? {};
  }

  /**
   * A cluster upgrade for `job` at `now`, as the fleet starts one (update-run member,
   * rollout control-plane phase); `pools` are the worker pools' facts its intents plan from.
   */
  startCluster(
    job: string,
    request: Omit<ClusterUpgradeRequest, "operationId">,
    maintenance: Maintenance | undefined,
    now: Instant,
  ): JobRefusal | undefined {
    this.moveTo(now);
    const operationId = this.nextId();
    const started = this.machines.startClusterUpgrade({ ...request, operationId }, now);
    if (!started.ok) return { job, message: started.error.detail };
    this.jobs.set(job, { open: new Set([operationId]), failures: [] });
    const hosted: HostedCluster = {
      op: started.value.state,
      startedAt: now,
      job,
      pools: Object.fromEntries(request.facts.pools.map((p) => [p.pool, p])),
      maintenance,
      wakeAt: undefined,
      inbox: [],
    };
    this.clusters.set(operationId, hosted);
    this.saveCluster(hosted, started.value);
    return undefined;
  }

  /**
   * Node-pool upgrades for `job` at `now`, started one after another as the fleet does for
   * a NodeImageOnly member or a rollout's node phase; the first refusal stops the rest and
   * refuses the job when nothing started.
   */
  startPools(
    job: string,
    requests: readonly Omit<NodePoolUpgradeRequest, "operationId" | "window">[],
    maintenance: Maintenance | undefined,
    now: Instant,
  ): JobRefusal | undefined {
    this.moveTo(now);
    const record: Job = { open: new Set(), failures: [] };
    this.jobs.set(job, record);
    for (const request of requests) {
      const operationId = this.nextId();
      const window = windowInfo(maintenance, now);
      const started = this.machines.startNodePoolUpgrade(
        window === undefined ? { ...request, operationId } : { ...request, operationId, window },
        now,
      );
      if (!started.ok) {
        if (record.open.size === 0) {
          this.jobs.delete(job);
          return { job, message: started.error.detail };
        }
        break;
      }
      record.open.add(operationId);
      const hosted: HostedPool = {
        op: started.value.state,
        startedAt: now,
        owner: { job },
        maintenance,
        wakeAt: undefined,
        windowEdge: undefined,
      };
      this.pools.set(operationId, hosted);
      this.savePool(hosted, started.value);
    }
    if (record.open.size === 0) {
      this.jobs.delete(job);
      return { job, message: "no node pool needed an upgrade" };
    }
    return undefined;
  }

  /** When something next happens: the sim's next report, a machine's wake-up, a window edge. */
  nextAt(): Instant | undefined {
    let next = this.machines.simNextEventAt(this.sim);
    const consider = (at: Instant | undefined) => {
      if (at !== undefined && (next === undefined || at < next)) next = at;
    };
    for (const c of this.clusters.values()) {
      if (isClusterUpgradeTerminal(c.op.state)) continue;
      consider(c.wakeAt);
      if (c.inbox.length > 0) consider(this.now);
    }
    for (const p of this.pools.values()) {
      if (!awake(p)) continue;
      consider(p.wakeAt);
      consider(p.windowEdge);
    }
    return next === undefined ? undefined : Math.max(next, this.now);
  }

  /** Runs everything due at or before `at`, in order; returns the jobs that ended. */
  advance(at: Instant): JobEnd[] {
    for (;;) {
      const next = this.nextAt();
      if (next === undefined || next > at) break;
      this.step(next);
    }
    this.moveTo(at);
    const ended = this.ended;
    this.ended = [];
    return ended;
  }

  /** Jobs still running. */
  get running(): number {
    return this.jobs.size;
  }

  private moveTo(now: Instant): void {
    if (now > this.now) this.now = now;
  }

  private nextId(): string {
    this.count += 1;
    return `plan-${this.count}`;
  }

  /** One instant: the sim's reports, then each machine's due timer, until none is due. */
  private step(at: Instant): void {
    this.moveTo(at);
    const advanced = this.machines.simAdvance(this.sim, at);
    this.sim = advanced.state;
    this.route(advanced.events);
    for (const pool of this.pools.values()) {
      if (!awake(pool)) continue;
      const events: NodePoolEvent[] = [];
      if (pool.windowEdge !== undefined && pool.windowEdge <= at) {
        pool.windowEdge = undefined;
        events.push({
          type: "WINDOW",
          at,
          window: windowInfo(pool.maintenance, at) ?? { openUntil: null },
        });
      }
      if (pool.wakeAt !== undefined && pool.wakeAt <= at) {
        pool.wakeAt = undefined;
        events.push({ type: "TICK", at });
      }
      if (events.length > 0) this.savePool(pool, this.machines.decideAll(pool.op, events, at));
    }
    for (const cluster of this.clusters.values()) {
      if (isClusterUpgradeTerminal(cluster.op.state)) continue;
      const due =
        cluster.inbox.length > 0 || (cluster.wakeAt !== undefined && cluster.wakeAt <= at);
      if (!due) continue;
      const events: ClusterUpgradeEvent[] =
        cluster.inbox.length > 0 ? cluster.inbox : [{ type: "TICK", at }];
      cluster.inbox = [];
      cluster.wakeAt = undefined;
      this.saveCluster(cluster, this.machines.decideClusterUpgradeAll(cluster.op, events, at));
    }
    this.forgetEnded();
  }

  /** Machines that ended and wait for nothing more leave the plan (it stays fast at scale). */
  private forgetEnded(): void {
    for (const [id, pool] of this.pools) {
      if (awake(pool)) continue;
      const owner = "cluster" in pool.owner ? this.clusters.get(pool.owner.cluster) : undefined;
      if (owner === undefined || owner.inbox.length === 0) this.pools.delete(id);
    }
    for (const [id, cluster] of this.clusters) {
      if (isClusterUpgradeTerminal(cluster.op.state)) this.clusters.delete(id);
    }
  }

  /** Provider reports to the operation their command id names (`<operation>:…`). */
  private route(events: readonly ProviderEvent[]): void {
    const byCluster = new Map<string, ClusterUpgradeEvent[]>();
    const byPool = new Map<string, NodePoolEvent[]>();
    for (const event of events) {
      if (event.type === "NODE_PREEMPTED") continue;
      const id = operationOfCommand(event.commandId);
      if (id === undefined) continue;
      if (this.clusters.has(id)) byCluster.set(id, [...(byCluster.get(id) ?? []), event]);
      else if (this.pools.has(id)) byPool.set(id, [...(byPool.get(id) ?? []), event]);
    }
    for (const [id, list] of byCluster) {
      const hosted = this.clusters.get(id)!;
      this.saveCluster(hosted, this.machines.decideClusterUpgradeAll(hosted.op, list, this.now));
    }
    for (const [id, list] of byPool) {
      const hosted = this.pools.get(id)!;
      this.savePool(hosted, this.machines.decideAll(hosted.op, list, this.now));
    }
  }

  private submit(commands: readonly ProviderCommand[]): void {
    if (commands.length > 0) this.sim = this.machines.simSubmit(this.sim, commands, this.now);
  }

  /** As the fleet's cluster-upgrade host saves: commands out, worker pools started now. */
  private saveCluster(hosted: HostedCluster, first: ClusterUpgradeDecision): void {
    let decision = first;
    for (;;) {
      hosted.op = decision.state;
      this.submit(decision.commands);
      const answers = decision.intents.map((intent) => this.startWorkerPool(hosted, intent));
      if (answers.length === 0) break;
      decision = this.machines.decideClusterUpgradeAll(hosted.op, answers, this.now);
    }
    hosted.wakeAt = decision.wakeAt;
    if (isClusterUpgradeTerminal(hosted.op.state)) {
      hosted.wakeAt = undefined;
      this.heardEnd(hosted, { kind: "cluster", op: hosted.op });
      const failure =
        hosted.op.state === "SUCCEEDED" ? undefined : (hosted.op.error ?? hosted.op.state);
      this.operationEnded(hosted.job, hosted.op.id, failure);
    }
  }

  /** START_POOL_UPGRADE: the pool's own strategy and its drains (best effort in place only, LIFE-6). */
  private startWorkerPool(
    hosted: HostedCluster,
    intent: ClusterUpgradeIntent,
  ): ClusterUpgradeEvent {
    const operationId = this.nextId();
    const facts = hosted.pools[intent.pool];
    const failed = (error: string): ClusterUpgradeEvent => ({
      type: "POOL_UPGRADE_ENDED",
      pool: intent.pool,
      operationId,
      state: "FAILED",
      error,
      at: this.now,
    });
    if (facts === undefined)
      return failed(`node pool ${intent.pool} is not in the upgrade's facts`);
    const window = windowInfo(hosted.maintenance, this.now);
    const request: NodePoolUpgradeRequest = {
      operationId,
      pool: workerPoolFacts(facts, intent),
      target: intent.target,
      ...(window === undefined ? {} : { window }),
    };
    const started = this.machines.startNodePoolUpgrade(request, this.now);
    if (!started.ok) return failed(started.error.detail);
    const pool: HostedPool = {
      op: started.value.state,
      startedAt: this.now,
      owner: { cluster: hosted.op.id },
      maintenance: hosted.maintenance,
      wakeAt: undefined,
      windowEdge: undefined,
    };
    this.pools.set(operationId, pool);
    this.savePool(pool, started.value);
    return { type: "POOL_UPGRADE_STARTED", pool: intent.pool, operationId, at: this.now };
  }

  /** As the fleet's node-pool host saves: commands out, its timer and window edge set. */
  private savePool(hosted: HostedPool, decision: Decision<NodePoolOperation>): void {
    const wasTerminal = isTerminal(hosted.op.header.state) && hosted.op !== decision.state;
    hosted.op = decision.state;
    this.submit(decision.commands);
    hosted.wakeAt = decision.wakeAt;
    const header = hosted.op.header;
    if (!isTerminal(header.state)) {
      const window = windowInfo(hosted.maintenance, this.now);
      hosted.windowEdge = window?.openUntil ?? window?.nextOpenAt;
      return;
    }
    hosted.windowEdge = undefined;
    this.heardEnd(hosted, { kind: "pool", op: hosted.op });
    if (wasTerminal) return;
    if ("job" in hosted.owner) {
      const failure = header.state === "SUCCEEDED" ? undefined : (header.error ?? header.state);
      this.operationEnded(hosted.owner.job, header.id, failure);
      return;
    }
    const owner = this.clusters.get(hosted.owner.cluster);
    if (owner === undefined) return;
    const versions: Record<string, number> = {};
    for (const node of poolNodes(hosted.op)) {
      if (node.state === "DELETING") continue;
      versions[node.version] = (versions[node.version] ?? 0) + 1;
    }
    const ended: PoolUpgradeEnded = {
      type: "POOL_UPGRADE_ENDED",
      pool: header.pool,
      operationId: header.id,
      state: header.state,
      nodeVersions: versions,
      at: this.now,
    };
    if (header.error !== undefined) ended.error = header.error;
    owner.inbox.push(ended);
  }

  /** Tells the observer of an operation's first terminal state, once. */
  private heardEnd(hosted: { startedAt: Instant; endedAt?: Instant }, end: EndedOperation): void {
    if (hosted.endedAt !== undefined) return;
    hosted.endedAt = this.now;
    this.observer.ended?.({ ...end, startedAt: hosted.startedAt, endedAt: this.now });
  }

  private operationEnded(job: string, operation: string, failure: string | undefined): void {
    const record = this.jobs.get(job);
    if (record === undefined || !record.open.delete(operation)) return;
    if (failure !== undefined) record.failures.push(`${operation}: ${failure}`);
    if (record.open.size > 0) return;
    this.jobs.delete(job);
    const end: JobEnd = { job, succeeded: record.failures.length === 0, at: this.now };
    if (record.failures.length > 0) end.message = record.failures.join("; ");
    this.ended.push(end);
  }
}
