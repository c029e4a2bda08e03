import {
  type AutoscalerNode,
  type AutoscalerPod,
  type AutoscalerPool,
  type AutoscalerState,
  autoscalerNodeView,
  bindableNodes,
  type DecisionLogHead,
  type DecisionRecord,
  emptyDecisionLog,
  evaluateCluster,
  evictFromLeaving,
  foldPass,
  type Instant,
  initialAutoscalerState,
  isNewScaleUpFailure,
  type NodeInFlight,
  nextInFlightStep,
  nextScanAt,
  nextScanTick,
  onScanGrid,
  overdueSteps,
  type PoolTemplate,
  type ProviderCommand,
  placePods,
  planActuation,
  recordScaleUpFailure,
} from "../../src/index.ts";

/**
 * A cluster, its provider and a host of the autoscaler, for comparing two schedules of
 * passes over the same world (CA-17, DESIGN "Time"): the brute loop, a pass at every tick
 * of the scan grid, and the event-driven one, a pass only at explicit triggers, at
 * changes (rounded up to the grid) and at `nextScanAt`. The host does what the fleet
 * object's autoscaler room does (workers/control-plane/src/objects/fleet/autoscaler):
 * forced drains (CA-8), placement of pending pods, a pass, its commands, evictions, the
 * decision log folded as the room folds it; the provider answers each command after a
 * delay drawn from its id, refuses creates of a pool while its quota is out (CA-4), and
 * never answers some drains (CA-8).
 */

/** The agent's snapshot at `at` (an explicit trigger): the pods by name. */
export interface Snapshot {
  at: Instant;
  pods: AutoscalerPod[];
}

export interface Scenario {
  pools: AutoscalerPool[];
  nodes: AutoscalerNode[];
  /** The first is at `start`: the cluster's first pass. */
  snapshots: Snapshot[];
  /** `POST …/autoscaler/evaluate` (explicit triggers). */
  evaluations: Instant[];
  /** Creates of these pools are refused with QUOTA_EXCEEDED until `quotaUntil`. */
  quotaPools: string[];
  quotaUntil: Instant;
  /** One drain in this many (by its id) is never answered: CA-8 forces it. */
  stuckDrainEvery: number;
  /** Creates take up to this long to answer (past 15 min: a provision timeout, CA-4). */
  maxCreateMs: number;
  seed: number;
  start: Instant;
  horizon: Instant;
}

/** A log entry as the room keeps it. */
export type Logged = DecisionRecord & { id: number; until?: Instant };

export interface Run {
  log: Logged[];
  passes: number;
  nodes: string[];
}

interface Answer {
  at: Instant;
  order: number;
  command: ProviderCommand;
  ok: boolean;
}

const OPERATION = "op";
const CLUSTER = "c1";

/** FNV-1a of the command id and the seed: the provider's dice. */
function dice(id: string, seed: number): number {
  let h = 2166136261 ^ seed;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export type Schedule = "brute" | "events";

/** Runs the scenario to its horizon with passes on `schedule`; the log and what it cost. */
export function runScenario(s: Scenario, schedule: Schedule): Run {
  let nodes = s.nodes.map((n) => ({ ...n }));
  let pods: AutoscalerPod[] = [];
  let engine: AutoscalerState = initialAutoscalerState();
  let inFlight: Record<string, NodeInFlight> = {};
  let seq = 0;
  let interval = 10_000;
  let head: DecisionLogHead = emptyDecisionLog();
  const log: Logged[] = [];
  const byId = new Map<number, Logged>();
  const answers: Answer[] = [];
  let order = 0;
  let passes = 0;
  const templates = new Map<string, PoolTemplate>(
    s.pools.map((p) => [
      p.name,
      {
        machineType: p.machine.machineType,
        config: { version: "1.33.2-gke.1000", nodeImage: "cos-1" },
      },
    ]),
  );

  const append = (records: readonly DecisionRecord[]): void => {
    for (const r of records) {
      const entry = { ...r, id: head.next };
      head = { ...head, next: head.next + 1 };
      log.push(entry);
      byId.set(entry.id, entry);
    }
  };
  const send = (commands: readonly ProviderCommand[], now: Instant): void => {
    for (const command of commands) {
      const roll = dice(command.id, s.seed);
      let delay: number;
      let ok = true;
      switch (command.type) {
        case "CREATE_NODE":
          delay = 20_000 + (roll % s.maxCreateMs);
          ok = !(s.quotaPools.includes(command.pool) && now < s.quotaUntil);
          break;
        case "DRAIN_NODE":
          if (command.respectPdb && roll % s.stuckDrainEvery === 0) continue;
          delay = 30_000 + (roll % 270_000);
          break;
        default:
          delay = 10_000 + (roll % 80_000);
      }
      answers.push({ at: now + delay, order: order++, command, ok });
    }
  };

  /** One pass at `now`, as the room's `decide`; returns when the next is due. */
  const pass = (now: Instant): Instant | undefined => {
    passes += 1;
    const overdue = overdueSteps(OPERATION, CLUSTER, inFlight, now);
    if (overdue.length > 0) {
      inFlight = { ...inFlight };
      for (const step of overdue) inFlight[step.node] = step.flight;
      send(
        overdue.map((step) => step.command),
        now,
      );
      append(
        overdue.map((step) => ({
          at: now,
          pool: step.pool,
          action: "SCALE_DOWN" as const,
          delta: 0,
          nodes: [step.node],
          reason: step.reason,
          blockedBy: "CA-8" as const,
        })),
      );
    }
    const view = autoscalerNodeView({
      stored: nodes,
      unsynced: { added: [], removed: new Set() },
      pools: s.pools,
      upgrades: new Map(),
      inFlight,
    });
    const placed = placePods(pods, bindableNodes(view.nodes, view.pools)).pods;
    const decision = evaluateCluster(
      {
        cluster: { name: CLUSTER, controlPlaneVersion: "1.33.2-gke.1000" },
        pools: view.pools,
        nodes: view.nodes,
        pods: placed,
        state: engine,
      },
      now,
    );
    engine = decision.state;
    const plan = planActuation({
      operationId: OPERATION,
      cluster: CLUSTER,
      actions: decision.actions,
      templates,
      nodes: view.nodes,
      inFlight,
      seq,
      now,
    });
    inFlight = plan.inFlight;
    seq = plan.seq;
    send(plan.commands, now);
    pods = evictFromLeaving(placed, inFlight).pods;
    const folded = foldPass(head, decision.records);
    for (const id of folded.closed) {
      const entry = byId.get(id);
      if (entry) entry.until = now;
    }
    for (const index of folded.fresh) {
      const entry = {
        ...(decision.records[index] as DecisionRecord),
        id: folded.ids[index] as number,
      };
      log.push(entry);
      byId.set(entry.id, entry);
    }
    head = folded.head;
    interval = decision.scanIntervalMs;
    return nextScanAt({ decision, inFlight }, now);
  };

  /** A provider answer, as the room's `applyAutoscalerEvents`; true when it was awaited. */
  const answer = (a: Answer, now: Instant): boolean => {
    const entry = Object.entries(inFlight).find(([, f]) => f.command === a.command.id);
    if (!entry) return false;
    const [node, flight] = entry;
    const next = nextInFlightStep(OPERATION, CLUSTER, node, flight, a.ok);
    inFlight = { ...inFlight };
    if (next === undefined) delete inFlight[node];
    else {
      inFlight[node] = next.flight;
      send([next.command], now);
    }
    if (flight.step === "CREATE") {
      if (a.ok)
        nodes = [...nodes, { name: node, pool: flight.pool, zone: flight.zone, state: "READY" }];
      else if (isNewScaleUpFailure(engine, flight.pool, flight.since)) {
        engine = recordScaleUpFailure(engine, flight.pool, "scale.up.error.quota.exceeded", now);
        append([
          {
            at: now,
            pool: flight.pool,
            action: "BACKOFF",
            delta: 0,
            reason: `quota exceeded; pool ${flight.pool} backs off until ${engine.backoff[flight.pool]?.until}`,
            blockedBy: "CA-4",
          },
        ]);
      }
    }
    if (flight.step === "DELETE" && a.ok) nodes = nodes.filter((n) => n.name !== node);
    return true;
  };

  const triggers = [
    ...s.snapshots.map((snap, i) => ({
      at: snap.at,
      order: i,
      snapshot: snap as Snapshot | undefined,
    })),
    ...s.evaluations.map((at, i) => ({ at, order: s.snapshots.length + i, snapshot: undefined })),
  ].sort((a, b) => a.at - b.at || a.order - b.order);
  let timer: Instant | undefined;
  let tick = onScanGrid(s.start, interval);
  let started = false;
  for (;;) {
    const nextAnswer = Math.min(...answers.map((a) => a.at));
    const nextTrigger = triggers[0]?.at ?? Number.POSITIVE_INFINITY;
    const nextPass = !started
      ? Number.POSITIVE_INFINITY
      : schedule === "brute"
        ? tick
        : (timer ?? Number.POSITIVE_INFINITY);
    const now = Math.min(nextAnswer, nextTrigger, nextPass);
    if (!(now <= s.horizon)) break;
    // At one instant: the provider's answers first, then the scan, then requests.
    const due = answers.filter((a) => a.at === now).sort((a, b) => a.order - b.order);
    for (const a of due) answers.splice(answers.indexOf(a), 1);
    for (const a of due) {
      if (answer(a, now) && started) {
        timer = Math.min(timer ?? Number.POSITIVE_INFINITY, onScanGrid(now, interval));
      }
    }
    if (started && schedule === "brute" && tick === now) {
      pass(now);
      tick = nextScanTick(now, interval);
    }
    if (started && schedule === "events" && timer === now) timer = pass(now);
    while (triggers[0]?.at === now) {
      const trigger = triggers.shift()!;
      if (trigger.snapshot) pods = merge(pods, trigger.snapshot.pods);
      timer = pass(now);
      if (!started) {
        started = true;
        tick = nextScanTick(now, interval);
      }
    }
  }
  return { log, passes, nodes: nodes.map((n) => n.name).sort() };
}

/** The agent's snapshot replaces the pods; a pod it still lists stays where it ran. */
function merge(
  before: readonly AutoscalerPod[],
  snapshot: readonly AutoscalerPod[],
): AutoscalerPod[] {
  const where = new Map(before.map((p) => [p.name, p.node]));
  return snapshot.map((p) => {
    const node = where.get(p.name);
    return node === undefined ? { ...p } : { ...p, node };
  });
}
