import {
  type Availability,
  type Candidate,
  type FleetMembership,
  isTerminalState,
  type MemberDeparture,
  type MemberPool,
  type UpdateRun,
} from "@regatta/engine";
import {
  getCluster,
  type Inventory,
  listFleetNodePoolImages,
  selectFleetClusterFacts,
  selectReleases,
} from "../queries/index.ts";
import { availabilityOf, loadAvailability } from "./availability.ts";

/**
 * The fleet's clusters with their pools and `updateGroup`, by name, as a run sees them:
 * its candidates at creation (RUN-1, RUN-3) and its members' facts later (EXT-8).
 */
export async function fleetCandidates(db: Inventory, fleet: string): Promise<Candidate[]> {
  const [clusters, pools] = await db.batch([
    selectFleetClusterFacts(db, fleet),
    listFleetNodePoolImages(db, fleet),
  ]);
  return candidatesOf(clusters, pools);
}

type ClusterFactsRow = Awaited<ReturnType<typeof selectFleetClusterFacts>>[number];
type PoolImageRow = Awaited<ReturnType<typeof listFleetNodePoolImages>>[number];

function candidatesOf(
  clusters: readonly ClusterFactsRow[],
  pools: readonly PoolImageRow[],
): Candidate[] {
  const poolsOf = new Map<string, MemberPool[]>();
  for (const pool of pools) {
    const list = poolsOf.get(pool.cluster) ?? [];
    list.push({ name: pool.name, nodeImage: pool.nodeImage, version: pool.version });
    poolsOf.set(pool.cluster, list);
  }
  return clusters.map((cluster) => {
    const candidate: Candidate = {
      facts: {
        cluster: cluster.name,
        region: cluster.region,
        version: cluster.statusVersion,
        pools: poolsOf.get(cluster.name) ?? [],
        ...(cluster.maintenance ? { maintenance: cluster.maintenance } : {}),
      },
    };
    if (cluster.updateGroup) candidate.updateGroup = cluster.updateGroup;
    return candidate;
  });
}

/** The clusters of `run`'s members that have not finished (none for a finished run). */
function unfinishedMembers(run: UpdateRun): Set<string> {
  if (isTerminalState(run.state)) return new Set();
  return new Set(
    run.stages.flatMap((s) =>
      s.groups.flatMap((g) =>
        g.members.filter((m) => !isTerminalState(m.state)).map((m) => m.cluster),
      ),
    ),
  );
}

/**
 * EXT-8: the run's unfinished members as the fleet holds them now: those still in the
 * fleet with their current facts, and how each of the others left it (deleted, or moved
 * to another fleet). Clusters that joined the fleet after the run was created are not
 * members and are not listed; a finished run reads nothing.
 */
export async function fleetMembership(db: Inventory, run: UpdateRun): Promise<FleetMembership> {
  const unfinished = unfinishedMembers(run);
  if (unfinished.size === 0) return { present: [], departed: [] };
  return membershipOf(db, unfinished, await fleetCandidates(db, run.fleet));
}

async function membershipOf(
  db: Inventory,
  unfinished: Set<string>,
  candidates: readonly Candidate[],
): Promise<FleetMembership> {
  const present = candidates
    .map((candidate) => candidate.facts)
    .filter((facts) => unfinished.has(facts.cluster));
  for (const facts of present) unfinished.delete(facts.cluster);
  const departed = await Promise.all(
    [...unfinished].map(async (cluster): Promise<MemberDeparture> => {
      const now = await getCluster(db, cluster);
      return now === undefined ? { cluster, reason: "deleted" } : { cluster, reason: "moved" };
    }),
  );
  return { present, departed };
}

/** What a run's TICK carries, read outside its transaction (CH-3 availability, EXT-8). */
export interface RunReadings {
  availability: Availability;
  membership: FleetMembership;
}

/**
 * The inventory as a run's next pass should see it: the releases and the fleet's
 * clusters and pools in one round trip (a run reads them on every batch of ends).
 */
export async function readForRun(db: Inventory, run: UpdateRun): Promise<RunReadings> {
  const unfinished = unfinishedMembers(run);
  if (unfinished.size === 0) {
    const { availability } = await loadAvailability(db);
    return { availability, membership: { present: [], departed: [] } };
  }
  const [releases, clusters, pools] = await db.batch([
    selectReleases(db),
    selectFleetClusterFacts(db, run.fleet),
    listFleetNodePoolImages(db, run.fleet),
  ]);
  return {
    availability: availabilityOf(releases).availability,
    membership: await membershipOf(db, unfinished, candidatesOf(clusters, pools)),
  };
}
