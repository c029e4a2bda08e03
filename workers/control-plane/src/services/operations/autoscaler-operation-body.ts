import type { z } from "@hono/zod-openapi";
import type { Operation } from "@regatta/contract";
import { toRfc3339 } from "@regatta/engine";
import type { AutoscalerOperationView } from "../../objects/fleet/autoscaler/operation.ts";

type OperationBody = z.infer<typeof Operation>;

/** `GET /v1/operations/{id}` for a cluster's autoscaler (CA-17 decisions as its events). */
export function autoscalerOperationBody(view: AutoscalerOperationView): OperationBody {
  const body: OperationBody = {
    id: view.id,
    kind: view.kind,
    target: view.target,
    state: view.state,
    phase: view.phase,
    progress: view.progress,
    events: view.events.map((event) => ({ at: toRfc3339(event.at), message: event.message })),
    eventCount: view.eventCount,
    updatedAt: toRfc3339(view.updatedAt),
  };
  if (view.reason !== undefined) body.reason = view.reason;
  if (view.startedAt !== undefined) body.startedAt = toRfc3339(view.startedAt);
  if (view.endedAt !== undefined) body.endedAt = toRfc3339(view.endedAt);
  return body;
}
