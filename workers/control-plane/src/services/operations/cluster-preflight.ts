import type { z } from "@hono/zod-openapi";
import type { ClusterPreflightInput, PreflightResult } from "@regatta/contract";
import { type Instant, preflight, toRfc3339 } from "@regatta/engine";
import { type ClusterRow, getCluster, type Inventory, preflightFacts } from "@regatta/inventory";
import type { StoredPreflight } from "../../objects/fleet/cluster-upgrade/preflights.ts";
import { accepted, type Outcome, refused } from "../../outcome.ts";
import type { FleetObjects } from "./node-pool-upgrades.ts";

type PreflightBody = z.infer<typeof PreflightResult>;

/**
 * LIFE-2: runs the preflight of upgrading `clusterName` to `version` and keeps it in the
 * fleet's object as the cluster's latest (one per cluster). Changes nothing else.
 */
export async function runClusterPreflight(
  db: Inventory,
  fleets: FleetObjects,
  clusterName: string,
  { version, workerPools }: z.infer<typeof ClusterPreflightInput>,
  now: Instant,
): Promise<Outcome<PreflightBody>> {
  const cluster = await getCluster(db, clusterName);
  if (!cluster) return refused("missing", `cluster ${clusterName} does not exist`);
  const facts = { ...(await preflightFacts(db, cluster)), workerPools };
  if (cluster.deprecatedApiUsage) facts.deprecatedApiUsage = true;
  const result = preflight(facts, version, now);
  const stored = await fleets
    .get(fleets.idFromName(cluster.fleet))
    .recordPreflight({ ...result, cluster: clusterName, version });
  return accepted(preflightBody(stored));
}

/** The cluster's latest preflight; 404 when none ran. */
export async function readClusterPreflight(
  fleets: FleetObjects,
  cluster: ClusterRow,
): Promise<Outcome<PreflightBody>> {
  const stored = await fleets.get(fleets.idFromName(cluster.fleet)).preflight(cluster.name);
  if (!stored) {
    return refused(
      "missing",
      `no preflight has run for cluster ${cluster.name}; POST /v1/clusters/${cluster.name}/preflight first`,
    );
  }
  return accepted(preflightBody(stored));
}

function preflightBody(stored: StoredPreflight): PreflightBody {
  return {
    cluster: stored.cluster,
    version: stored.version,
    passed: stored.passed,
    findings: stored.findings.map(({ check, blocking, message, rule }) => ({
      check,
      blocking,
      message,
      rule,
    })),
    at: toRfc3339(stored.at),
  };
}
