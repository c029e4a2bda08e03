import { createRoute } from "@hono/zod-openapi";
import {
  ClusterParams,
  ListQuery,
  Name,
  Node,
  NodePool,
  NodePoolInput,
  NodePoolParams,
  page,
} from "@regatta/contract";
import { decodeCursor } from "@regatta/inventory";
import { type App, router } from "../../app.ts";
import { controlPlaneNow } from "../../clock/now.ts";
import { json, jsonBody, PROBLEMS } from "../../http/openapi.ts";
import { orRefuse } from "../../http/problem.ts";
import {
  listNodes,
  listPools,
  nodePoolView,
  nodeView,
  putNodePool,
  readNodePool,
  removeNodePool,
} from "../../services/inventory/node-pools.ts";
import { withLiveNodes } from "../../services/operations/node-pool-upgrades.ts";
import { clusterFor } from "../cluster-access.ts";

const tags = ["node pools"];
const NodeListQuery = ListQuery.extend({
  pool: Name.optional().openapi({ param: { name: "pool", in: "query" } }),
});

const put = createRoute({
  method: "put",
  path: "/v1/clusters/{cluster}/node-pools/{pool}",
  tags,
  summary: "Create or replace a node pool and its nodes (VER-7: not newer than the control plane)",
  request: { params: NodePoolParams, body: jsonBody(NodePoolInput) },
  responses: { 200: json("replaced", NodePool), 201: json("created", NodePool), ...PROBLEMS },
});
const get = createRoute({
  method: "get",
  path: "/v1/clusters/{cluster}/node-pools/{pool}",
  tags,
  summary: "A node pool",
  request: { params: NodePoolParams },
  responses: { 200: json("the node pool", NodePool), ...PROBLEMS },
});
const list = createRoute({
  method: "get",
  path: "/v1/clusters/{cluster}/node-pools",
  tags,
  summary: "The node pools of a cluster",
  request: { params: ClusterParams, query: ListQuery },
  responses: { 200: json("a page of node pools", page(NodePool)), ...PROBLEMS },
});
const remove = createRoute({
  method: "delete",
  path: "/v1/clusters/{cluster}/node-pools/{pool}",
  tags,
  summary: "Delete a node pool and its nodes",
  request: { params: NodePoolParams },
  responses: { 204: { description: "deleted" }, ...PROBLEMS },
});
const nodes = createRoute({
  method: "get",
  path: "/v1/clusters/{cluster}/nodes",
  tags: ["nodes"],
  summary: "The nodes of a cluster (optionally of one pool) with state and blue/green colour",
  request: { params: ClusterParams, query: NodeListQuery },
  responses: { 200: json("a page of nodes", page(Node)), ...PROBLEMS },
});

export function nodePoolRoutes(): App {
  const app = router();
  app.openapi(put, async (c) => {
    const db = c.var.inventory;
    const { cluster: clusterName, pool } = c.req.valid("param");
    const cluster = await clusterFor(db, c.var.principal, clusterName, "write");
    const now = await controlPlaneNow(c.env, c.var.inventory);
    const result = orRefuse(
      await putNodePool(db, c.env.FLEET, cluster, pool, c.req.valid("json"), now),
    );
    const view = nodePoolView(result.pool);
    return result.created ? c.json(view, 201) : c.json(view, 200);
  });
  app.openapi(get, async (c) => {
    const db = c.var.inventory;
    const { cluster: clusterName, pool } = c.req.valid("param");
    await clusterFor(db, c.var.principal, clusterName, "read");
    return c.json(nodePoolView(orRefuse(await readNodePool(db, clusterName, pool))), 200);
  });
  app.openapi(list, async (c) => {
    const db = c.var.inventory;
    const cluster = await clusterFor(db, c.var.principal, c.req.valid("param").cluster, "read");
    const result = await listPools(db, cluster.name, c.req.valid("query"));
    return c.json({ items: result.items.map(nodePoolView), nextCursor: result.nextCursor }, 200);
  });
  app.openapi(remove, async (c) => {
    const db = c.var.inventory;
    const { cluster: clusterName, pool } = c.req.valid("param");
    const cluster = await clusterFor(db, c.var.principal, clusterName, "write");
    orRefuse(await removeNodePool(db, c.env.FLEET, cluster, pool));
    return c.body(null, 204);
  });
  app.openapi(nodes, async (c) => {
    const db = c.var.inventory;
    const cluster = await clusterFor(db, c.var.principal, c.req.valid("param").cluster, "read");
    const query = c.req.valid("query");
    const result = await listNodes(db, cluster.name, query);
    // Pools under upgrade show their nodes as the fleet object sees them right now.
    const items = await withLiveNodes(db, c.env.FLEET, cluster.fleet, cluster.name, result.items, {
      after: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
      through: result.nextCursor === null ? undefined : result.items.at(-1)?.name,
    });
    return c.json({ items: items.map(nodeView), nextCursor: result.nextCursor }, 200);
  });
  return app;
}
