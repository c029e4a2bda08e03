import type { AutoscalerDecision, AutoscalerNode, Instant, ProviderCommand } from "@regatta/engine";
import type { ClusterFacts, PoolFacts } from "./facts.ts";
import type { HostState } from "./state.ts";

/** Turns the pass's actions into provider commands and remembers what is in flight. */
export function actuate(
  host: HostState,
  decision: AutoscalerDecision,
  facts: ClusterFacts,
  nodes: readonly AutoscalerNode[],
  now: Instant,
): ProviderCommand[] {
  const cluster = facts.name;
  const commands: ProviderCommand[] = [];
  const poolFacts = new Map<string, PoolFacts>(facts.pools.map((p) => [p.pool.name, p]));
  const taken = new Set(nodes.map((n) => n.name));
  for (const action of decision.actions) {
    const pool = poolFacts.get(action.pool);
    if (!pool) continue;
    if (action.type === "SCALE_UP") {
      const config = action.config ?? { version: pool.version, nodeImage: pool.nodeImage };
      for (const zone of Object.keys(action.zones).sort()) {
        for (let i = 0; i < (action.zones[zone] ?? 0); i++) {
          const node = nodeName(host, action.pool, taken);
          const command = `${host.id}:${node}:create`;
          host.inflight[node] = {
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
            machineType: pool.pool.machine.machineType,
          });
        }
      }
      continue;
    }
    for (const node of action.nodes) {
      if (host.inflight[node]) continue;
      const zone = nodes.find((n) => n.name === node)?.zone ?? "";
      const command = `${host.id}:${node}:drain`;
      host.inflight[node] = {
        pool: action.pool,
        zone,
        step: "DRAIN",
        command,
        since: now,
        config: { version: pool.version, nodeImage: pool.nodeImage },
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
  return commands;
}

/** A new node's name: `<pool>-as-<n>`, unique in the cluster. */
function nodeName(host: HostState, pool: string, taken: Set<string>): string {
  for (;;) {
    host.seq += 1;
    const name = `${pool.slice(0, 50)}-as-${host.seq.toString(36)}`;
    if (!taken.has(name) && !host.inflight[name]) {
      taken.add(name);
      return name;
    }
  }
}
