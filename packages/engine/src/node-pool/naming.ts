import { fnv1a } from "../collections/fnv.ts";
/**
 * The prefix of the nodes an operation creates: `${pool}-${tag}-` with a short tag
 * derived from the operation id, lengthened until no existing node name starts with it,
 * so new names never clash with the pool's nodes and every name (and with it every
 * command id) stays unique within the operation.
 *
 * @example newNodePrefix("pool-a", "op-17", ["pool-a-1"]) // "pool-a-k2c9f-"
 */
export function newNodePrefix(
  pool: string,
  operationId: string,
  existing: Iterable<string>,
): string {
  const names = [...existing];
  let tag = hashTag(operationId);
  for (;;) {
    const prefix = `${pool}-${tag}-`;
    if (!names.some((name) => name.startsWith(prefix))) return prefix;
    tag += "x";
  }
}

function hashTag(text: string): string {
  return fnv1a(text).toString(36).padStart(5, "0").slice(-5);
}

/** True when two configs are the same node configuration. @example sameConfig(a, a) // true */
export function sameConfig(
  a: { version: string; nodeImage: string },
  b: { version: string; nodeImage: string },
): boolean {
  return a.version === b.version && a.nodeImage === b.nodeImage;
}

/**
 * Nodes ordered zone by zone in turn (a1, b1, a2, b2, …), names sorted within a zone,
 * so a blue-green batch or a parallel drain spreads its disruption over the zones.
 *
 * @example interleaveZones([a1, a2, b1]).map((n) => n.name) // ["a1", "b1", "a2"]
 */
export function interleaveZones<T extends { name: string; zone: string }>(
  nodes: readonly T[],
): T[] {
  const byZone = new Map<string, T[]>();
  for (const node of [...nodes].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const list = byZone.get(node.zone);
    if (list === undefined) byZone.set(node.zone, [node]);
    else list.push(node);
  }
  const zones = [...byZone.keys()].sort().map((zone) => byZone.get(zone)!);
  const out: T[] = [];
  for (let i = 0; out.length < nodes.length; i++) {
    for (const list of zones) if (i < list.length) out.push(list[i]!);
  }
  return out;
}
