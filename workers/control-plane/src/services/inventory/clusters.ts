import type { z } from "@hono/zod-openapi";
import type { Cluster, ClusterInput } from "@regatta/contract";
import {
  checkAdminUpgrade,
  checkInCatalogue,
  checkUpgradePath,
  checkUserSkew,
  type Instant,
  nextWindowOpen,
  parseVersion,
  type Result,
  validateMaintenance,
} from "@regatta/engine";
import {
  allPages,
  type ClusterRow,
  constraintViolation,
  deleteCluster,
  getCluster,
  getFleet,
  getScope,
  listClusters,
  listClustersByFleet,
  listManagedClusters,
  type Page,
  type PageRequest,
  putClusterStatements,
  runBatch,
} from "@regatta/inventory";
import { clusters } from "@regatta/inventory/schema";
import { eq } from "drizzle-orm";
import { authorize } from "../../auth/middleware.ts";
import type { Access, Principal } from "../../auth/principal.ts";
import type { Db } from "../../db.ts";
import { ProblemError } from "../../http/problem.ts";
import { loadCatalogue } from "./release-catalogue.ts";

type ClusterView = z.infer<typeof Cluster>;
type ClusterSpec = z.infer<typeof ClusterInput>;

/** Phase of a cluster whose desired version is ahead of what it runs (VER-8). */
export const UPGRADE_PENDING = "UPGRADE_PENDING";

function orRefuse<T>(result: Result<T>): T {
  if (!result.ok) throw ProblemError.fromViolation(result.error);
  return result.value;
}

/**
 * Creates or replaces a cluster. A new cluster is registered at the version it runs.
 * For an existing one, a different `version` is a desired version (spec.version): it
 * must be a legal step from what the cluster runs (VER-2, VER-3, VER-4) and be in the
 * release catalogue (VER-6); status.version moves only when an upgrade succeeds (VER-8).
 */
export async function putCluster(
  db: Db,
  name: string,
  spec: ClusterSpec,
  now: Instant,
): Promise<{ created: boolean; cluster: ClusterRow }> {
  orRefuse(parseVersion(spec.version));
  if (spec.maintenance) orRefuse(validateMaintenance(spec.maintenance));

  const admin = await checkReferences(db, name, spec);
  if (admin) orRefuse(checkUserSkew(spec.version, admin.statusVersion));

  const existing = await getCluster(db, name);
  let phase: string | undefined;
  if (existing && spec.version !== existing.specVersion) {
    const step = orRefuse(checkUpgradePath(existing.statusVersion, spec.version));
    if (step.kind !== "NO_OP") orRefuse(checkInCatalogue(spec.version, await loadCatalogue(db)));
    if (step.kind === "MINOR" && spec.role !== "user") {
      const managed = (await allPages((page) => listManagedClusters(db, name, page))).map((c) => ({
        name: c.name,
        version: c.statusVersion,
      }));
      orRefuse(checkAdminUpgrade(existing.statusVersion, spec.version, managed));
    }
    phase = step.kind === "NO_OP" ? "RUNNING" : UPGRADE_PENDING;
  }

  const write = {
    name,
    fleet: spec.fleet,
    scopes: spec.scopes,
    role: spec.role,
    adminCluster: spec.adminCluster ?? null,
    region: spec.region,
    releaseChannel: spec.releaseChannel,
    autopilot: spec.autopilot,
    specVersion: spec.version,
    updateGroup: spec.updateGroup ?? null,
    maintenance: spec.maintenance ?? null,
    deprecatedApiUsage: spec.deprecatedApiUsage,
  };
  const statements = putClusterStatements(db, write, now);
  if (phase) statements.push(db.update(clusters).set({ phase }).where(eq(clusters.name, name)));
  await runBatch(db, statements);
  const cluster = await getCluster(db, name);
  if (!cluster) throw new ProblemError(409, `cluster ${name} was deleted while being written`);
  return { created: !existing, cluster };
}

/** The fleet, scopes and admin cluster a spec names must exist; returns the admin. */
async function checkReferences(
  db: Db,
  name: string,
  spec: ClusterSpec,
): Promise<ClusterRow | undefined> {
  if (!(await getFleet(db, spec.fleet))) {
    throw new ProblemError(
      422,
      `fleet ${spec.fleet} does not exist; PUT /v1/fleets/${spec.fleet} first`,
    );
  }
  for (const scope of spec.scopes) {
    if (!(await getScope(db, spec.fleet, scope))) {
      throw new ProblemError(422, `team scope ${scope} does not exist in fleet ${spec.fleet}`);
    }
  }
  if (spec.adminCluster !== undefined) {
    if (spec.adminCluster === name)
      throw new ProblemError(422, "LIFE-1: a user cluster cannot be its own admin", "LIFE-1");
    const admin = await getCluster(db, spec.adminCluster);
    if (!admin || (admin.role !== "admin" && admin.role !== "hybrid")) {
      throw new ProblemError(
        422,
        `LIFE-1: adminCluster ${spec.adminCluster} must be an existing admin or hybrid cluster`,
        "LIFE-1",
      );
    }
    return admin;
  }
  return undefined;
}

/**
 * The cluster a request addresses, once the caller may `access` it (404, then 403):
 * every cluster-scoped route starts here.
 */
export async function clusterFor(
  db: Db,
  principal: Principal,
  name: string,
  access: Access,
): Promise<ClusterRow> {
  const cluster = await getClusterOr404(db, name);
  authorize(principal, access, { kind: "fleet", fleet: cluster.fleet, scopes: cluster.scopes });
  return cluster;
}

export async function getClusterOr404(db: Db, name: string): Promise<ClusterRow> {
  const cluster = await getCluster(db, name);
  if (!cluster) throw new ProblemError(404, `cluster ${name} does not exist`);
  return cluster;
}

export function listClusterPage(
  db: Db,
  request: PageRequest & { fleet?: string | undefined },
): Promise<Page<ClusterRow>> {
  return request.fleet === undefined
    ? listClusters(db, request)
    : listClustersByFleet(db, request.fleet, request);
}

export async function removeCluster(db: Db, name: string): Promise<void> {
  try {
    const deleted = await deleteCluster(db, name);
    if (deleted.length === 0) throw new ProblemError(404, `cluster ${name} does not exist`);
  } catch (error) {
    if (constraintViolation(error) === "FOREIGN_KEY") {
      throw new ProblemError(
        409,
        `cluster ${name} still manages user clusters; move or delete them first`,
      );
    }
    throw error;
  }
}

/** The API view: spec fields plus observed status, with the next window opening (MW-3). */
export function clusterView(row: ClusterRow, now: Instant): ClusterView {
  const view: ClusterView = {
    name: row.name,
    fleet: row.fleet,
    scopes: row.scopes,
    role: row.role,
    region: row.region,
    releaseChannel: row.releaseChannel,
    autopilot: row.autopilot,
    version: row.specVersion,
    deprecatedApiUsage: row.deprecatedApiUsage,
    status: {
      version: row.statusVersion,
      specVersion: row.specVersion,
      phase: row.phase,
      components: row.components ?? {},
    },
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
  if (row.adminCluster) view.adminCluster = row.adminCluster;
  if (row.updateGroup) view.updateGroup = row.updateGroup;
  if (row.maintenance) {
    view.maintenance = row.maintenance;
    const next = nextWindowOpen(row.maintenance, now);
    if (next !== undefined) view.status.nextWindowOpen = new Date(next).toISOString();
  }
  if (row.phase === UPGRADE_PENDING) {
    view.status.reason = `VER-8: spec.version ${row.specVersion} awaits an upgrade; status.version stays ${row.statusVersion} until it succeeds`;
  }
  return view;
}
