import type { z } from "@hono/zod-openapi";
import type { AutoscalerDecision } from "@regatta/contract";
import { toRfc3339 } from "@regatta/engine";
import {
  type ClusterRow,
  decodeCursor,
  encodeCursor,
  InvalidCursorError,
} from "@regatta/inventory";
import type { RecordedDecision, ScalingAction } from "../../objects/fleet/autoscaler/decisions.ts";
import { accepted, type Outcome, refused } from "../../outcome.ts";
import type { FleetObjects } from "../operations/node-pool-upgrades.ts";

type DecisionBody = z.infer<typeof AutoscalerDecision>;

/** A recorded decision as the API shows it (CA-17). */
export function decisionBody(d: RecordedDecision): DecisionBody {
  return {
    id: d.id,
    at: toRfc3339(d.at),
    pool: d.pool,
    action: d.action,
    delta: d.delta,
    ...(d.zones ? { zones: d.zones } : {}),
    ...(d.nodes ? { nodes: d.nodes } : {}),
    reason: d.reason,
    ...(d.blockedBy ? { blockedBy: d.blockedBy } : {}),
    ...(d.unneeded ? { unneededSince: toRfc3339(d.unneeded.since) } : {}),
    ...(d.until === undefined ? {} : { until: toRfc3339(d.until) }),
    ...(d.inputs ? { inputs: d.inputs } : {}),
  };
}

/** CA-17: a page of the cluster's decisions, newest first, optionally of one pool and of some actions. */
export async function listAutoscalerDecisions(
  fleets: FleetObjects,
  cluster: ClusterRow,
  query: {
    limit: number;
    cursor?: string | undefined;
    pool?: string | undefined;
    action?: string | undefined;
  },
): Promise<Outcome<{ items: DecisionBody[]; nextCursor: string | null }>> {
  let before: number | undefined;
  if (query.cursor !== undefined) {
    const id = Number(decodeCursor(query.cursor));
    if (!Number.isInteger(id) || id < 1) throw new InvalidCursorError(query.cursor);
    before = id;
  }
  const page = await fleets
    .get(fleets.idFromName(cluster.fleet))
    .autoscalerDecisions(cluster.name, {
      limit: query.limit,
      ...(before === undefined ? {} : { before }),
      ...(query.pool === undefined ? {} : { pool: query.pool }),
      // The contract admits only the four actions, comma-separated.
      ...(query.action === undefined
        ? {}
        : { actions: query.action.split(",") as ScalingAction[] }),
    });
  return accepted({
    items: page.items.map(decisionBody),
    nextCursor: page.nextBefore === undefined ? null : encodeCursor(String(page.nextBefore)),
  });
}

/** `POST …/autoscaler/evaluate`: one pass now. */
export async function evaluateClusterNow(
  fleets: FleetObjects,
  cluster: ClusterRow,
): Promise<
  Outcome<{ cluster: string; at: string; decisions: DecisionBody[]; nextScanAt?: string }>
> {
  const view = await fleets.get(fleets.idFromName(cluster.fleet)).evaluateAutoscaler(cluster.name);
  if (!view) return refused("missing", `cluster ${cluster.name} does not exist`);
  return accepted({
    cluster: view.cluster,
    at: view.at,
    decisions: view.decisions.map(decisionBody),
    ...(view.nextScanAt ? { nextScanAt: view.nextScanAt } : {}),
  });
}
