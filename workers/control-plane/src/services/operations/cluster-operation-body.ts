import type { z } from "@hono/zod-openapi";
import type { Operation } from "@regatta/contract";
import { type ClusterUpgradeOperationView, toRfc3339 } from "@regatta/engine";

type OperationBody = z.infer<typeof Operation>;

/** `GET /v1/operations/{id}` for a cluster upgrade (LIFE-7 downtime, LIFE-2 preflight). */
export function clusterOperationBody(view: ClusterUpgradeOperationView): OperationBody {
  const body: OperationBody = {
    id: view.id,
    kind: view.kind,
    target: view.target,
    state: view.state,
    phase: view.phase,
    progress: view.progress,
    downtime: view.downtime,
    preflight: {
      passed: view.preflight.passed,
      findings: view.preflight.findings,
      at: toRfc3339(view.preflight.at),
    },
    events: view.events.map((event) => ({ at: toRfc3339(event.at), message: event.message })),
    eventCount: view.eventCount,
    startedAt: toRfc3339(view.startedAt),
    updatedAt: toRfc3339(view.updatedAt),
  };
  if (view.reason !== undefined) body.reason = view.reason;
  if (view.error !== undefined) body.error = view.error;
  if (view.endedAt !== undefined) body.endedAt = toRfc3339(view.endedAt);
  return body;
}
