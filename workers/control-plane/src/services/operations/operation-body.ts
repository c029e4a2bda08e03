import type { z } from "@hono/zod-openapi";
import type { Operation } from "@regatta/contract";
import {
  type ClusterUpgradeOperationView,
  type Instant,
  type NodePoolOperationView,
  toRfc3339,
} from "@regatta/engine";
import type { AutoscalerOperationView } from "../../objects/fleet/autoscaler/operation.ts";

/** `GET /v1/operations/{id}` for any kind of operation. */
export type OperationBody = z.infer<typeof Operation>;

/** What every kind of operation shows the same way. */
interface CommonView {
  id: string;
  kind: string;
  target: OperationBody["target"];
  state: OperationBody["state"];
  phase?: string | undefined;
  progress: OperationBody["progress"];
  events: readonly { at: Instant; message: string }[];
  eventCount: number;
  startedAt?: Instant | undefined;
  updatedAt: Instant;
  endedAt?: Instant | undefined;
  reason?: string | undefined;
  error?: string | undefined;
}

function commonBody(view: CommonView): OperationBody {
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
  if (view.startedAt !== undefined) body.startedAt = toRfc3339(view.startedAt);
  if (view.reason !== undefined) body.reason = view.reason;
  if (view.error !== undefined) body.error = view.error;
  if (view.endedAt !== undefined) body.endedAt = toRfc3339(view.endedAt);
  return body;
}

/** A node-pool upgrade, with its strategy. */
export function nodePoolOperationBody(view: NodePoolOperationView): OperationBody {
  return { ...commonBody(view), strategy: view.strategy };
}

/** A cluster upgrade (LIFE-7 downtime, LIFE-2 preflight). */
export function clusterOperationBody(view: ClusterUpgradeOperationView): OperationBody {
  return {
    ...commonBody(view),
    downtime: view.downtime,
    preflight: {
      passed: view.preflight.passed,
      findings: view.preflight.findings,
      at: toRfc3339(view.preflight.at),
    },
    ...(view.healthChecks && {
      healthChecks: {
        failingSince: toRfc3339(view.healthChecks.failingSince),
        attempts: view.healthChecks.attempts,
        lastFailure: view.healthChecks.lastFailure,
        ...(view.healthChecks.nextAttemptAt !== undefined && {
          nextAttemptAt: toRfc3339(view.healthChecks.nextAttemptAt),
        }),
      },
    }),
  };
}

/** A cluster's autoscaler (CA-17 decisions as its events). */
export function autoscalerOperationBody(view: AutoscalerOperationView): OperationBody {
  return commonBody(view);
}
