import type { z } from "@hono/zod-openapi";
import type {
  FleetRolloutInput,
  RolloutConfig,
  RolloutStatus,
  ScopeRolloutInput,
} from "@regatta/contract";
import {
  type ChainLink,
  type Instant,
  maxGroupsSetting,
  validateChain,
  validateSoak,
} from "@regatta/engine";
import {
  deleteRolloutUnlessFollowed,
  fleetOfGroup,
  getDownstreamRollout,
  getFleet,
  getRollout,
  getScope,
  groupKey,
  type Inventory,
  listFleetRollouts,
  listRolloutLinks,
  putRollout,
  type RolloutRow,
  sequenceOfFleet,
} from "@regatta/inventory";
import { accepted, type Outcome, refused } from "../../outcome.ts";
import type { Upserted } from "../inventory/upserted.ts";
import type { FleetObjects } from "../operations/node-pool-upgrades.ts";

type ConfigView = z.infer<typeof RolloutConfig>;
type StatusView = z.infer<typeof RolloutStatus>;

/** Which group a request names: a fleet, or a team scope of it. */
export interface GroupTarget {
  fleet: string;
  scope?: string;
}

/** The upstream a body names, as a group key (a bare scope is in the same fleet). */
export function upstreamOf(
  target: GroupTarget,
  input: z.infer<typeof FleetRolloutInput> | z.infer<typeof ScopeRolloutInput>,
): string | undefined {
  if (target.scope === undefined) {
    return "upstreamFleet" in input ? (input.upstreamFleet ?? undefined) : undefined;
  }
  const scope = "upstreamScope" in input ? input.upstreamScope : undefined;
  if (scope === undefined || scope === null) return undefined;
  return scope.includes("/") ? scope : groupKey(target.fleet, scope);
}

async function groupExists(db: Inventory, group: string): Promise<boolean> {
  const [fleet, scope] = group.split("/");
  if (fleet === undefined || (await getFleet(db, fleet)) === undefined) return false;
  return scope === undefined || (await getScope(db, fleet, scope)) !== undefined;
}

function configView(row: RolloutRow, downstream: string | undefined): ConfigView {
  return {
    group: row.groupKey,
    upstream: row.upstream,
    downstream: downstream ?? null,
    defaultSoakSeconds: row.defaultSoakSeconds,
    soakOverrides: Object.entries(row.soakOverrides).map(([version, soakSeconds]) => ({
      version,
      soakSeconds,
    })),
  };
}

/** Runs a pass of each group now; a failure is logged, the cron catches up. */
async function wake(fleets: FleetObjects, groups: readonly string[]): Promise<void> {
  for (const group of groups) {
    try {
      await fleets.get(fleets.idFromName(fleetOfGroup(group))).rolloutEvaluate([group]);
    } catch (error) {
      console.error(`rollout: group ${group} did not evaluate`, error);
    }
  }
}

/**
 * `PUT …/rollout`: validates the whole sequence the group joins (SEQ-1 linear, acyclic,
 * at most `maxGroups`; SEQ-2 one kind; SEQ-7 soaks) before anything is written, stores
 * it, and runs a pass of the group and its upstream (which now has a downstream to tell).
 * SEQ-3/SEQ-4 are not write errors: they show as ineligible clusters in the status.
 */
export async function configureRollout(
  db: Inventory,
  fleets: FleetObjects,
  target: GroupTarget,
  input: z.infer<typeof FleetRolloutInput> | z.infer<typeof ScopeRolloutInput>,
  now: Instant,
  maxGroupsText: string | undefined,
): Promise<Outcome<Upserted<ConfigView>>> {
  const group = groupKey(target.fleet, target.scope);
  if (!(await groupExists(db, group))) {
    return refused(
      "missing",
      target.scope === undefined
        ? `fleet ${target.fleet} does not exist`
        : `team scope ${target.scope} does not exist in fleet ${target.fleet}`,
    );
  }
  const upstream = upstreamOf(target, input);
  if (upstream !== undefined && !(await groupExists(db, upstream))) {
    return refused("missing", `upstream ${upstream} does not exist`);
  }
  const soak = validateSoak(input.defaultSoakSeconds, input.soakOverrides);
  if (!soak.ok) return soak;
  const sequence = await sequenceOfFleet(db, target.fleet);
  if (sequence !== undefined) {
    return refused(
      "conflict",
      `SEQ-17: fleet ${target.fleet} is in rollout sequence ${sequence}; a fleet is in one kind of sequence at a time — take it out of ${sequence} first`,
      "SEQ-17",
    );
  }
  const kind: ChainLink["kind"] = target.scope === undefined ? "FLEET" : "SCOPE";
  const inFleet = await listFleetRollouts(db, target.fleet);
  const other = inFleet.find((row) => row.kind !== kind);
  if (other !== undefined) {
    return refused(
      "refused",
      `SEQ-2: fleet ${target.fleet} already sequences ${other.kind === "FLEET" ? "as a fleet" : `team scope ${other.groupKey}`}; a fleet's sequencing is by fleet or by team scopes, never both`,
      "SEQ-2",
    );
  }
  const links = (await listRolloutLinks(db)).map(
    (row): ChainLink => ({
      group: row.groupKey,
      kind: row.kind,
      ...(row.upstream === null ? {} : { upstream: row.upstream }),
    }),
  );
  const proposal: ChainLink = { group, kind, ...(upstream === undefined ? {} : { upstream }) };
  const chain = validateChain(links, proposal, maxGroupsSetting(maxGroupsText));
  if (!chain.ok) return chain;
  const stored = await putRollout(
    db,
    {
      groupKey: group,
      fleet: target.fleet,
      scope: target.scope ?? null,
      kind,
      upstream: upstream ?? null,
      defaultSoakSeconds: soak.value.defaultSoakSeconds,
      soakOverrides: { ...soak.value.soakOverrides },
    },
    now,
  );
  await wake(fleets, upstream === undefined ? [group] : [upstream, group]);
  const downstream = await getDownstreamRollout(db, group);
  return accepted({ created: stored.created, value: configView(stored.row, downstream?.groupKey) });
}

/** `GET …/rollout` (SEQ-13): the group's status from its fleet object, with its configuration. */
export async function readRollout(
  db: Inventory,
  fleets: FleetObjects,
  target: GroupTarget,
): Promise<Outcome<StatusView>> {
  const group = groupKey(target.fleet, target.scope);
  const row = await getRollout(db, group);
  if (row === undefined) return refused("missing", `${group} has no rollout configuration`);
  const status = await fleets.get(fleets.idFromName(target.fleet)).rolloutStatus(group);
  if (status === undefined) return refused("missing", `${group} has no rollout configuration`);
  const downstream = await getDownstreamRollout(db, group);
  return accepted({ ...status, config: configView(row, downstream?.groupKey) });
}

/**
 * `DELETE …/rollout`: takes the group out of its sequence. Refused (409, SEQ-1) while
 * another group names it upstream — that group would wait for a word that never comes.
 * The group's fleet object forgets its sequencing state on its next pass (now), and its
 * former upstream, which has no downstream any more, looks again too.
 */
export async function removeRollout(
  db: Inventory,
  fleets: FleetObjects,
  target: GroupTarget,
): Promise<Outcome<void>> {
  const group = groupKey(target.fleet, target.scope);
  const removed = await deleteRolloutUnlessFollowed(db, group);
  switch (removed.outcome) {
    case "MISSING":
      return refused("missing", `${group} has no rollout configuration`);
    case "FOLLOWED":
      return refused(
        "conflict",
        `SEQ-1: ${group} is the upstream of ${removed.follower} in a rollout sequence; give ${removed.follower} another upstream (or none), or remove it, first`,
        "SEQ-1",
      );
    case "DELETED":
      await wake(fleets, removed.upstream === null ? [group] : [group, removed.upstream]);
      return accepted(undefined);
    default:
      return removed satisfies never;
  }
}
