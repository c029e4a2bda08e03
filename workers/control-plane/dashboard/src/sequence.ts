import { type ApiUrl, apiPath } from "@regatta/client";
import { getJson } from "./api.ts";
import type { RolloutView } from "./types.ts";

/** A rollout group's status path: a fleet (`prod`) or one of its team scopes (`prod/payments`). */
export function rolloutPath(group: string): ApiUrl {
  const [fleet = "", scope] = group.split("/");
  return scope
    ? apiPath("/v1/fleets/{fleet}/scopes/{scope}/rollout", { fleet, scope })
    : apiPath("/v1/fleets/{fleet}/rollout", { fleet });
}

/** The fleet a rollout group belongs to. */
export const fleetOf = (group: string): string => group.split("/")[0] ?? group;

/** SEQ-1 allows no cycle, but a page must never loop on a misread chain. */
const MAX_CHAIN = 16;

/**
 * The whole sequence a group is in, upstream first, read group by group from the
 * API (each group names its neighbours, SEQ-1). A group the token cannot read ends
 * the walk on that side.
 */
export async function chainOf(group: RolloutView): Promise<RolloutView[]> {
  const read = (name: string) => getJson<RolloutView>(rolloutPath(name)).catch(() => undefined);
  const chain = [group];
  for (let up = group.upstream; up && chain.length < MAX_CHAIN; ) {
    const found = await read(up);
    if (!found) break;
    chain.unshift(found);
    up = found.upstream;
  }
  for (let down = group.downstream; down && chain.length < MAX_CHAIN; ) {
    const found = await read(down);
    if (!found) break;
    chain.push(found);
    down = found.downstream;
  }
  return chain;
}

/**
 * Names in rollout order: each fleet chain upstream first (chains by their head's name),
 * then the fleets of each sequence with custom stages in stage order (`staged`, one list
 * per sequence), then the names in no sequence, alphabetically.
 */
export function sequenceOrder(
  rollouts: ReadonlyMap<string, RolloutView | undefined>,
  staged: readonly (readonly string[])[] = [],
): string[] {
  const byGroup = new Map<string, RolloutView>();
  for (const rollout of rollouts.values()) if (rollout) byGroup.set(rollout.group, rollout);
  const heads = [...byGroup.values()]
    .filter((r) => !r.upstream || !byGroup.has(r.upstream))
    .sort((a, b) => a.group.localeCompare(b.group));
  const order: string[] = [];
  for (const head of heads) {
    for (let r: RolloutView | undefined = head; r && order.length <= byGroup.size; ) {
      const fleet = fleetOf(r.group);
      if (!order.includes(fleet) && rollouts.has(fleet)) order.push(fleet);
      r = r.downstream ? byGroup.get(r.downstream) : undefined;
    }
  }
  for (const fleets of staged) {
    for (const fleet of fleets)
      if (!order.includes(fleet) && rollouts.has(fleet)) order.push(fleet);
  }
  const rest = [...rollouts.keys()].filter((name) => !order.includes(name)).sort();
  return [...order, ...rest];
}
