import { z } from "@hono/zod-openapi";
import { fleetInstant } from "./clocks.ts";
import { Version } from "./common.ts";

/** LIFE-3: how a cluster upgrade upgrades the worker pools. */
export const WorkerPoolUpgrade = z
  .enum(["IN_PLACE", "STRATEGY"])
  .default("IN_PLACE")
  .openapi("WorkerPoolUpgrade", {
    description:
      "IN_PLACE (bare metal, the default): each worker machine is drained, its kubelet and container runtime upgraded, and uncordoned; no machine is created and no surge quota is needed. STRATEGY: each pool through its own node-pool upgrade strategy (surge, blue-green, …), for clusters on cloud machines; update runs and rollout sequences upgrade this way.",
  });

/** `POST /v1/clusters/{cluster}/preflight` body. */
export const ClusterPreflightInput = z
  .strictObject({
    version: Version.openapi({ description: "The version the cluster would be upgraded to." }),
    workerPools: WorkerPoolUpgrade,
  })
  .openapi("ClusterPreflightInput");

/** One preflight finding (LIFE-2); `message` starts with `rule` (EXT-9). */
export const PreflightFinding = z
  .object({
    check: z.string().openapi({ example: "VERSION_PATH" }),
    blocking: z.boolean(),
    message: z.string().openapi({ example: "VER-4: 1.13.0 → 1.15.0 skips minor 1.14" }),
    rule: z.string().openapi({ example: "VER-4" }),
  })
  .openapi("PreflightFinding");

/** `POST|GET /v1/clusters/{cluster}/preflight` (API.md): the latest LIFE-2 preflight. */
export const PreflightResult = z
  .object({
    cluster: z.string(),
    version: z.string().openapi({ description: "The version the preflight checked." }),
    passed: z.boolean().openapi({ description: "No blocking finding: an upgrade may start." }),
    findings: z.array(PreflightFinding),
    at: fleetInstant("When the preflight ran."),
  })
  .openapi("PreflightResult");

/** `POST /v1/clusters/{cluster}/upgrade` body. */
export const ClusterUpgradeInput = z
  .strictObject({
    version: Version.openapi({ description: "The version the cluster is upgraded to." }),
    useBootstrap: z.boolean().default(false).openapi({
      description:
        "LIFE-5, admin/hybrid/standalone: upgrade through a temporary bootstrap cluster instead of in place.",
    }),
    workerPools: WorkerPoolUpgrade,
    ignoreMaintenanceWindow: z.boolean().default(true).openapi({
      description:
        "MW-1: a user's own upgrade starts now and its worker pools run outside the cluster's windows (windows and exclusions hold automatic upgrades: runs, sequences, profiles); false holds the pools to the windows as those do (MW-4).",
    }),
  })
  .openapi("ClusterUpgradeInput");
