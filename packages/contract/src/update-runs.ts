import { z } from "@hono/zod-openapi";
import { Name, NodeImage, Rfc3339, Version } from "./common.ts";

/** `/v1/fleets/{fleet}/update-strategies/{name}` */
export const UpdateStrategyParams = z.object({ fleet: Name, name: Name });
/** `/v1/fleets/{fleet}/update-runs` */
export const UpdateRunsParams = z.object({ fleet: Name });
/** `/v1/fleets/{fleet}/update-runs/{run}` */
export const UpdateRunParams = z.object({ fleet: Name, run: Name });

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
      "EXT-2: members in flight at once (stage default 50, group default 1); a percentage rounds down, at least 1. A group may not allow more than its stage (422).",
  }),
  maxAllowedFailures: Budget.optional().openapi({
    description:
      "EXT-3: failed members tolerated before the scope fails (default 0: RUN-11); a percentage rounds up.",
  }),
};

const StrategyGroup = z.strictObject({
  name: Name.openapi({ description: "Members join by their cluster's `updateGroup` (RUN-3)." }),
  ...budgets,
});

/** One stage of a strategy (RUN-2). */
export const StrategyStage = z
  .strictObject({
    name: Name,
    groups: z.array(StrategyGroup).min(1).max(50),
    afterStageWaitSeconds: z.number().int().min(0).max(2_592_000).optional(),
    ...budgets,
  })
  .openapi("StrategyStage");

const stages = z.array(StrategyStage).min(1).max(20);

/** `PUT /v1/fleets/{fleet}/update-strategies/{name}` body (RUN-4). */
export const UpdateStrategyInput = z.strictObject({ stages }).openapi("UpdateStrategyInput");

/** A stored strategy. */
export const UpdateStrategy = z
  .object({ name: Name, fleet: Name, stages, updatedAt: Rfc3339 })
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
  .openapi("UpdateRunInput");

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
      "Why the member is Pending, Skipped or Failed, starting with the rule that holds it: RUN-8 (waiting), RUN-9 or RUN-12 (skipped), EXT-8 (its cluster was deleted or moved to another fleet during the run), RUN-11 (failed).",
  }),
  startedAt: Rfc3339.optional(),
  endedAt: Rfc3339.optional(),
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
});

const RunGroup = z.object({
  name: Name,
  state: UpdateRunState,
  message: z.string().optional(),
  maxConcurrency: z.int().optional(),
  maxAllowedFailures: z.int().optional(),
  members: z.array(RunMember),
});

const RunStage = z.object({
  name: Name,
  state: UpdateRunState,
  message: z.string().optional(),
  afterStageWaitSeconds: z.number().int().optional(),
  afterStageWaitEndsAt: Rfc3339.optional(),
  maxConcurrency: z.int().optional(),
  maxAllowedFailures: z.int().optional(),
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
    createdAt: Rfc3339,
    startedAt: Rfc3339.optional(),
    endedAt: Rfc3339.optional(),
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
  .object({ name: Name, state: UpdateRunState, createdAt: Rfc3339 })
  .openapi("UpdateRunSummary");
