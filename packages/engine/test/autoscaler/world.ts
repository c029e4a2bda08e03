import {
  type AutoscalerDecision,
  type AutoscalerInput,
  type AutoscalerNode,
  type AutoscalerPod,
  effectiveRequests,
} from "../../src/index.ts";

/**
 * A tiny cluster for stories: applies a decision's actions (new nodes register at once,
 * removed nodes go with their pods unassigned) and schedules unassigned pods first fit
 * by CPU, memory and pod slots, as a scheduler would.
 */
export function apply(
  world: AutoscalerInput,
  decision: AutoscalerDecision,
  options: { schedule: boolean; followPlan?: boolean } = { schedule: true },
): AutoscalerInput {
  let nodes = [...world.nodes];
  let pods = [...world.pods];
  let counter = nodes.length;
  for (const action of decision.actions) {
    if (action.type === "SCALE_UP") {
      for (const planned of action.newNodes) {
        const added: AutoscalerNode = {
          name: `${action.pool}-${String(counter++).padStart(4, "0")}`,
          pool: action.pool,
          zone: planned.zone,
          state: "READY",
        };
        if (action.color) added.color = action.color;
        nodes.push(added);
        if (options.followPlan) {
          const mine = new Set(planned.pods);
          pods = pods.map((p) =>
            mine.has(`${p.namespace ?? "default"}/${p.name}`) ? { ...p, node: added.name } : p,
          );
        }
      }
    } else {
      const gone = new Set(action.nodes);
      nodes = nodes.filter((n) => !gone.has(n.name));
      pods = pods.map((p) => (p.node !== undefined && gone.has(p.node) ? withoutNode(p) : p));
    }
  }
  const next = { ...world, nodes, pods, state: decision.state };
  return options.schedule ? schedule(next) : next;
}

function withoutNode(pod: AutoscalerPod): AutoscalerPod {
  const { node: _gone, ...rest } = pod;
  return rest;
}

/** First-fit scheduling of unassigned pods onto READY nodes. */
export function schedule(world: AutoscalerInput): AutoscalerInput {
  const pools = new Map(world.pools.map((p) => [p.name, p]));
  const used = new Map<string, { cpu: number; mem: number; pods: number }>();
  for (const n of world.nodes) used.set(n.name, { cpu: 0, mem: 0, pods: 0 });
  for (const p of world.pods) {
    const u = p.node === undefined ? undefined : used.get(p.node);
    if (!u) continue;
    const r = effectiveRequests(p);
    u.cpu += r.cpuMillis;
    u.mem += r.memoryMiB;
    u.pods += 1;
  }
  const pods = world.pods.map((p) => {
    if (p.node !== undefined && used.has(p.node)) return p;
    const r = effectiveRequests(p);
    const target = world.nodes.find((n) => {
      const machine = pools.get(n.pool)?.machine;
      const u = used.get(n.name);
      return (
        n.state === "READY" &&
        machine !== undefined &&
        u !== undefined &&
        u.cpu + r.cpuMillis <= machine.cpuMillis &&
        u.mem + r.memoryMiB <= machine.memoryMiB &&
        u.pods < (pools.get(n.pool)?.maxPodsPerNode ?? 110)
      );
    });
    if (!target) return p;
    const u = used.get(target.name) as { cpu: number; mem: number; pods: number };
    u.cpu += r.cpuMillis;
    u.mem += r.memoryMiB;
    u.pods += 1;
    return { ...p, node: target.name };
  });
  return { ...world, pods };
}

/** Nodes per pool. */
export function sizes(world: AutoscalerInput): Record<string, number> {
  const out: Record<string, number> = {};
  for (const n of world.nodes) out[n.pool] = (out[n.pool] ?? 0) + 1;
  return out;
}

/** Pods per pool of the node they run on. */
export function podsPerPool(world: AutoscalerInput): Record<string, number> {
  const poolOf = new Map(world.nodes.map((n) => [n.name, n.pool]));
  const out: Record<string, number> = {};
  for (const p of world.pods) {
    const pool = p.node === undefined ? "pending" : (poolOf.get(p.node) ?? "pending");
    out[pool] = (out[pool] ?? 0) + 1;
  }
  return out;
}
