import {
  CHANNELS,
  type Channel,
  type ChannelTargets,
  compareVersions,
  currentEndOfLife,
  currentTargets,
  type GroupFacts,
  type Instant,
  type SequencedCluster,
  tryParseVersion,
} from "@regatta/engine";
import {
  allPages,
  fleetPoolVersions,
  getDownstreamRollout,
  getRollout,
  type Inventory,
  listChannelReleases,
  listClustersByFleet,
  listReleaseRegions,
} from "../queries/index.ts";

/** A group key: the fleet, or `fleet/scope` for a team scope. */
export function groupKey(fleet: string, scope?: string): string {
  return scope === undefined ? fleet : `${fleet}/${scope}`;
}

/** The fleet that owns a group (its object runs the group). */
export function fleetOfGroup(group: string): string {
  return group.split("/")[0] ?? group;
}

function lowest(versions: readonly string[]): string | undefined {
  let low: string | undefined;
  for (const version of versions) {
    const parsed = tryParseVersion(version);
    const current = low === undefined ? undefined : tryParseVersion(low);
    if (parsed !== undefined && (current === undefined || compareVersions(parsed, current) < 0)) {
      low = version;
    }
  }
  return low;
}

/**
 * Everything the sequencing engine reads for one group, from the inventory: its
 * configuration and neighbours, its clusters with their lowest node version (SEQ-6),
 * channel targets (CH-1) and region availability (CH-3). Undefined when the group has no
 * rollout configuration.
 */
export async function loadGroupFacts(
  db: Inventory,
  group: string,
): Promise<GroupFacts | undefined> {
  const config = await getRollout(db, group);
  if (config === undefined) return undefined;
  const [downstream, rows, pools, regionRows] = await Promise.all([
    getDownstreamRollout(db, group),
    allPages((page) => listClustersByFleet(db, config.fleet, page)),
    fleetPoolVersions(db, config.fleet),
    listReleaseRegions(db),
  ]);
  const members =
    config.scope === null ? rows : rows.filter((row) => row.scopes.includes(config.scope ?? ""));
  const poolVersions = new Map<string, string[]>();
  // SEQ-8: a row's last write is no earlier than the version it shows, so a cluster
  // upgraded by hand soaks from then at the earliest (never too short).
  const poolsSince = new Map<string, number>();
  for (const pool of pools) {
    poolVersions.set(pool.cluster, [...(poolVersions.get(pool.cluster) ?? []), pool.version]);
    poolsSince.set(pool.cluster, Math.max(poolsSince.get(pool.cluster) ?? 0, pool.updatedAt));
  }
  const clusters = members.map((row): SequencedCluster => {
    const cluster: SequencedCluster = {
      name: row.name,
      channel: row.releaseChannel,
      scopeCount: row.scopes.length,
      version: row.statusVersion,
      versionSince: row.updatedAt,
      region: row.region,
      deprecatedApiUsage: row.deprecatedApiUsage,
    };
    const nodeVersion = lowest(poolVersions.get(row.name) ?? []);
    if (nodeVersion !== undefined) cluster.nodeVersion = nodeVersion;
    const nodesSince = poolsSince.get(row.name);
    if (nodesSince !== undefined) cluster.nodeVersionSince = nodesSince;
    if (row.maintenance) cluster.maintenance = row.maintenance;
    return cluster;
  });
  const targets: Partial<Record<Channel, ChannelTargets>> = {};
  const endOfLife: Partial<Record<Channel, Record<string, Instant>>> = {};
  const published: Partial<Record<Channel, string[]>> = {};
  const targetSince: Record<string, Instant> = {};
  for (const channel of CHANNELS) {
    if (!clusters.some((cluster) => cluster.channel === channel)) continue;
    const releases = await listChannelReleases(db, channel);
    targets[channel] = currentTargets(releases, channel);
    // CH-2: end-of-life dates (stored as RFC 3339) and what the channel publishes.
    endOfLife[channel] = currentEndOfLife(
      releases.map((release) => ({
        name: release.name,
        channel: release.channel,
        endOfLife: Object.fromEntries(
          Object.entries(release.endOfLife).map(([minor, at]) => [minor, Date.parse(at)]),
        ),
      })),
      channel,
    );
    published[channel] = [
      ...new Set(releases.flatMap((r) => [...Object.values(r.targets), ...r.versions])),
    ];
    for (const release of releases) {
      for (const version of Object.values(release.targets)) {
        const known = Object.hasOwn(targetSince, version) ? targetSince[version] : undefined;
        targetSince[version] = Math.min(known ?? release.createdAt, release.createdAt);
      }
    }
  }
  const availability: Record<string, string[]> = {};
  for (const { regions } of regionRows) {
    for (const [version, list] of Object.entries(regions)) {
      availability[version] = [...new Set([...(availability[version] ?? []), ...list])];
    }
  }
  const facts: GroupFacts = {
    group,
    kind: config.kind,
    defaultSoakSeconds: config.defaultSoakSeconds,
    soakOverrides: config.soakOverrides,
    targets,
    endOfLife,
    published,
    availability,
    targetSince,
    clusters,
  };
  if (config.upstream !== null) {
    facts.upstream = config.upstream;
    // SEQ-1: a DELETE refuses while followed, but a follower's write may race it.
    if ((await getRollout(db, config.upstream)) === undefined) facts.upstreamMissing = true;
  }
  if (downstream !== undefined) facts.downstream = downstream.groupKey;
  return facts;
}
