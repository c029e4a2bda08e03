import { z } from "@hono/zod-openapi";
import { fleetInstant } from "./clocks.ts";
import { Name, Version } from "./common.ts";
import { page } from "./page.ts";
import { NodeImageSelection } from "./update-runs.ts";

/** `/v1/fleets/{fleet}/auto-upgrade-profiles` */
export const AutoUpgradeProfilesParams = z.object({ fleet: Name });
/** `/v1/fleets/{fleet}/auto-upgrade-profiles/{name}` */
export const AutoUpgradeProfileParams = z.object({ fleet: Name, name: Name });

/** EXT-5: what a profile follows. */
export const AutoUpgradeChannel = z
  .enum(["Stable", "Rapid", "NodeImage", "TargetKubernetesVersion"])
  .openapi("AutoUpgradeChannel", {
    description:
      "EXT-5: Stable — the latest patch of the minor below the newest published one (N−1); Rapid — the latest patch of the newest minor (N); NodeImage — the newest node images; TargetKubernetesVersion — targetKubernetesVersion. Never more than one minor per generated run.",
  });

/** `PUT /v1/fleets/{fleet}/auto-upgrade-profiles/{name}` body (EXT-5). */
export const AutoUpgradeProfileInput = z
  .strictObject({
    strategy: Name.openapi({
      description:
        "An update strategy of the fleet (RUN-4); generated runs copy it (422 if absent).",
    }),
    channel: AutoUpgradeChannel,
    targetKubernetesVersion: Version.optional().openapi({
      description: "TargetKubernetesVersion only, and required there; must be published (VER-6).",
    }),
    nodeImageSelection: NodeImageSelection.default("Latest"),
    disabled: z.boolean().default(false).openapi({
      description: "A disabled profile generates nothing.",
    }),
  })
  .openapi("AutoUpgradeProfileInput");

/** A stored profile with what its reconciles observed. */
export const AutoUpgradeProfile = z
  .object({
    name: Name,
    fleet: Name,
    strategy: Name,
    channel: AutoUpgradeChannel,
    targetKubernetesVersion: Version.optional(),
    nodeImageSelection: NodeImageSelection,
    disabled: z.boolean(),
    createdAt: fleetInstant(),
    updatedAt: fleetInstant(),
    status: z.object({
      lastRun: Name.optional().openapi({
        description: "The last update run the profile generated (`<profile>-<goal>-<n>`).",
      }),
      lastGeneratedAt: fleetInstant("When the profile last generated a run.").optional(),
      reason: z.string().optional().openapi({
        description:
          "Why the last reconcile generated nothing, led by the rule that holds it (EXT-9), e.g. `EXT-5: every member already runs 1.18.6 or newer`.",
      }),
    }),
  })
  .openapi("AutoUpgradeProfile");

export const AutoUpgradeProfileList = page(AutoUpgradeProfile).openapi("AutoUpgradeProfileList");
