import type { Instant } from "@regatta/engine";
import {
  type AnySQLiteColumn,
  foreignKey,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
} from "drizzle-orm/sqlite-core";
import { machineTypes } from "./catalog.ts";
import {
  AUTOSCALING_PROFILES,
  CLUSTER_ROLES,
  NODE_COLORS,
  NODE_STATES,
  RELEASE_CHANNELS,
} from "./enums.ts";
import { fleets } from "./fleets.ts";
import type {
  AutoscalingConfig,
  ClusterComponents,
  Maintenance,
  TaintConfig,
  TpuConfig,
  UpgradeStrategyConfig,
} from "./json.ts";

/**
 * Clusters. `specVersion` is the desired version and `statusVersion` the observed one
 * (VER-8). A fleet with clusters cannot be deleted; an admin cluster that still manages
 * user clusters cannot be deleted either.
 */
export const clusters = sqliteTable(
  "clusters",
  {
    name: text("name").primaryKey(),
    fleet: text("fleet")
      .notNull()
      .references(() => fleets.name, { onDelete: "restrict" }),
    role: text("role", { enum: CLUSTER_ROLES }).notNull(),
    adminCluster: text("admin_cluster").references((): AnySQLiteColumn => clusters.name, {
      onDelete: "restrict",
    }),
    region: text("region").notNull(),
    releaseChannel: text("release_channel", { enum: RELEASE_CHANNELS }).notNull(),
    autopilot: integer("autopilot", { mode: "boolean" }).notNull().default(false),
    /** CA-11 `--autoscaling-profile` (null: the default for the cluster's mode). */
    autoscalingProfile: text("autoscaling_profile", { enum: AUTOSCALING_PROFILES }),
    specVersion: text("spec_version").notNull(),
    statusVersion: text("status_version").notNull(),
    phase: text("phase").notNull(),
    updateGroup: text("update_group"),
    /** SEQ-16: the cluster's labels, which a rollout sequence's stage selectors match (null: none). */
    labels: text("labels", { mode: "json" }).$type<Record<string, string>>(),
    maintenance: text("maintenance", { mode: "json" }).$type<Maintenance>(),
    deprecatedApiUsage: integer("deprecated_api_usage", { mode: "boolean" })
      .notNull()
      .default(false),
    /** LIFE-1: nodes of a separate control-plane load-balancer pool (null: none). */
    loadBalancerNodes: integer("load_balancer_nodes"),
    /** LIFE-4: control-plane node pool size; null = 3 (a highly available control plane). */
    controlPlaneNodes: integer("control_plane_nodes"),
    components: text("status_components", { mode: "json" })
      .$type<ClusterComponents>()
      .notNull()
      .default({}),
    createdAt: integer("created_at").$type<Instant>().notNull(),
    updatedAt: integer("updated_at").$type<Instant>().notNull(),
  },
  (t) => [
    index("clusters_fleet_idx").on(t.fleet, t.name),
    index("clusters_admin_cluster_idx").on(t.adminCluster),
  ],
);

/** Node pools of a cluster; `nodeCount` is per zone. Deleted with their cluster. */
export const nodePools = sqliteTable(
  "node_pools",
  {
    cluster: text("cluster")
      .notNull()
      .references(() => clusters.name, { onDelete: "cascade" }),
    name: text("name").notNull(),
    machineType: text("machine_type")
      .notNull()
      .references(() => machineTypes.name, { onDelete: "restrict" }),
    zones: text("zones", { mode: "json" }).$type<string[]>().notNull(),
    nodeCount: integer("node_count").notNull(),
    version: text("version").notNull(),
    nodeImage: text("node_image").notNull(),
    maxPodsPerNode: integer("max_pods_per_node").notNull().default(110),
    spot: integer("spot", { mode: "boolean" }).notNull().default(false),
    flexStart: integer("flex_start", { mode: "boolean" }).notNull().default(false),
    /** Nodes come only from queued provisioning (NUP-1: short-lived from 1.32.2-gke.1652000). */
    queuedProvisioning: integer("queued_provisioning", { mode: "boolean" })
      .notNull()
      .default(false),
    autopilotManaged: integer("autopilot_managed", { mode: "boolean" }).notNull().default(false),
    /** Local SSDs as ephemeral storage (CA-3: from 0 nodes only from 1.24.5-gke.600). */
    localSsd: integer("local_ssd", { mode: "boolean" }).notNull().default(false),
    tpu: text("tpu", { mode: "json" }).$type<TpuConfig>(),
    /** CA-15: the compute class the pool serves (null: none). */
    computeClass: text("compute_class"),
    /** Labels its nodes carry (`--node-labels`; null: none). */
    labels: text("labels", { mode: "json" }).$type<Record<string, string>>(),
    /** CA-3: taints its nodes carry (`--node-taints`; null: none). */
    taints: text("taints", { mode: "json" }).$type<TaintConfig[]>(),
    autoscaling: text("autoscaling", { mode: "json" }).$type<AutoscalingConfig>(),
    upgradeStrategy: text("upgrade_strategy", { mode: "json" }).$type<UpgradeStrategyConfig>(),
    /**
     * Which pool of this name this is: new when the pool is created, kept when it is
     * replaced. An operation records it at start and writes back only to the same pool,
     * never to one deleted and re-created with its name. Pools created before the column
     * existed share the empty uid; `putNodePoolStatements` gives new ones.
     */
    uid: text("uid").notNull().default(""),
    createdAt: integer("created_at").$type<Instant>().notNull(),
    updatedAt: integer("updated_at").$type<Instant>().notNull(),
  },
  (t) => [
    primaryKey({ name: "node_pools_pk", columns: [t.cluster, t.name] }),
    index("node_pools_machine_type_idx").on(t.machineType),
  ],
);

/**
 * Nodes (machines). Names are unique per cluster (Kubernetes node names); see
 * `nodeName` for how the inventory names the nodes it creates. Deleted with their pool.
 */
export const nodes = sqliteTable(
  "nodes",
  {
    cluster: text("cluster").notNull(),
    name: text("name").notNull(),
    pool: text("pool").notNull(),
    zone: text("zone").notNull(),
    version: text("version").notNull(),
    nodeImage: text("node_image").notNull(),
    state: text("state", { enum: NODE_STATES }).notNull(),
    color: text("color", { enum: NODE_COLORS }),
    createdAt: integer("created_at").$type<Instant>().notNull(),
    updatedAt: integer("updated_at").$type<Instant>().notNull(),
  },
  (t) => [
    primaryKey({ name: "nodes_pk", columns: [t.cluster, t.name] }),
    foreignKey({
      name: "nodes_pool_fk",
      columns: [t.cluster, t.pool],
      foreignColumns: [nodePools.cluster, nodePools.name],
    }).onDelete("cascade"),
    index("nodes_cluster_pool_idx").on(t.cluster, t.pool, t.name),
  ],
);
