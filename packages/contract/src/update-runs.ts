import { z } from "@hono/zod-openapi";
import { fleetInstant } from "./clocks.ts";
import { Name, NodeImage, Version } from "./common.ts";

/** `/v1/fleets/{fleet}/update-strategies/{name}` */
export const UpdateStrategyParams = z.object({ fleet: Name, name: Name });
/** `/v1/fleets/{fleet}/update-runs` */
export const UpdateRunsParams = z.object({ fleet: Name });
/** `/v1/fleets/{fleet}/update-runs/{run}` */
export const UpdateRunParams = z.object({ fleet: Name, run: Name });
/** `/v1/fleets/{fleet}/update-runs/{run}/gates/{gate}/approve` (EXT-1) */
export const GateParams = UpdateRunParams.extend({
  gate: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[a-z0-9-]+$/),
});

/** EXT-2/EXT-3: a count, or a percentage of the scope's members ("25%"). */
const Budget = z
  .union([
    z.int().min(0).max(100_000),
    z
      .templateLiteral([z.number(), "%"])
      .refine((v) => /^(100|[1-9]?[0-9])%$/.test(v), { error: "a percentage from 0% to 100%" }),
  ])
  .openapi("UpdateBudget", {
    description: 'A number of members, or a percentage of the scope\'s members ("25%").',
  });
const Concurrency = Budget.refine((v) => v !== 0 && v !== "0%", {
  error: "EXT-2: maxConcurrency must allow at least one member in flight",
});

const budgets = {
  maxConcurrency: Concurrency.optional().openapi({
    description:
      "EXT-2: members in flight at once (group default 1; stage default: every group at once, the sum of its groups' values); a percentage rounds down, at least 1. A group may not allow more than its stage (422).",
  }),
  maxAllowedFailures: Budget.optional().openapi({
    description:
      "EXT-3: failed members tolerated before the scope fails (default 0: RUN-11); a percentage rounds up.",
  }),
};

/** EXT-1: a gate before or after a stage or group. */
const GateInput = z
  .strictObject({
    displayName: z.string().min(1).max(100).optional(),
    type: z.enum(["Approval", "ScheduledStart"]),
    scheduledStart: z
      .strictObject({
        day: z.enum(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]),
        time: z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, { error: "HH:MM, 00:00–23:59" }),
        utcOffset: z.string().regex(/^[+-](0[0-9]|1[0-4]):[0-5][0-9]$/, {
          error: "+HH:MM or -HH:MM, at most 14 hours",
        }),
      })
      .optional()
      .openapi({
        description: "ScheduledStart only: completes at the next such instant in that offset.",
      }),
    separateApprover: z.boolean().optional().openapi({
      description:
        "Approval only (SEC-11): refuse (422, EXT-1) an approval by any token that started the run.",
    }),
  })
  .openapi("GateInput");

const gates = {
  beforeGates: z.array(GateInput).max(10).optional().openapi({
    description: "EXT-1: gates that must complete before the scope starts.",
  }),
  afterGates: z.array(GateInput).max(10).optional().openapi({
    description: "EXT-1: gates that must complete before the scope counts as done.",
  }),
};

/** EXT-7: a stage's or group's health check. */
const HealthCheck = z
  .union([
    z.strictObject({
      url: z.url().max(2000).openapi({
        description:
          "Called with a GET (10 s timeout) after each member's upgrade; 2xx passes. SEC-1: https on port 443 (or a port the deployment allows) to a public host (loopback in local development), 422 SEC-1 otherwise. Readers who may not write the fleet see it without query and userinfo (SEC-10).",
      }),
    }),
    z.strictObject({
      provider: z.literal(true).openapi({
        description: "The provider's HEALTH_CHECK command for the member's cluster.",
      }),
    }),
  ])
  .openapi("HealthCheck", {
    description:
      "EXT-7: checked after each member's upgrade ends well; a failed check fails the member (RUN-11, EXT-3). A blue-green node pool of the member is also checked when it enters its node-pool soak, and rolled back if the check fails.",
  });

const health = {
  healthCheck: HealthCheck.optional().openapi({
    description: "EXT-7: a group's check overrides its stage's.",
  }),
};

/** EXT-7: a member's health check in the run status. */
const MemberHealth = z
  .object({
    url: z.string().optional(),
    provider: z.literal(true).optional(),
    state: z.enum(["Running", "Passed", "Failed"]),
    requestedAt: fleetInstant(),
    statusCode: z.int().optional().openapi({ description: "URL checks: the answer's status." }),
    detail: z.string().optional().openapi({
      description:
        "SEC-2: the answer's status or a fixed reason (`answered 503`, `timed out (3 attempts)`, `connection failed (3 attempts)`); never the target's body.",
    }),
    checkedAt: fleetInstant().optional(),
    reason: z.string().optional().openapi({ description: "Why a failed check failed (EXT-9)." }),
  })
  .openapi("MemberHealthCheck");

/** EXT-1: a gate in the run status. */
const RunGate = z
  .object({
    id: z.string().openapi({ description: "Approve with POST …/gates/{id}/approve." }),
    type: z.enum(["Approval", "ScheduledStart"]),
    timing: z.enum(["Before", "After"]),
    state: z.enum(["NotStarted", "Pending", "Completed", "Skipped"]),
    displayName: z.string().optional(),
    scheduledStart: z
      .object({ day: z.string(), time: z.string(), utcOffset: z.string() })
      .optional(),
    pendingSince: fleetInstant().optional(),
    dueAt: fleetInstant("ScheduledStart: when it completes.").optional(),
    completedAt: fleetInstant().optional(),
    approvedBy: z.string().optional().openapi({ description: "The approving token's name." }),
    approvedByToken: z.string().optional().openapi({
      description: "SEC-11: the approving token's public id, as the audit trail shows it.",
    }),
    separateApprover: z.boolean().optional().openapi({
      description: "SEC-11: no token that started the run may approve this gate.",
    }),
    reason: z.string().optional().openapi({ description: "Why it is Pending or Skipped (EXT-9)." }),
  })
  .openapi("RunGate");

const StrategyGroup = z.strictObject({
  name: Name.openapi({ description: "Members join by their cluster's `updateGroup` (RUN-3)." }),
  ...budgets,
  ...gates,
  ...health,
});

/** One stage of a strategy (RUN-2). */
export const StrategyStage = z
  .strictObject({
    name: Name,
    groups: z.array(StrategyGroup).min(1).max(50),
    afterStageWaitSeconds: z.number().int().min(0).max(2_592_000).optional(),
    ...budgets,
    ...gates,
    ...health,
  })
  .openapi("StrategyStage");

const stages = z.array(StrategyStage).min(1).max(20);

/** `PUT /v1/fleets/{fleet}/update-strategies/{name}` body (RUN-4). */
export const UpdateStrategyInput = z.strictObject({ stages }).openapi("UpdateStrategyInput", {
  example: {
    stages: [
      { name: "canary", groups: [{ name: "canary" }], afterStageWaitSeconds: 3600 },
      { name: "everyone", groups: [{ name: "eu" }, { name: "us" }] },
    ],
  },
});

/** A stored strategy. */
export const UpdateStrategy = z
  .object({ name: Name, fleet: Name, stages, updatedAt: fleetInstant() })
  .openapi("UpdateStrategy");

export const UpgradeType = z.enum(["Full", "ControlPlaneOnly", "NodeImageOnly"]);
export const NodeImageSelection = z.enum(["Latest", "Consistent"]);
export const UpdateRunState = z.enum([
  "NotStarted",
  "Running",
  "Pending",
  "Skipped",
  "Stopped",
  "Stopping",
  "Failed",
  "Completed",
]);

/** `POST /v1/fleets/{fleet}/update-runs` body. */
export const UpdateRunInput = z
  .strictObject({
    name: Name,
    strategy: Name.optional().openapi({ description: "A strategy of the fleet, copied (RUN-4)." }),
    stages: stages.optional().openapi({ description: "Inline stages instead of a strategy." }),
    upgrade: z.strictObject({
      type: UpgradeType,
      kubernetesVersion: Version.optional(),
    }),
    nodeImageSelection: NodeImageSelection.default("Latest"),
  })
  .openapi("UpdateRunInput", {
    example: {
      name: "r25",
      strategy: "canary-first",
      upgrade: { type: "Full", kubernetesVersion: "1.21.14-gke.4300" },
      nodeImageSelection: "Latest",
    },
  });

/** `POST …/update-runs/{run}/skip` body (RUN-12). */
export const UpdateRunSkipInput = z
  .strictObject({
    targets: z
      .array(z.strictObject({ type: z.enum(["Member", "Group", "Stage"]), name: Name }))
      .min(1)
      .max(100),
  })
  .openapi("UpdateRunSkipInput");

const RunMember = z.object({
  cluster: Name,
  state: UpdateRunState,
  message: z.string().optional().openapi({
    description:
      "Why the member is Pending, Skipped or Failed, starting with the rule that holds it: RUN-8 (waiting), RUN-9 or RUN-12 (skipped), EXT-8 (its cluster was deleted or moved to another fleet during the run), RUN-11 (failed), EXT-7 (its health check runs, or failed).",
  }),
  startedAt: fleetInstant().optional(),
  endedAt: fleetInstant().optional(),
  nodeImage: NodeImage.optional().openapi({
    description: "RUN-6: the image the member's node pools move to, when they all get the same.",
  }),
  nodeImages: z
    .array(z.object({ pool: Name, nodeImage: NodeImage }))
    .optional()
    .openapi({
      description:
        "RUN-6: each node pool's image, when the member's pools get different ones (Latest takes the newest image of each pool's OS family in the member's region).",
    }),
  operation: z.string().optional().openapi({ description: "The member's operation id." }),
  healthCheck: MemberHealth.optional(),
});

const RunGroup = z.object({
  name: Name,
  state: UpdateRunState,
  message: z.string().optional(),
  maxConcurrency: z.int().optional(),
  maxAllowedFailures: z.int().optional(),
  gates: z.array(RunGate).optional(),
  healthCheck: HealthCheck.optional(),
  members: z.array(RunMember),
});

const RunStage = z.object({
  name: Name,
  state: UpdateRunState,
  message: z.string().optional(),
  afterStageWaitSeconds: z.number().int().optional(),
  afterStageWaitEndsAt: fleetInstant().optional(),
  maxConcurrency: z.int().optional(),
  maxAllowedFailures: z.int().optional(),
  gates: z.array(RunGate).optional(),
  healthCheck: HealthCheck.optional(),
  groups: z.array(RunGroup),
});

/** `GET /v1/fleets/{fleet}/update-runs/{run}` (API.md "Update runs"). */
export const UpdateRun = z
  .object({
    name: Name,
    fleet: Name,
    state: UpdateRunState,
    message: z.string().optional(),
    strategy: Name.optional(),
    upgrade: z.object({ type: UpgradeType, kubernetesVersion: Version.optional() }),
    nodeImageSelection: NodeImageSelection,
    nodeImage: NodeImage.optional().openapi({
      description: "RUN-6 Consistent: the chosen image (the members' pools have one OS family).",
    }),
    nodeImages: z.array(NodeImage).optional().openapi({
      description:
        "RUN-6 Consistent: the image chosen for each OS family, when the members' pools have several.",
    }),
    createdAt: fleetInstant(),
    startedAt: fleetInstant().optional(),
    endedAt: fleetInstant().optional(),
    stages: z.array(RunStage),
    nextCursor: z.string().nullable().optional().openapi({
      description:
        "Members are paged in tree order (stage, group, member) while stages and groups are always all shown: pass this as `cursor` for the next members; null on the last page. Opaque.",
    }),
  })
  .openapi("UpdateRun");

/**
 * `?limit=&cursor=` of `GET …/update-runs/{run}`: a page of members (1..1,000, 1,000
 * when absent, so a run under 1,000 members shows them all).
 */
export const UpdateRunStatusQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .optional()
    .openapi({
      param: { name: "limit", in: "query" },
      description: "Members per page (1..1,000; 1,000 when absent).",
      example: 1000,
    }),
  cursor: z
    .string()
    .min(1)
    .max(1024)
    .optional()
    .openapi({
      param: { name: "cursor", in: "query" },
      description: "nextCursor of the previous page",
    }),
});

/** One entry of `GET /v1/fleets/{fleet}/update-runs`. */
export const UpdateRunSummary = z
  .object({
    name: Name,
    state: UpdateRunState,
    message: z.string().optional().openapi({
      description: "Why the run is not moving forward, led by the rule that holds it (EXT-9).",
    }),
    createdAt: fleetInstant(),
  })
  .openapi("UpdateRunSummary");
