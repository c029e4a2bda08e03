import { z } from "@hono/zod-openapi";
import { fleetInstant } from "./clocks.ts";
import { NodeImage, Version } from "./common.ts";
import { ListQuery, page } from "./page.ts";

/** `POST /v1/clusters/{cluster}/node-pools/{pool}/upgrade` body. */
export const NodePoolUpgradeInput = z
  .strictObject({
    version: Version.optional().openapi({
      description: "Target node version; defaults to the control plane's (VER-7 caps it there).",
    }),
    nodeImage: NodeImage.optional().openapi({
      description: "Target node image; defaults to the pool's.",
    }),
    ignoreMaintenanceWindow: z.boolean().default(false).openapi({
      description: "Run a surge upgrade outside the cluster's windows (MW-4 pauses it otherwise).",
    }),
  })
  .openapi("NodePoolUpgradeInput", {
    example: { version: "1.21.14-gke.4300", nodeImage: "cos-1.21.14-gke.4300" },
  });

export const OperationState = z
  .enum(["RUNNING", "PAUSED", "SUCCEEDED", "FAILED", "ROLLED_BACK", "CANCELLED"])
  .openapi("OperationState");

/** `GET /v1/operations/{id}` (API.md). */
export const Operation = z
  .object({
    id: z.string(),
    kind: z.string().openapi({ example: "NODE_POOL_UPGRADE" }),
    target: z.object({
      cluster: z.string(),
      pool: z.string().optional(),
      version: z.string(),
      nodeImage: z.string().optional(),
      useBootstrap: z.boolean().optional(),
    }),
    strategy: z.string().optional(),
    state: OperationState,
    phase: z.string().optional(),
    reason: z
      .string()
      .optional()
      .openapi({ description: "Why it is not progressing, citing the rule (EXT-9)." }),
    progress: z.object({ done: z.int(), total: z.int() }),
    downtime: z
      .array(
        z.object({
          component: z.string(),
          expected: z.string(),
          maxSeconds: z.number().optional(),
          when: z.string(),
        }),
      )
      .optional()
      .openapi({ description: "CLUSTER_UPGRADE: expected disruption per component (LIFE-7)." }),
    preflight: z
      .object({
        passed: z.boolean(),
        findings: z.array(
          z.object({
            check: z.string(),
            blocking: z.boolean(),
            message: z.string(),
            rule: z.string(),
          }),
        ),
        at: fleetInstant(),
      })
      .optional()
      .openapi({ description: "CLUSTER_UPGRADE: the preflight it started with (LIFE-2)." }),
    healthChecks: z
      .object({
        failingSince: fleetInstant(),
        attempts: z.int(),
        lastFailure: z.string(),
        nextAttemptAt: fleetInstant().optional(),
      })
      .optional()
      .openapi({
        description:
          "CLUSTER_UPGRADE: cluster health checks that keep failing, while they do (LIFE-3: they repeat until all pass; cancel to stop).",
      }),
    events: z.array(z.object({ at: fleetInstant(), message: z.string() })),
    eventCount: z.int().optional(),
    error: z.string().optional(),
    startedAt: fleetInstant().optional(),
    updatedAt: fleetInstant().optional(),
    endedAt: fleetInstant().optional(),
  })
  .openapi("Operation");

/**
 * One operation of a cluster's list (`GET /v1/clusters/{cluster}/operations`): what it
 * is, where it stands and when it was created; its events are on `GET /v1/operations/{id}`.
 */
export const OperationSummary = Operation.omit({
  events: true,
  eventCount: true,
  downtime: true,
  preflight: true,
  healthChecks: true,
})
  .extend({ createdAt: fleetInstant("When the operation was created.") })
  .openapi("OperationSummary");

export const OperationSummaryList = page(OperationSummary).openapi("OperationSummaryList");

/** `?limit=&cursor=` of a cluster's operations: each is read from its fleet's object, so pages are small. */
export const OperationsQuery = ListQuery.extend({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(20)
    .openapi({ param: { name: "limit", in: "query" }, example: 20 }),
});

export const OperationParams = z.object({
  id: z
    .string()
    .regex(/^op-[0-9a-f-]{36}$/, { error: "an operation id looks like op-<uuid>" })
    .openapi({ param: { name: "id", in: "path" } }),
});

const CommandId = z.string().min(1).max(512);
/** An executor reports in webhook mode, where the control plane's clock is the wall clock. */
const ReportedAt = fleetInstant("When it happened; absent, when the callback arrived.").optional();

/** `POST /v1/operations/{id}/events`: a webhook executor reporting back (HMAC-signed). */
export const ExecutorEvent = z
  .discriminatedUnion("type", [
    z.strictObject({
      type: z.literal("COMMAND_SUCCEEDED"),
      commandId: CommandId,
      at: ReportedAt,
    }),
    z.strictObject({
      type: z.literal("COMMAND_FAILED"),
      commandId: CommandId,
      at: ReportedAt,
      reason: z.enum([
        "FAILED",
        "QUOTA_EXCEEDED",
        "IP_EXHAUSTED",
        "HEALTH_CHECK_FAIL",
        "PREFLIGHT_BLOCKED",
      ]),
      message: z.string().max(2000).default(""),
    }),
    // LIFE-6: a best-effort drain passed its node after 20 minutes, leaving these pods.
    z.strictObject({
      type: z.literal("DRAIN_PASSED"),
      commandId: CommandId,
      at: ReportedAt,
      node: z.string().min(1).max(253),
      stuckPods: z.array(z.string().min(1).max(317)).max(1000).default([]),
    }),
  ])
  .openapi("ExecutorEvent");
