import { createRoute } from "@hono/zod-openapi";
import {
  ClusterParams,
  isKubernetesBody,
  KubernetesWorkloads,
  ListQuery,
  WorkloadPodList,
  WorkloadsAccepted,
  WorkloadsBody,
  WorkloadsInput,
} from "@regatta/contract";
import { type App, router } from "../app.ts";
import { json, jsonBody, PROBLEMS } from "../http/openapi.ts";
import { orRefuse } from "../http/problem.ts";
import { validationProblem } from "../http/validation.ts";
import { listWorkloadPods, putClusterWorkloads } from "../services/autoscaler/workloads.ts";
import { clusterFor } from "./cluster-access.ts";

const tags = ["autoscaler"];

const putWorkloads = createRoute({
  method: "put",
  path: "/v1/clusters/{cluster}/workloads",
  tags,
  summary:
    "The cluster agent's snapshot of pods and PDBs (replaces the last one), in the short form or as `kubectl get pods,pdb -A -o json` prints it (a `List` or `PodList`; unknown fields ignored; one whole snapshot of up to 5,000 pods). In the short form, over 5,000 pods go in parts (`part: {snapshot, index, count}`), which take effect together when the last arrives. A whole snapshot runs an autoscaler pass (CA).",
  request: { params: ClusterParams, body: jsonBody(WorkloadsBody) },
  responses: {
    200: json("what is stored and the decisions of the pass it ran", WorkloadsAccepted),
    ...PROBLEMS,
  },
});

const listPods = createRoute({
  method: "get",
  path: "/v1/clusters/{cluster}/workloads/pods",
  tags,
  summary:
    "The stored pods with the node each runs on as the control plane expects it (evicted pods pending, pending pods placed where they fit, until the agent's next snapshot)",
  request: { params: ClusterParams, query: ListQuery },
  responses: { 200: json("a page of pods", WorkloadPodList), ...PROBLEMS },
});

/** Workload intake from cluster agents (API.md, Autoscaler). */
export function workloadRoutes(): App {
  const app = router();
  app.openapi(
    putWorkloads,
    async (c) => {
      const { cluster } = c.req.valid("param");
      const found = await clusterFor(c.var.inventory, c.var.principal, cluster, "write");
      return c.json(
        orRefuse(await putClusterWorkloads(c.env.FLEET, found, c.req.valid("json"))),
        200,
      );
    },
    // A failed union names no field; the body's own shape (`kind` or not) says which
    // schema its errors are read against, so they carry that shape's JSON paths.
    (result) => {
      if (result.success) return;
      // zod-validator hands the hook the body it parsed, though its type does not say so.
      const body = "data" in result ? result.data : undefined;
      const shape = isKubernetesBody(body) ? KubernetesWorkloads : WorkloadsInput;
      const issues = shape.safeParse(body).error?.issues ?? result.error.issues;
      throw validationProblem(issues, result.target);
    },
  );
  app.openapi(listPods, async (c) => {
    const { cluster } = c.req.valid("param");
    const found = await clusterFor(c.var.inventory, c.var.principal, cluster, "read");
    return c.json(orRefuse(await listWorkloadPods(c.env.FLEET, found, c.req.valid("query"))), 200);
  });
  return app;
}
