import { z } from "@hono/zod-openapi";
import { Rfc3339, Version } from "./common.ts";

/** `POST /v1/clusters/{cluster}/preflight` body. */
export const ClusterPreflightInput = z
  .strictObject({
    version: Version.openapi({ description: "The version the cluster would be upgraded to." }),
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
    at: Rfc3339,
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
  })
  .openapi("ClusterUpgradeInput");
