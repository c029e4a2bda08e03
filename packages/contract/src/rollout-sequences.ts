import { z } from "@hono/zod-openapi";
import { fleetInstant } from "./clocks.ts";
import { ClusterLabelKey, ClusterLabels, ClusterLabelValue, Name } from "./common.ts";
import { RolloutPlan } from "./plans.ts";
import { SequencedState } from "./rollout.ts";

/**
 * Rollout sequences with custom stages (SEQ-15 onward): `PUT/GET/DELETE
 * /v1/rollout-sequences/{name}`. Sizes here only bound what a request may carry; the
 * rules' own limits (1..10 stages, 1..20 fleets a stage, soaks of 0..30 days) are the
 * engine's, refused with their rule as a 422.
 */

/** `/v1/rollout-sequences/{name}` */
export const RolloutSequenceParams = z.object({ name: Name });

const SelectorRequirement = z
  .strictObject({
    key: ClusterLabelKey,
    operator: z.enum(["In", "NotIn", "Exists", "DoesNotExist"]),
    values: z.array(ClusterLabelValue).max(32).optional().openapi({
      description: "In and NotIn need at least one value; Exists and DoesNotExist take none.",
    }),
  })
  .openapi("ClusterSelectorRequirement");

/** Kubernetes' label selector over clusters' labels: every label and expression must hold. */
export const ClusterSelector = z
  .strictObject({
    matchLabels: ClusterLabels.optional(),
    matchExpressions: z.array(SelectorRequirement).max(32).optional(),
  })
  .openapi("ClusterSelector", {
    description:
      "Narrows a stage's fleets to the clusters whose labels match (SEQ-16); none, or an empty one, takes every cluster of the stage's fleets.",
    example: { matchLabels: { canary: "true" } },
  });

const StageInput = z.strictObject({
  fleets: z.array(Name).max(50).openapi({ description: "1 to 20 fleets (SEQ-15)." }),
  clusterSelector: ClusterSelector.optional(),
  soakSeconds: z.number().int().optional().openapi({
    description:
      "Soak after the stage's upgrades, 0..2592000 seconds (0 to 30 days, SEQ-15); 0 when absent.",
    example: 86400,
  }),
});

/** `PUT /v1/rollout-sequences/{name}`: the whole sequence, replaced as a whole. */
export const RolloutSequenceInput = z
  .strictObject({
    stages: z.array(StageInput).max(50).openapi({
      description:
        "1 to 10 stages in order (SEQ-15). A cluster belongs to the first stage that selects it (SEQ-16).",
    }),
    displayName: z.string().min(1).max(100).optional(),
    labels: ClusterLabels.optional(),
  })
  .openapi("RolloutSequenceInput", {
    example: {
      stages: [
        {
          fleets: ["prod"],
          clusterSelector: { matchLabels: { canary: "true" } },
          soakSeconds: 86400,
        },
        { fleets: ["prod"], soakSeconds: 0 },
      ],
    },
  });

/** One stage as the caller may read it: its fleets and the clusters it selects now. */
const StageView = z
  .object({
    stage: z.number().int().openapi({ description: "The stage's number, from 1." }),
    fleets: z.array(Name).openapi({ description: "The stage's fleets the caller may read." }),
    clusterSelector: ClusterSelector.optional(),
    soakSeconds: z.number().int(),
    clusters: z.array(Name).optional().openapi({
      description:
        "The clusters the stage selects now (SEQ-16: the first stage that selects a cluster takes it), of the fleets the caller may read, by name; at most 1,000 listed. On the sequence's own GET and PUT, not in lists.",
    }),
    clusterCount: z
      .number()
      .int()
      .optional()
      .openapi({ description: "How many clusters `clusters` stands for." }),
  })
  .openapi("RolloutSequenceStage");

/** A rollout sequence with what each stage selects now. */
export const RolloutSequence = z
  .object({
    name: Name,
    displayName: z.string().optional(),
    labels: z.record(z.string(), z.string()),
    stages: z.array(StageView).openapi({
      description:
        "The stages the caller may read (those naming a fleet it may read); numbers keep their place in the whole sequence.",
    }),
    unselected: z.array(Name).optional().openapi({
      description:
        "Clusters of the sequence's fleets that no stage selects (SEQ-16): the sequence does not upgrade them. At most 1,000 listed; not in lists.",
    }),
    createdAt: fleetInstant("When the sequence was created."),
    updatedAt: fleetInstant("When the sequence was last written."),
  })
  .openapi("RolloutSequence");

export const RolloutSequenceList = z
  .object({
    items: z.array(RolloutSequence),
    nextCursor: z.string().nullable().openapi({ description: "null on the last page" }),
  })
  .openapi("RolloutSequenceList");

/** `/v1/rollout-sequences/{name}/rollouts/{rollout}` */
export const SequenceRolloutParams = z.object({
  name: Name,
  rollout: z
    .string()
    .regex(/^(control-plane|node)-\d+\.\d+\.\d+(-[A-Za-z]+\.\d+)?$/, {
      error: (issue) =>
        `${JSON.stringify(issue.input)} is not a rollout id (control-plane-<version> or node-<version>)`,
    })
    .openapi({ example: "control-plane-1.21.14-gke.4300" }),
});

const RolloutStage = z
  .object({
    stage: z.number().int().openapi({ description: "The stage's number in the sequence, from 1." }),
    state: SequencedState,
    reason: z.string().optional().openapi({
      description: "Why the stage is not progressing, led by the rule that holds it.",
    }),
    startedAt: fleetInstant("When the stage's turn came for this version.").optional(),
    endedAt: fleetInstant(
      "When the stage's soak ended: the version is qualified by it.",
    ).optional(),
    soakEndsAt: fleetInstant("When the stage's soak ends (or ended).").optional(),
    clusters: z.array(
      z.object({
        cluster: Name,
        fleet: Name,
        state: SequencedState,
        reason: z.string().optional(),
      }),
    ),
  })
  .openapi("SequenceRolloutStage");

/** SEQ-21: one version of one kind on its way through the stages. */
export const SequenceRollout = z
  .object({
    id: z.string().openapi({ example: "control-plane-1.21.14-gke.4300" }),
    sequence: Name,
    type: z.enum(["CONTROL_PLANE", "NODE"]),
    version: z.string(),
    state: z.enum(["RUNNING", "PAUSED", "COMPLETED"]).openapi({
      description:
        "PAUSED: a user holds it (SEQ-20): nothing new starts, running upgrades finish, soaks go on.",
    }),
    reason: z.string().optional().openapi({ description: "Why a paused rollout does not go on." }),
    stages: z.array(RolloutStage).openapi({
      description: "The stages the caller may read, with the clusters of its fleets.",
    }),
  })
  .openapi("SequenceRollout");

export const SequenceRolloutList = z
  .object({
    items: z.array(SequenceRollout),
    nextCursor: z.string().nullable().openapi({ description: "null on the last page" }),
  })
  .openapi("SequenceRolloutList");

/** EXT-6 for a rollout sequence: each stage (a group named `stage N of <sequence>`) predicted. */
export const SequencePlan = RolloutPlan.omit({ fleet: true })
  .extend({ sequence: Name })
  .openapi("SequencePlan");
