import { z } from "@hono/zod-openapi";
import { fleetInstant } from "./clocks.ts";
import { distinct, Name, NodeImage, Version, ZoneName } from "./common.ts";

const SEVEN_DAYS = 604_800;
const PerZone = z.int().min(0).max(1000);
const Total = z.int().min(0).max(15_000);

/** A TPU slice: `topology` like `16x16` or `2x2x4` (CA-13). */
export const Tpu = z
  .strictObject({
    topology: z
      .string()
      .regex(/^\d{1,3}(x\d{1,3}){1,2}$/, { error: "topology must look like 2x4 or 2x2x4" })
      .openapi({ example: "16x16" }),
    multiHost: z.boolean(),
  })
  .openapi("Tpu");

/**
 * Cluster-autoscaler settings (CA-1, CA-10, CA-11): limits either per zone
 * (`minNodes`/`maxNodes`) or across zones (`totalMinNodes`/`totalMaxNodes`); a profile
 * overriding the cluster's.
 */
export const Autoscaling = z
  .strictObject({
    enabled: z.boolean(),
    minNodes: PerZone.optional(),
    maxNodes: PerZone.optional(),
    totalMinNodes: Total.optional(),
    totalMaxNodes: Total.optional(),
    locationPolicy: z.enum(["BALANCED", "ANY"]).optional(),
    profile: z.enum(["balanced", "optimize-utilization"]).optional().openapi({
      description:
        "CA-11 is a cluster setting (the cluster's autoscalingProfile); set here it overrides it for this pool, an extension of Regatta's. Absent: the cluster's.",
    }),
  })
  .refine(
    (a) =>
      (a.minNodes === undefined && a.maxNodes === undefined) ||
      (a.totalMinNodes === undefined && a.totalMaxNodes === undefined),
    { error: "set per-zone minNodes/maxNodes or totalMinNodes/totalMaxNodes, not both (CA-1)" },
  )
  .refine((a) => (a.minNodes ?? 0) <= (a.maxNodes ?? Number.POSITIVE_INFINITY), {
    error: "minNodes must not exceed maxNodes",
    path: ["minNodes"],
  })
  .refine((a) => (a.totalMinNodes ?? 0) <= (a.totalMaxNodes ?? Number.POSITIVE_INFINITY), {
    error: "totalMinNodes must not exceed totalMaxNodes",
    path: ["totalMinNodes"],
  })
  .openapi("Autoscaling");

/** Node pool upgrade strategies (NUP-1). */
export const UpgradeStrategyType = z
  .enum(["SURGE", "BLUE_GREEN", "AUTOSCALED_BLUE_GREEN", "SHORT_LIVED"])
  .openapi("UpgradeStrategyType");

/**
 * How a pool upgrades, with SPEC defaults: surge `maxSurge` 1 / `maxUnavailable` 0 per
 * zone (NUP-2), blue-green batches and soaks (NUP-8), autoscaled blue-green wait (NUP-10).
 */
export const UpgradeStrategy = z
  .strictObject({
    type: UpgradeStrategyType.default("SURGE"),
    maxSurge: PerZone.default(1),
    maxUnavailable: PerZone.default(0),
    batchNodeCount: PerZone.optional(),
    batchPercent: z.number().min(0).max(1).optional(),
    // NUP-8: only the total soak is capped (at 7 days, blue then deleted at once), when
    // the upgrade runs; each setting on its own may be longer.
    batchSoakSeconds: z.int().min(0).default(0),
    nodePoolSoakSeconds: z.int().min(0).default(3600),
    waitSeconds: z.int().min(0).max(SEVEN_DAYS).default(259_200),
  })
  .refine((s) => s.maxSurge > 0 || s.maxUnavailable > 0, {
    error: "NUP-2: maxSurge and maxUnavailable cannot both be 0",
    path: ["maxSurge"],
  })
  .refine((s) => s.batchNodeCount === undefined || s.batchPercent === undefined, {
    error: "set batchNodeCount or batchPercent, not both (NUP-8)",
    path: ["batchPercent"],
  })
  .openapi("UpgradeStrategy");

/** A node taint (`--node-taints`): pods must tolerate NoSchedule and NoExecute ones (CA-3). */
export const Taint = z
  .strictObject({
    key: z.string().min(1).max(317),
    value: z.string().max(63).optional(),
    effect: z.enum(["NoSchedule", "PreferNoSchedule", "NoExecute"]),
  })
  .openapi("Taint");

const nodePoolSpecFields = {
  machineType: Name,
  zones: z.array(ZoneName).min(1).max(16).refine(distinct, { error: "zones must not repeat" }),
  nodeCount: PerZone.openapi({ description: "Nodes in each zone." }),
  version: Version,
  nodeImage: NodeImage,
  maxPodsPerNode: z.int().min(8).max(256).default(110),
  spot: z.boolean().default(false),
  flexStart: z.boolean().default(false),
  queuedProvisioning: z.boolean().default(false).openapi({
    description:
      "The pool's nodes come only from queued provisioning; from control plane 1.32.2-gke.1652000 on it upgrades short-lived (NUP-1).",
  }),
  autopilotManaged: z.boolean().default(false),
  localSsd: z.boolean().default(false).openapi({
    description:
      "Local SSDs as ephemeral storage (`--ephemeral-storage-local-ssd`): below control plane 1.24.5-gke.600 the autoscaler does not grow the pool from 0 nodes (CA-3).",
  }),
  tpu: Tpu.optional(),
  computeClass: Name.optional().openapi({
    description:
      "CA-15: the compute class this pool serves; pods ask for it with the node selector cloud.google.com/compute-class",
  }),
  labels: z
    .record(z.string().min(1).max(317), z.string().max(63))
    .refine((r) => Object.keys(r).length <= 64, { error: "at most 64 labels" })
    .optional()
    .openapi({
      description: "Labels the pool's nodes carry (`--node-labels`); node selectors match them.",
    }),
  taints: z.array(Taint).max(32).optional().openapi({
    description:
      "Taints the pool's nodes carry (`--node-taints`); only pods tolerating the NoSchedule and NoExecute ones land on them (CA-3).",
  }),
  autoscaling: Autoscaling.optional(),
  upgradeStrategy: UpgradeStrategy.optional(),
};

/**
 * `PUT /v1/clusters/{cluster}/node-pools/{pool}` body. Refuses BALANCED location policy
 * for flex-start pools (CA-10) and autoscaled blue-green without autoscaling (NUP-10;
 * its control-plane version condition is the engine's).
 */
export const NodePoolInput = z
  .strictObject(nodePoolSpecFields)
  .refine((p) => !(p.flexStart && p.autoscaling?.locationPolicy === "BALANCED"), {
    error: "CA-10: BALANCED location policy is not allowed for flex-start pools",
    path: ["autoscaling", "locationPolicy"],
  })
  .refine(
    (p) => p.upgradeStrategy?.type !== "AUTOSCALED_BLUE_GREEN" || p.autoscaling?.enabled === true,
    {
      error: "NUP-10: AUTOSCALED_BLUE_GREEN needs autoscaling enabled",
      path: ["upgradeStrategy", "type"],
    },
  )
  .openapi("NodePoolInput");

/** A node pool as the API shows it. */
export const NodePool = z
  .object({
    cluster: Name,
    name: Name,
    ...nodePoolSpecFields,
    createdAt: fleetInstant().optional(),
    updatedAt: fleetInstant().optional(),
  })
  .openapi("NodePool");
