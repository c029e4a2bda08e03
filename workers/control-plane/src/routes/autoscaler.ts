import { createRoute } from "@hono/zod-openapi";
import {
  AutoscalerDecisionList,
  ClusterParams,
  DecisionsQuery,
  EvaluationResult,
  ProvisioningRequest,
  ProvisioningRequestInput,
} from "@regatta/contract";
import { type App, router } from "../app.ts";
import { json, jsonBody, PROBLEMS } from "../http/openapi.ts";
import { orRefuse } from "../http/problem.ts";
import { evaluateClusterNow, listAutoscalerDecisions } from "../services/autoscaler/decisions.ts";
import { createProvisioningRequest } from "../services/autoscaler/provisioning.ts";
import { clusterFor } from "./cluster-access.ts";

const tags = ["autoscaler"];

const evaluate = createRoute({
  method: "post",
  path: "/v1/clusters/{cluster}/autoscaler/evaluate",
  tags,
  summary: "Runs one autoscaler pass now (CA-1..17) and answers its decisions",
  request: { params: ClusterParams },
  responses: { 200: json("the decisions of the pass", EvaluationResult), ...PROBLEMS },
});

const decisions = createRoute({
  method: "get",
  path: "/v1/clusters/{cluster}/autoscaler/decisions",
  tags,
  summary:
    "Recorded autoscaler decisions, newest first (CA-17): scale-ups, scale-downs, backoffs and no-ops with a reason; the last 1,000 per cluster are kept",
  request: { params: ClusterParams, query: DecisionsQuery },
  responses: { 200: json("a page of decisions", AutoscalerDecisionList), ...PROBLEMS },
});

const provisioning = createRoute({
  method: "post",
  path: "/v1/clusters/{cluster}/provisioning-requests",
  tags,
  summary:
    "A ProvisioningRequest (CA-14): queued-provisioning waits until all capacity can be had, check-capacity only answers whether it fits, best-effort-atomic provisions all or nothing",
  request: { params: ClusterParams, body: jsonBody(ProvisioningRequestInput) },
  responses: {
    201: json("the request and the autoscaler's verdict", ProvisioningRequest),
    ...PROBLEMS,
  },
});

/** The cluster autoscaler's actions and its decision log (API.md, Autoscaler). */
export function autoscalerRoutes(): App {
  const app = router();
  app.openapi(evaluate, async (c) => {
    const { cluster } = c.req.valid("param");
    const found = await clusterFor(c.var.inventory, c.var.principal, cluster, "write");
    return c.json(orRefuse(await evaluateClusterNow(c.env.FLEET, found)), 200);
  });
  app.openapi(decisions, async (c) => {
    const { cluster } = c.req.valid("param");
    const found = await clusterFor(c.var.inventory, c.var.principal, cluster, "read");
    const query = c.req.valid("query");
    return c.json(orRefuse(await listAutoscalerDecisions(c.env.FLEET, found, query)), 200);
  });
  app.openapi(provisioning, async (c) => {
    const { cluster } = c.req.valid("param");
    const db = c.var.inventory;
    const found = await clusterFor(db, c.var.principal, cluster, "write");
    const input = c.req.valid("json");
    return c.json(orRefuse(await createProvisioningRequest(db, c.env.FLEET, found, input)), 201);
  });
  return app;
}
