import { z } from "@hono/zod-openapi";
import { fleetInstant } from "./clocks.ts";
import { Name, Version } from "./common.ts";

const soakSeconds = z.number().int().openapi({
  description: "Seconds, 0..2592000 (0 to 30 days, SEQ-7); outside is a 422.",
  example: 604800,
});

const soakFields = {
  defaultSoakSeconds: soakSeconds,
  soakOverrides: z
    .array(z.strictObject({ version: Version, soakSeconds }))
    .max(100)
    .default([])
    .openapi({ description: "Per-version soak (SEQ-7, SEQ-14); 0 proceeds at once." }),
};

/** `PUT /v1/fleets/{fleet}/rollout` (SEQ-1, SEQ-7). */
export const FleetRolloutInput = z
  .strictObject({ upstreamFleet: Name.nullable().optional(), ...soakFields })
  .openapi("FleetRolloutInput");

/**
 * `PUT /v1/fleets/{fleet}/scopes/{scope}/rollout`: the upstream is `fleet/scope`, a team's
 * scope in another fleet (a bare name means the same fleet, which SEQ-2 refuses: one team
 * scope per fleet in a sequence).
 */
export const ScopeRolloutInput = z
  .strictObject({
    upstreamScope: z
      .string()
      .regex(/^([a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?\/)?[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/, {
        error: (issue) => `${JSON.stringify(issue.input)} is not a scope or fleet/scope`,
      })
      .nullable()
      .optional(),
    ...soakFields,
  })
  .openapi("ScopeRolloutInput");

/** A group's configuration as stored. */
export const RolloutConfig = z
  .object({
    group: z.string(),
    upstream: z.string().nullable(),
    downstream: z.string().nullable(),
    defaultSoakSeconds: z.number().int(),
    soakOverrides: z.array(z.object({ version: Version, soakSeconds: z.number().int() })),
  })
  .openapi("RolloutConfig");

/** SEQ-13: the states of a group's (or a stage's) upgrade, and of a cluster in it. */
export const SequencedState = z.enum([
  "INELIGIBLE",
  "PENDING",
  "IN_PROGRESS",
  "SOAKING",
  "FORCED_SOAKING",
  "COMPLETE",
]);

/** `GET /v1/fleets/{fleet}/rollout` (SEQ-13). */
export const RolloutStatus = z
  .object({
    group: z.string(),
    upstream: z.string().optional(),
    downstream: z.string().optional(),
    channel: z.string().optional(),
    config: RolloutConfig.optional(),
    messagesHeard: z.number().int().optional().openapi({
      description: "Words received from the upstream group so far (SEQ-8: a few per release).",
    }),
    upgrades: z.array(
      z.object({
        type: z.enum(["CONTROL_PLANE", "NODE"]),
        version: Version,
        tracking: z.enum(["MINOR", "PATCH"]),
        state: SequencedState,
        startedAt: fleetInstant().optional(),
        soakEndsAt: fleetInstant().optional(),
        reason: z
          .string()
          .optional()
          .openapi({ description: "Led by the rule that holds it (EXT-9)." }),
        clusters: z.array(
          z.object({ cluster: z.string(), state: SequencedState, reason: z.string().optional() }),
        ),
      }),
    ),
    clusters: z
      .array(z.object({ cluster: z.string(), reason: z.string() }))
      .openapi({ description: "Clusters in no upgrade, and why (CH-2, SEQ-3, SEQ-4, SEQ-11)." }),
  })
  .openapi("RolloutStatus");
