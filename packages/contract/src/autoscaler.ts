import { z } from "@hono/zod-openapi";
import { fleetInstant } from "./clocks.ts";
import { Name, ZoneName } from "./common.ts";
import { GpuType } from "./machine-types.ts";
import { ListQuery, page } from "./page.ts";
import { ContainerRequests, Pod, WorkloadsStatus } from "./workloads.ts";

/** What one autoscaler decision did to a pool (CA-17). */
export const ScalingAction = z
  .enum(["SCALE_UP", "SCALE_DOWN", "NOOP", "BACKOFF"])
  .openapi("ScalingAction");

/**
 * One recorded decision (CA-17): when, which pool, what and by how much, per zone for
 * scale-ups, the nodes removed, a one-line reason and, when a rule held it back, the rule.
 * A no-op or backoff that later passes repeat stays one decision: `at` is when a pass
 * first said it, `until` when a pass first no longer did (absent while it holds).
 */
export const AutoscalerDecision = z
  .object({
    id: z.int(),
    at: fleetInstant(),
    pool: z.string().nullable(),
    action: ScalingAction,
    delta: z.int(),
    zones: z.record(ZoneName, z.int()).optional(),
    nodes: z.array(z.string()).optional(),
    reason: z.string(),
    blockedBy: z.string().optional(),
    unneededSince: fleetInstant(
      "CA-5: a node kept while it waits out its unneeded time has been unneeded since then.",
    ).optional(),
    until: fleetInstant(
      "When a pass first no longer repeated this no-op or backoff (absent while it holds).",
    ).optional(),
    inputs: z
      .object({ pods: z.int(), pending: z.int(), nodes: z.int(), trigger: z.string() })
      .optional(),
  })
  .openapi("AutoscalerDecision");

export const AutoscalerDecisionList = page(AutoscalerDecision).openapi("AutoscalerDecisionList");

const ACTIONS = ScalingAction.options.join("|");

/**
 * `GET …/autoscaler/decisions?pool=&action=&limit=&cursor=`: newest first. `action` is a
 * comma-separated list (`SCALE_UP,SCALE_DOWN`): a person looking for what changed the
 * pool's size skips the no-ops without paging through them.
 */
export const DecisionsQuery = ListQuery.extend({
  pool: Name.optional().openapi({ param: { name: "pool", in: "query" } }),
  action: z
    .string()
    .regex(new RegExp(`^(${ACTIONS})(,(${ACTIONS}))*$`), {
      error: `CA-17: action is a comma-separated list of ${ScalingAction.options.join(", ")}`,
    })
    .optional()
    .openapi({
      param: { name: "action", in: "query" },
      description: "Only decisions with one of these actions, comma-separated.",
      example: "SCALE_UP,SCALE_DOWN",
    }),
});

/**
 * `POST …/autoscaler/evaluate` answer: the decisions of the pass it ran, each as the log
 * holds it (a repeat of an earlier pass's is that decision, with its id and `at`).
 */
export const EvaluationResult = z
  .object({
    cluster: z.string(),
    at: fleetInstant(),
    decisions: z.array(AutoscalerDecision),
    nextScanAt: fleetInstant("When the next pass is due.").optional(),
  })
  .openapi("EvaluationResult");

/** One rule of a compute class (CA-15): tried in order on scale-up. */
export const ComputeClassRule = z
  .strictObject({
    machineType: Name.optional(),
    spot: z.boolean().optional(),
    accelerator: z
      .strictObject({ type: GpuType.optional(), count: z.int().min(1).max(16) })
      .optional(),
  })
  .refine((r) => Object.keys(r).length > 0, { error: "a rule names at least one property" })
  .openapi("ComputeClassRule");

/** `PUT /v1/compute-classes/{name}` body (CA-15). */
export const ComputeClassInput = z
  .strictObject({
    priorities: z.array(ComputeClassRule).min(1).max(32),
    /** With it, workloads move to a higher rule when its capacity returns. */
    activeMigration: z.strictObject({ optimizeRulePriority: z.boolean() }).optional(),
  })
  .openapi("ComputeClassInput");

/** A compute class as the API answers it: one closed object (an `extend` renders as `allOf`). */
export const ComputeClass = z
  .strictObject({ name: Name, ...ComputeClassInput.shape, updatedAt: fleetInstant().optional() })
  .openapi("ComputeClass");

export const ComputeClassParams = z.object({ name: Name });

/** ProvisioningRequest classes (CA-14). */
export const ProvisioningClass = z
  .enum(["queued-provisioning", "check-capacity", "best-effort-atomic"])
  .openapi("ProvisioningClass");

/** `POST /v1/clusters/{cluster}/provisioning-requests` (CA-14): one template, one pool. */
export const ProvisioningRequestInput = z
  .strictObject({
    class: ProvisioningClass,
    pool: Name.optional(),
    podTemplate: z.strictObject({
      containers: z.array(ContainerRequests).min(1).max(32),
      nodeSelector: Pod.shape.nodeSelector,
      priority: Pod.shape.priority,
    }),
    count: z.int().min(1).max(15_000),
  })
  .openapi("ProvisioningRequestInput");

/** A ProvisioningRequest and where it stands (CA-14). */
export const ProvisioningRequest = z
  .object({
    id: z.string(),
    cluster: z.string(),
    class: ProvisioningClass,
    pool: z.string().nullable(),
    count: z.int(),
    state: z.enum([
      "WAITING",
      "PROVISIONED",
      "FAILED",
      "CAPACITY_AVAILABLE",
      "CAPACITY_UNAVAILABLE",
    ]),
    reason: z.string(),
    at: fleetInstant(),
  })
  .openapi("ProvisioningRequest");

/** `PUT …/workloads` answer: what is stored and, for a whole snapshot, the pass it ran. */
export const WorkloadsAccepted = WorkloadsStatus.extend({
  decisions: z.array(AutoscalerDecision).optional(),
}).openapi("WorkloadsAccepted");

/** `GET …/workloads/pods`: the stored pods, with the node the control plane expects. */
export const WorkloadPodList = page(Pod).openapi("WorkloadPodList");
