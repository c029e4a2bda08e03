import type { z } from "@hono/zod-openapi";
import type { OperationSummary } from "@regatta/contract";
import { toRfc3339 } from "@regatta/engine";
import { type Inventory, listClusterOperations, type PageRequest } from "@regatta/inventory";
import { accepted, type Outcome } from "../../outcome.ts";
import { type FleetObjects, readOperation } from "./node-pool-upgrades.ts";

type SummaryBody = z.infer<typeof OperationSummary>;

/**
 * A cluster's operations, newest first: the D1 index pages them, each one's state is its
 * fleet object's (the index knows only where it lives). An operation the object has
 * already retired is left out of its page rather than shown without a state. Only the
 * operations of the fleet the cluster is in now: a cluster deleted and made again in
 * another fleet keeps none of its namesake's (which the reader may not read).
 */
export async function listOperationsOfCluster(
  db: Inventory,
  fleets: FleetObjects,
  cluster: { cluster: string; fleet: string },
  request: PageRequest,
): Promise<Outcome<{ items: SummaryBody[]; nextCursor: string | null }>> {
  const page = await listClusterOperations(db, cluster, request);
  const read = await Promise.all(
    page.items.map(async (row) => {
      const answer = await readOperation(db, fleets, row.id);
      if (!answer.ok) return [];
      const { events, eventCount, downtime, preflight, healthChecks, ...summary } = answer.value;
      return [{ ...summary, createdAt: toRfc3339(row.createdAt) }];
    }),
  );
  return accepted({ items: read.flat(), nextCursor: page.nextCursor });
}
