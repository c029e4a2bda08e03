/** What identifies a node the inventory names. */
export interface NodeNameParts {
  cluster: string;
  pool: string;
  zone: string;
  /** Position of the node in its zone, from 0. */
  index: number;
  /** 0 for a pool's first nodes; a replacement (surge, blue-green green) uses n > 0. */
  generation?: number;
}

/**
 * Deterministic node name `<cluster>-<pool>-<zone>-<index>` with the index zero-padded
 * to four digits so a zone's nodes sort in order (`prod-default-europe-west1-b-0007`);
 * replacements append `-g<generation>` and sort next to the node they replace
 * (`…-0007-g1`). Names are unique per cluster as long as no pool-and-zone pair reads
 * the same as another (`a-b` + `c` vs `a` + `b-c`), and are not shortened to 63
 * characters.
 *
 * @example nodeName({ cluster: "prod", pool: "default", zone: "us-east1-b", index: 3 })
 * // "prod-default-us-east1-b-0003"
 */
export function nodeName(parts: NodeNameParts): string {
  if (!Number.isInteger(parts.index) || parts.index < 0) {
    throw new RangeError(`node index ${parts.index} is not a non-negative integer`);
  }
  const base = `${parts.cluster}-${parts.pool}-${parts.zone}-${String(parts.index).padStart(4, "0")}`;
  const generation = parts.generation ?? 0;
  return generation > 0 ? `${base}-g${generation}` : base;
}

/** A node a pool should have: its name and zone. */
export interface PlannedNode {
  name: string;
  zone: string;
}

/**
 * The nodes of a pool with `nodeCount` nodes in each of `zones`, zone by zone.
 *
 * @example plannedNodeNames("prod", "default", ["a", "b"], 1)
 * // [{ name: "prod-default-a-0000", zone: "a" }, { name: "prod-default-b-0000", zone: "b" }]
 */
export function plannedNodeNames(
  cluster: string,
  pool: string,
  zones: readonly string[],
  nodeCount: number,
): PlannedNode[] {
  return zones.flatMap((zone) =>
    Array.from({ length: nodeCount }, (_, index) => ({
      name: nodeName({ cluster, pool, zone, index }),
      zone,
    })),
  );
}
