import {
  CHANNELS,
  type Channel,
  type ChannelTargets,
  compareVersions,
  currentEndOfLife,
  currentTargets,
  type GroupFacts,
  type Instant,
  type ReleaseFacts,
  type SequenceCluster,
  type SequencedCluster,
  type SequenceFacts,
  sequenceFleets,
  tryParseVersion,
} from "@regatta/engine";
import {
  allPages,
  type ClusterRow,
  fleetPoolVersions,
  getDownstreamRollout,
  getRollout,
  getRolloutSequence,
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

/** A fleet's clusters as sequencing reads them, with the rows they came from. */
async function fleetClusters(
  db: Inventory,
  fleet: string,
): Promise<{ row: ClusterRow; cluster: SequencedCluster }[]> {
  const [rows, pools] = await Promise.all([
    allPages((page) => listClustersByFleet(db, fleet, page)),
    fleetPoolVersions(db, fleet),
  ]);
  const poolVersions = new Map<string, string[]>();
  // SEQ-8: a row's last write is no earlier than the version it shows, so a cluster
  // upgraded by hand soaks from then at the earliest (never too short).
  const poolsSince = new Map<string, number>();
  for (const pool of pools) {
    poolVersions.set(pool.cluster, [...(poolVersions.get(pool.cluster) ?? []), pool.version]);
    poolsSince.set(pool.cluster, Math.max(poolsSince.get(pool.cluster) ?? 0, pool.updatedAt));
  }
  return rows.map((row) => {
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
    return { row, cluster };
  });
}

/**
 * What every group reads alike of the releases: each channel's targets (CH-1), end of
 * life and published versions (CH-2), when each target became one (SEQ-8), and region
 * availability (CH-3). Only the channels of `clusters` are read.
 */
async function releaseFacts(
  db: Inventory,
  clusters: readonly SequencedCluster[],
): Promise<ReleaseFacts> {
  const regionRows = await listReleaseRegions(db);
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
  return { targets, endOfLife, published, availability, targetSince };
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
  const [downstream, all] = await Promise.all([
    getDownstreamRollout(db, group),
    fleetClusters(db, config.fleet),
  ]);
  const clusters = all
    .filter(({ row }) => config.scope === null || row.scopes.includes(config.scope))
    .map(({ cluster }) => cluster);
  const facts: GroupFacts = {
    group,
    kind: config.kind,
    defaultSoakSeconds: config.defaultSoakSeconds,
    soakOverrides: config.soakOverrides,
    ...(await releaseFacts(db, clusters)),
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

/**
 * Everything a rollout sequence's pass reads (SEQ-19): its stages and every cluster of
 * every fleet they name, with labels (SEQ-16), and the releases. Undefined when the
 * sequence does not exist (any more).
 */
export async function loadSequenceFacts(
  db: Inventory,
  sequence: string,
): Promise<SequenceFacts | undefined> {
  const row = await getRolloutSequence(db, sequence);
  if (row === undefined) return undefined;
  const fleets = sequenceFleets(row.stages);
  const perFleet = await Promise.all(fleets.map((fleet) => fleetClusters(db, fleet)));
  const clusters = perFleet.flat().map(
    ({ row: cluster, cluster: sequenced }): SequenceCluster => ({
      ...sequenced,
      fleet: cluster.fleet,
      labels: cluster.labels,
    }),
  );
  return {
    sequence,
    stages: row.stages,
    clusters,
    releases: await releaseFacts(db, clusters),
  };
}
