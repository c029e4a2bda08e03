import { createRoute } from "@hono/zod-openapi";
import { Cluster, ClusterInput, ClusterParams, ListQuery, Name, page } from "@regatta/contract";
import { type App, router } from "../../app.ts";
import { authorize } from "../../auth/middleware.ts";
import { readGrants } from "../../auth/principal.ts";
import { controlPlaneNow } from "../../clock/now.ts";
import { json, jsonBody, PROBLEMS } from "../../http/openapi.ts";
import { orRefuse } from "../../http/problem.ts";
import {
  clusterViews,
  listClusterPage,
  putCluster,
  readClusterView,
  readForClusterPut,
  removeCluster,
} from "../../services/inventory/clusters.ts";
import { fleetReadResource } from "../../services/inventory/fleets.ts";
import { withUpgradeStatus } from "../../services/operations/cluster-upgrades.ts";
import {
  authorizeCluster,
  authorizeClusterDelete,
  authorizeClusterPut,
  clusterFor,
} from "../cluster-access.ts";

const tags = ["clusters"];
const ClusterListQuery = ListQuery.extend({
  fleet: Name.optional().openapi({ param: { name: "fleet", in: "query" } }),
});

const put = createRoute({
  method: "put",
  path: "/v1/clusters/{cluster}",
  tags,
  summary: "Register or replace a cluster; a new version is a desired version (VER-2/3/4/6/8)",
  request: { params: ClusterParams, body: jsonBody(ClusterInput) },
  responses: {
    200: json("replaced", Cluster),
    201: json("created", Cluster),
    ...PROBLEMS,
  },
});
const get = createRoute({
  method: "get",
  path: "/v1/clusters/{cluster}",
  tags,
  summary: "A cluster with its observed status and next window opening (MW-3)",
  request: { params: ClusterParams },
  responses: { 200: json("the cluster", Cluster), ...PROBLEMS },
});
const list = createRoute({
  method: "get",
  path: "/v1/clusters",
  tags,
  summary: "Clusters the token may read, optionally of one fleet",
  request: { query: ClusterListQuery },
  responses: { 200: json("a page of clusters", page(Cluster)), ...PROBLEMS },
});
const remove = createRoute({
  method: "delete",
  path: "/v1/clusters/{cluster}",
  tags,
  summary: "Delete a cluster with its node pools and nodes",
  request: { params: ClusterParams },
  responses: { 204: { description: "deleted" }, ...PROBLEMS },
});

export function clusterRoutes(): App {
  const app = router();
  app.openapi(put, async (c) => {
    const db = c.var.inventory;
    const { cluster: name } = c.req.valid("param");
    const spec = c.req.valid("json");
    // One round trip of reads: what they answer is dropped if the write is refused.
    const reads = await readForClusterPut(c.env, db, name, spec);
    await authorizeClusterPut(db, c.get("principal"), name, spec, reads.existing);
    const { created, view } = orRefuse(
      await putCluster(db, c.env, name, spec, reads, (creates) =>
        c.var.audit.withChange(creates ? 201 : 200),
      ),
    );
    return created ? c.json(view, 201) : c.json(view, 200);
  });
  app.openapi(get, async (c) => {
    const { cluster: name } = c.req.valid("param");
    const { cluster, view } = orRefuse(await readClusterView(c.env, c.var.inventory, name));
    authorizeCluster(c.var.principal, cluster, "read");
    return c.json(await withUpgradeStatus(c.env.FLEET, view), 200);
  });
  app.openapi(list, async (c) => {
    const query = c.req.valid("query");
    const principal = c.get("principal");
    if (query.fleet !== undefined)
      authorize(principal, "read", fleetReadResource(principal, query.fleet));
    const result = await listClusterPage(c.var.inventory, query, readGrants(principal));
    const now = await controlPlaneNow(c.env, c.var.inventory);
    const items = await clusterViews(c.var.inventory, result.items, now);
    return c.json({ items, nextCursor: result.nextCursor }, 200);
  });
  app.openapi(remove, async (c) => {
    const db = c.var.inventory;
    const { cluster: name } = c.req.valid("param");
    const cluster = await clusterFor(db, c.var.principal, name, "write");
    authorizeClusterDelete(c.var.principal, cluster);
    orRefuse(await removeCluster(db, c.env.FLEET, cluster));
    return c.body(null, 204);
  });
  return app;
}
