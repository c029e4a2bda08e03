import type { Result } from "../rules/violation.ts";
import { ok, refuse } from "../rules/violation.ts";

/** SEQ-1: GKE's limit on groups in one sequence, the default of a deployment. */
export const DEFAULT_MAX_GROUPS = 3;
/** SEQ-1: the most groups a deployment may allow. */
export const MAX_GROUPS_LIMIT = 10;

/** One group's place in a sequence: its name, what it is, and its upstream. */
export interface ChainLink {
  /** A fleet name, or `fleet/scope` for a team scope. */
  group: string;
  kind: "FLEET" | "SCOPE";
  upstream?: string;
}

function upstreamOf(links: ReadonlyMap<string, ChainLink>, group: string): string | undefined {
  return links.get(group)?.upstream;
}

/** The fleet of a group key (`fleet` or `fleet/scope`). */
function fleetOf(group: string): string {
  const slash = group.indexOf("/");
  return slash < 0 ? group : group.slice(0, slash);
}

/**
 * SEQ-2: the first two scopes of `chain` in one fleet. Seed 000: a team-scope sequence
 * qualifies a team's clusters from fleet to fleet; one with several team scopes of a
 * single fleet is not supported.
 */
function sameFleetScopes(chain: readonly string[]): [string, string] | undefined {
  const seen = new Map<string, string>();
  for (const group of chain) {
    const first = seen.get(fleetOf(group));
    if (first !== undefined) return [first, group];
    seen.set(fleetOf(group), group);
  }
  return undefined;
}

/**
 * SEQ-1/SEQ-2: checks the sequence `proposal` would join, given every other group's link,
 * and returns it head first. Linear (one upstream, one downstream), acyclic, all of one
 * kind (team scopes: one per fleet), at most `maxGroups` long; an upstream must itself be
 * configured.
 *
 * @example validateChain([{ group: "testing", kind: "FLEET" }], { group: "staging", kind: "FLEET", upstream: "testing" }) // ok(["testing", "staging"])
 */
export function validateChain(
  others: readonly ChainLink[],
  proposal: ChainLink,
  maxGroups: number = DEFAULT_MAX_GROUPS,
): Result<string[]> {
  const links = new Map<string, ChainLink>();
  for (const link of others) if (link.group !== proposal.group) links.set(link.group, link);
  links.set(proposal.group, proposal);
  const { upstream } = proposal;
  if (upstream !== undefined) {
    if (upstream === proposal.group) {
      return refuse("SEQ-1", "refused", `SEQ-1: ${proposal.group} cannot be its own upstream`);
    }
    const up = links.get(upstream);
    if (up === undefined) {
      return refuse(
        "SEQ-1",
        "refused",
        `SEQ-1: upstream ${upstream} has no rollout configuration; configure it first`,
      );
    }
    if (up.kind !== proposal.kind) {
      return refuse(
        "SEQ-2",
        "refused",
        `SEQ-2: a sequence is all fleets or all team scopes; ${proposal.group} is a ${proposal.kind.toLowerCase()} and ${upstream} a ${up.kind.toLowerCase()}`,
      );
    }
    const sibling = [...links.values()].find(
      (link) => link.group !== proposal.group && link.upstream === upstream,
    );
    if (sibling !== undefined) {
      return refuse(
        "SEQ-1",
        "refused",
        `SEQ-1: ${upstream} already has downstream ${sibling.group}; a sequence cannot branch`,
      );
    }
  }
  const chain = [proposal.group];
  const seen = new Set(chain);
  for (let at = upstream; at !== undefined; at = upstreamOf(links, at)) {
    if (seen.has(at)) {
      return refuse(
        "SEQ-1",
        "refused",
        `SEQ-1: ${proposal.group} → ${upstream} would close a cycle (${[at, ...chain].join(" → ")})`,
      );
    }
    seen.add(at);
    chain.unshift(at);
  }
  const downstreamOf = new Map<string, string>();
  for (const link of links.values()) {
    if (link.upstream !== undefined) downstreamOf.set(link.upstream, link.group);
  }
  for (let at = downstreamOf.get(proposal.group); at !== undefined; at = downstreamOf.get(at)) {
    if (seen.has(at)) {
      return refuse(
        "SEQ-1",
        "refused",
        `SEQ-1: ${proposal.group} would close a cycle through ${at}`,
      );
    }
    seen.add(at);
    chain.push(at);
  }
  if (proposal.kind === "SCOPE") {
    const clash = sameFleetScopes(chain);
    if (clash !== undefined) {
      return refuse(
        "SEQ-2",
        "refused",
        `SEQ-2: a team-scope sequence takes one team scope per fleet; ${clash[0]} and ${clash[1]} are both in fleet ${fleetOf(clash[0])}`,
      );
    }
  }
  if (chain.length > maxGroups) {
    return refuse(
      "SEQ-1",
      "refused",
      `SEQ-1: the sequence ${chain.join(" → ")} has ${chain.length} groups; at most ${maxGroups} are allowed`,
    );
  }
  return ok(chain);
}

/**
 * SEQ-1: the deployment's group limit from its setting, refusing values outside 1..10.
 *
 * @example maxGroupsSetting("5") // 5
 */
export function maxGroupsSetting(text: string | undefined): number {
  const value = text === undefined ? Number.NaN : Number(text);
  return Number.isInteger(value) && value >= 1 && value <= MAX_GROUPS_LIMIT
    ? value
    : DEFAULT_MAX_GROUPS;
}
