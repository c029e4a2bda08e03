import { z } from "@hono/zod-openapi";
import { fleetInstant } from "./clocks.ts";
import { ClusterLabels, distinct, Name, RegionName, ReleaseChannel, Version } from "./common.ts";
import { Maintenance } from "./maintenance.ts";

/** Cluster roles (LIFE-1). */
export const ClusterRole = z.enum(["admin", "user", "hybrid", "standalone"]).openapi("ClusterRole");

const clusterSpecFields = {
  fleet: Name,
  scopes: z.array(Name).max(64).refine(distinct, { error: "scopes must not repeat" }).default([]),
  role: ClusterRole,
  adminCluster: Name.optional().openapi({
    description: "The admin (or hybrid) cluster that manages this user cluster (LIFE-1, VER-5).",
  }),
  region: RegionName,
  releaseChannel: ReleaseChannel,
  autopilot: z.boolean().default(false),
  autoscalingProfile: z.enum(["balanced", "optimize-utilization"]).optional().openapi({
    description:
      "CA-11 `--autoscaling-profile`: when absent, balanced on Standard clusters and optimize-utilization on Autopilot ones (balanced is not available there, 422). Answers always show the profile in force.",
  }),
  version: Version.openapi({ description: "Desired control-plane version (spec.version, VER-8)." }),
  updateGroup: Name.optional().openapi({
    description: "The update-run group this cluster joins (RUN-3).",
  }),
  labels: ClusterLabels.optional().openapi({
    description:
      "SEQ-16: the cluster's labels, Kubernetes-style key → value (at most 64), which a rollout sequence stage's `clusterSelector` matches. A PUT replaces the whole cluster, so one that leaves `labels` out clears them (as it does every optional field). Answers show the labels as last put, and leave the field out when that PUT had none.",
  }),
  maintenance: Maintenance.optional(),
  deprecatedApiUsage: z.boolean().default(false).openapi({
    description:
      "Set while the cluster uses deprecated APIs; pauses its upgrades, patches included, until cleared (SEQ-11): sequencing holds it and its preflight blocks every target.",
  }),
  controlPlaneNodePool: z
    .strictObject({ nodeCount: z.int().min(1).max(9) })
    .optional()
    .openapi({
      description:
        "LIFE-4: the control-plane node pool's size; absent means 3 (a highly available control plane). Its nodes count in status.components.versions.",
    }),
  loadBalancerNodePool: z
    .strictObject({ nodeCount: z.int().min(1).max(100) })
    .optional()
    .openapi({
      description:
        "LIFE-1, LIFE-3: a separate control-plane load-balancer node pool. A cluster upgrade upgrades it beside the connect agent and add-ons, and the worker pools only after it; without one, worker pools follow the control-plane pool.",
    }),
};

/**
 * `PUT /v1/clusters/{cluster}` body. Only a `user` cluster names an `adminCluster`:
 * admin, hybrid and standalone clusters manage themselves (LIFE-1, LIFE-5).
 */
export const ClusterInput = z
  .strictObject(clusterSpecFields)
  .refine((c) => c.adminCluster === undefined || c.role === "user", {
    error: "adminCluster is only valid for role user (LIFE-1)",
    path: ["adminCluster"],
  })
  .openapi("ClusterInput");

/** LIFE-4: a control-plane or load-balancer node pool's status. */
const NodePoolStatus = z
  .object({
    version: z.string(),
    nodeCount: z.int(),
    state: z.enum(["READY", "UPGRADING", "FAILED"]),
  })
  .openapi("LifecycleNodePoolStatus");

/**
 * Per-component lifecycle status (LIFE-4) while a cluster upgrades: each step's phase,
 * state and version, the version → node count map and the manifests versions. Spelled
 * out (not a free-form record) so the document says what the answer holds.
 */
export const ClusterComponents = z
  .object({
    operation: z.string().optional().openapi({ description: "The latest cluster upgrade's id." }),
    state: z.string().optional().openapi({ description: "That upgrade's state." }),
    reason: z.string().optional().openapi({
      description: "Why that upgrade is not moving forward, led by the rule that holds it (EXT-9).",
    }),
    spec: z.object({ version: z.string() }).optional(),
    status: z.object({ version: z.string() }).optional(),
    /** LIFE-5 with a bootstrap: the target's own resources are stale, progress is here. */
    statusStale: z.boolean().optional(),
    owner: z.enum(["TARGET", "BOOTSTRAP"]).optional(),
    components: z
      .array(
        z.object({
          id: z.string(),
          phase: z.enum([
            "PREFLIGHT",
            "SPEC_SET",
            "BOOTSTRAP",
            "LIFECYCLE_CONTROLLERS",
            "CONTROL_PLANE_LOAD_BALANCERS",
            "CONTROL_PLANE_NODE_POOL",
            "ADD_ONS_AND_LOAD_BALANCER_POOL",
            "WORKER_NODE_POOLS",
            "HEALTH_CHECKS",
            "PIVOT_BACK",
            "STATUS_SET",
          ]),
          state: z.enum(["PENDING", "RUNNING", "WAITING", "DONE", "FAILED"]),
          version: z.string(),
          attempts: z.int(),
          poolOperation: z.string().optional(),
          error: z.string().optional(),
          reason: z.string().optional(),
          failingSince: fleetInstant().optional(),
          lastFailure: z.string().optional(),
          nextAttemptAt: fleetInstant().optional(),
        }),
      )
      .optional(),
    /** LIFE-4: the control-plane and load-balancer node pools, at all times. */
    controlPlaneNodePool: NodePoolStatus.optional(),
    loadBalancerNodePool: NodePoolStatus.optional(),
    /** Version → number of nodes on it, over every node pool. */
    versions: z.record(z.string(), z.int()).optional(),
    lifecycleControllersManifestsVersion: z.string().optional(),
    manifestsVersion: z.string().optional(),
  })
  .openapi("ClusterComponents", {
    description:
      "LIFE-4, at all times: versions, the version → node count map and the control-plane and load-balancer node pools; while a cluster upgrades (or after its upgrade failed) also each component's state, on GET of the one cluster. In lists, the node pools and counts come from the inventory.",
  });

/** What a cluster is observed to run (VER-8: status.version changes only when an upgrade succeeds). */
export const ClusterStatus = z
  .object({
    version: Version,
    specVersion: Version,
    phase: z.string().openapi({ example: "RUNNING" }),
    nextWindowOpen: fleetInstant("Next maintenance window opening (MW-3).").optional(),
    components: ClusterComponents,
    reason: z.string().optional().openapi({
      description: "Why the cluster is not progressing, citing the rule that holds it (EXT-9).",
    }),
  })
  .openapi("ClusterStatus");

/** A cluster as the API shows it: its spec plus `status`. */
export const Cluster = z
  .object({
    name: Name,
    ...clusterSpecFields,
    status: ClusterStatus,
    createdAt: fleetInstant().optional(),
    updatedAt: fleetInstant().optional(),
  })
  .openapi("Cluster");
