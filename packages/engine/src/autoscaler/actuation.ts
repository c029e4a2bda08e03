import { FORCED_DRAIN_LIMIT } from "../node-pool/operation.ts";
import type { NodeConfig } from "../node-pool/types.ts";
import type { ProviderCommand } from "../provider/commands.ts";
import { type Instant, MINUTE, SECOND } from "../time/instant.ts";
import type { AutoscalerNode, NodeInFlight, ScalingAction } from "./types.ts";

/**
 * The actuator's plan: which provider commands a pass's actions become, and which nodes
 * are in flight because of them (kubernetes/autoscaler's scale-down Actuator, without
 * its effects). A scale-up is one CREATE_NODE per node, all at once (CA-3); a scale-down
 * drains each node honouring PDBs within its graceful termination (CA-8), then deletes
 * it; a node still being created that did not register in time is deleted at once
 * (CA-4). The host sends the commands and keeps the in-flight nodes as its status.
 */

/** What new nodes of a pool are made of. */
export interface PoolTemplate {
  machineType: string;
  /** What they run unless the action says otherwise (NUP-12: green's config). */
  config: NodeConfig;
}

/** What the plan starts from. */
export interface ActuationInput {
  /** The cluster's autoscaler operation: every command id starts with it. */
  operationId: string;
  cluster: string;
  actions: readonly ScalingAction[];
  /** Pools new nodes can be made of; an action on any other pool is left out. */
  templates: ReadonlyMap<string, PoolTemplate>;
  /** The nodes the pass saw (their names are taken). */
  nodes: readonly AutoscalerNode[];
  inFlight: Readonly<Record<string, NodeInFlight>>;
  /** The counter new node names are drawn from. */
  seq: number;
  now: Instant;
}

/** The commands to send and the status to keep. */
export interface ActuationPlan {
  commands: ProviderCommand[];
  /** Every node in flight after the commands: those before and the new ones. */
  inFlight: Record<string, NodeInFlight>;
  seq: number;
}

/**
 * @example planActuation({ operationId: "op-1", cluster: "c1", actions: [scaleUpOne], templates, nodes: [], inFlight: {}, seq: 0, now }).commands[0].id // "op-1:pool-a-as-1:create"
 */
export function planActuation(input: ActuationInput): ActuationPlan {
  const { operationId, cluster, now } = input;
  const inFlight: Record<string, NodeInFlight> = { ...input.inFlight };
  const commands: ProviderCommand[] = [];
  const zoneOf = new Map(input.nodes.map((n) => [n.name, n.zone]));
  const taken = new Set(zoneOf.keys());
  let seq = input.seq;
  // `<pool>-as-<n>`, unique in the cluster.
  const nodeName = (pool: string): string => {
    for (;;) {
      seq += 1;
      const name = `${pool.slice(0, 50)}-as-${seq.toString(36)}`;
      if (!taken.has(name) && !Object.hasOwn(inFlight, name)) {
        taken.add(name);
        return name;
      }
    }
  };
  for (const action of input.actions) {
    const template = input.templates.get(action.pool);
    if (!template) continue;
    if (action.type === "SCALE_UP") {
      const config = action.config ?? template.config;
      for (const zone of Object.keys(action.zones).sort()) {
        for (let i = 0; i < (action.zones[zone] ?? 0); i++) {
          const node = nodeName(action.pool);
          const command = `${operationId}:${node}:create`;
          inFlight[node] = {
            pool: action.pool,
            zone,
            step: "CREATE",
            command,
            since: now,
            config,
            ...(action.color ? { color: action.color } : {}),
          };
          commands.push({
            type: "CREATE_NODE",
            id: command,
            cluster,
            pool: action.pool,
            zone,
            node,
            version: config.version,
            nodeImage: config.nodeImage,
            machineType: template.machineType,
          });
        }
      }
      continue;
    }
    for (const node of action.nodes) {
      const creating = inFlight[node];
      if (creating?.step === "CREATE") {
        // CA-4: a node that did not register in time is a failed scale up; it runs no
        // pod, so it is deleted at once (upstream deletes the unregistered instance).
        const command = `${operationId}:${node}:delete`;
        inFlight[node] = { ...creating, step: "DELETE", command, since: now };
        commands.push({
          type: "DELETE_NODE",
          id: command,
          cluster,
          pool: creating.pool,
          zone: creating.zone,
          node,
        });
        continue;
      }
      if (Object.hasOwn(inFlight, node)) continue;
      const command = `${operationId}:${node}:drain`;
      inFlight[node] = {
        pool: action.pool,
        zone: zoneOf.get(node) ?? "",
        step: "DRAIN",
        command,
        since: now,
        config: template.config,
        graceSeconds: action.gracefulTerminationSeconds,
      };
      commands.push({
        type: "DRAIN_NODE",
        id: command,
        cluster,
        pool: action.pool,
        node,
        respectPdb: true,
        graceSeconds: action.gracefulTerminationSeconds,
      });
    }
  }
  return { commands, inFlight, seq };
}

/**
 * The provider answered the command a node in flight waits on. A drain that finished is
 * followed by the delete; one that did not finish within the graceful termination is
 * forced, once, without PDBs (CA-8); a forced drain that fails, a create and a delete
 * are done either way. Returns the node's next step and its command, or undefined when
 * the node leaves the in-flight set.
 *
 * @example nextInFlightStep("op-1", "c1", "n1", draining, true)?.command.type // "DELETE_NODE"
 */
export function nextInFlightStep(
  operationId: string,
  cluster: string,
  node: string,
  flight: NodeInFlight,
  succeeded: boolean,
): { flight: NodeInFlight; command: ProviderCommand } | undefined {
  switch (flight.step) {
    case "CREATE":
    case "DELETE":
      return undefined;
    case "DRAIN":
    case "DRAIN_FORCED": {
      const step = succeeded ? "DELETE" : flight.step === "DRAIN" ? "DRAIN_FORCED" : undefined;
      if (step === undefined) return undefined;
      const command = `${operationId}:${node}:${step.toLowerCase()}`;
      const next: NodeInFlight = { ...flight, step, command };
      return step === "DELETE"
        ? {
            flight: next,
            command: {
              type: "DELETE_NODE",
              id: command,
              cluster,
              pool: flight.pool,
              zone: flight.zone,
              node,
            },
          }
        : {
            flight: next,
            command: {
              type: "DRAIN_NODE",
              id: command,
              cluster,
              pool: flight.pool,
              node,
              respectPdb: false,
              graceSeconds: flight.graceSeconds ?? 0,
            },
          };
    }
    default:
      return flight.step satisfies never;
  }
}

/**
 * When a node in flight needs the actuator without waiting for an answer (CA-8): a
 * drain still honouring PDBs when its graceful termination ends is forced; a forced
 * drain still stuck {@link FORCED_DRAIN_LIMIT} after that is given up and the node
 * deleted (the node goes with whatever pods are left, as node-pool upgrades do, NUP-3).
 * Undefined for steps that only an answer moves on.
 *
 * @example stepDeadline(draining) // draining.since + 600 s for a 10-minute grace
 */
export function stepDeadline(flight: NodeInFlight): Instant | undefined {
  const grace = (flight.graceSeconds ?? 0) * SECOND;
  switch (flight.step) {
    case "DRAIN":
      return flight.since + grace;
    case "DRAIN_FORCED":
      return flight.since + grace + FORCED_DRAIN_LIMIT;
    case "CREATE":
    case "DELETE":
      return undefined;
    default:
      return flight.step satisfies never;
  }
}

/** The earliest {@link stepDeadline} of the nodes in flight, or undefined. */
export function nextStepDeadline(
  inFlight: Readonly<Record<string, NodeInFlight>>,
): Instant | undefined {
  let next: Instant | undefined;
  for (const flight of Object.values(inFlight)) {
    const due = stepDeadline(flight);
    if (due !== undefined && (next === undefined || due < next)) next = due;
  }
  return next;
}

/** A step the actuator takes on its own because a deadline passed. */
export interface OverdueStep {
  node: string;
  pool: string;
  /** The node's next state in flight. */
  flight: NodeInFlight;
  command: ProviderCommand;
  /** CA-17: why, for the decision log. */
  reason: string;
}

/**
 * CA-8: "if the node cannot be terminated gracefully within the limit, it is terminated
 * by force" (seed 001). Every drain whose graceful termination ran out by `now` is sent
 * again without PDBs; every forced drain stuck past its own limit is followed by the
 * delete. Nodes in name order; `inFlight` is left as it was.
 *
 * @example overdueSteps("op-1", "c1", { n1: draining }, draining.since + 600_000)[0].command.type // "DRAIN_NODE" (respectPdb false)
 */
export function overdueSteps(
  operationId: string,
  cluster: string,
  inFlight: Readonly<Record<string, NodeInFlight>>,
  now: Instant,
): OverdueStep[] {
  const steps: OverdueStep[] = [];
  for (const node of Object.keys(inFlight).sort()) {
    const flight = inFlight[node] as NodeInFlight;
    const due = stepDeadline(flight);
    if (due === undefined || now < due) continue;
    const forced = flight.step === "DRAIN";
    // A drain that did not finish is forced; a forced one given up is treated as done.
    const next = nextInFlightStep(operationId, cluster, node, flight, !forced);
    if (next === undefined) continue;
    const minutes = `${Math.round(((flight.graceSeconds ?? 0) * SECOND) / MINUTE)} min`;
    const reason = forced
      ? `CA-8: node ${node} still draining after ${minutes} of graceful termination: drain forced, PodDisruptionBudgets no longer honoured`
      : `CA-8: forced drain of node ${node} still stuck ${Math.round(FORCED_DRAIN_LIMIT / MINUTE)} min later: the node is deleted with the pods left on it`;
    steps.push({ node, pool: flight.pool, ...next, reason });
  }
  return steps;
}
