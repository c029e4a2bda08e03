import { z } from "@hono/zod-openapi";
import { fleetInstant } from "./clocks.ts";
import { Name } from "./common.ts";
import { SequencedState } from "./rollout.ts";
import { UpdateRunState } from "./update-runs.ts";

/** EXT-6: something a member or group waited for (a window, a stage's wait, a soak). */
export const PlanWait = z
  .object({
    from: fleetInstant(),
    until: fleetInstant(),
    reason: z
      .string()
      .openapi({ description: "Starts with the rule that holds it (RUN-8, RUN-2, SEQ-5…)." }),
  })
  .openapi("PlanWait");

/** EXT-6: one link of the chain that decides the end. */
export const PlanPathStep = z
  .object({
    kind: z.enum(["member", "wait", "stage-wait", "control-plane", "nodes", "soak"]),
    name: z.string().openapi({ description: "A member's cluster, a stage's or a group's name." }),
    from: fleetInstant(),
    until: fleetInstant(),
    reason: z.string().optional(),
  })
  .openapi("PlanPathStep");

const Cutoff = z.object({ at: fleetInstant(), reason: z.string() }).openapi({
  description:
    "The plan stopped before the end: nothing more would happen, its horizon came first, or its budget of steps ran out (SEC-3).",
});

const Assumptions = z.object({
  durations: z.string(),
  jitter: z.string(),
  faults: z.string(),
  healthChecks: z.string(),
});

/** `POST /v1/fleets/{fleet}/update-runs/{run}/plan` (API.md "Update-run extensions"). */
export const UpdateRunPlan = z
  .object({
    run: Name,
    from: fleetInstant("When the plan was made (now)."),
    startedAt: fleetInstant("When the run started, or would if started now."),
    end: fleetInstant(),
    makespanSeconds: z.int().openapi({ description: "From the run's start to its predicted end." }),
    remainingSeconds: z.int().openapi({ description: "From now to the predicted end." }),
    state: UpdateRunState.openapi({ description: "The run's predicted final state." }),
    message: z.string().optional(),
    members: z.array(
      z.object({
        cluster: Name,
        stage: Name,
        group: Name,
        state: UpdateRunState,
        message: z.string().optional(),
        start: fleetInstant().optional(),
        end: fleetInstant().optional(),
        waits: z.array(PlanWait).optional(),
        inFlight: z.boolean().optional().openapi({
          description:
            "Already under way when planned: its end is the sim's estimate from its start.",
        }),
      }),
    ),
    stages: z.array(
      z.object({
        name: Name,
        start: fleetInstant().optional(),
        end: fleetInstant().optional(),
        afterStageWait: PlanWait.optional(),
      }),
    ),
    criticalPath: z.array(PlanPathStep),
    cutoff: Cutoff.optional(),
    assumptions: Assumptions,
  })
  .openapi("UpdateRunPlan");

const PlanClusterTimes = z.object({
  cluster: Name,
  start: fleetInstant().optional(),
  end: fleetInstant().optional(),
  failed: z.string().optional(),
});

/** `GET /v1/fleets/{fleet}/rollout/plan` (API.md "Update-run extensions"). */
export const RolloutPlan = z
  .object({
    fleet: Name,
    from: fleetInstant("When the plan was made (now)."),
    end: fleetInstant(),
    makespanSeconds: z.int().openapi({ description: "From now to the last soak's end." }),
    groups: z
      .array(
        z.object({
          group: z.string(),
          start: fleetInstant().optional(),
          end: fleetInstant().optional(),
          upgrades: z.array(
            z.object({
              type: z.enum(["CONTROL_PLANE", "NODE"]),
              version: z.string(),
              state: SequencedState,
              start: fleetInstant().optional(),
              soakStart: fleetInstant().optional(),
              soakEndsAt: fleetInstant().optional(),
              forced: z.boolean().optional(),
              clusters: z.array(PlanClusterTimes),
            }),
          ),
          waits: z.array(PlanWait.extend({ cluster: Name })).optional(),
        }),
      )
      .openapi({
        description: "Every group of the fleet's sequence the caller may read, head first.",
      }),
    criticalPath: z.array(PlanPathStep),
    cutoff: Cutoff.optional(),
    assumptions: Assumptions.extend({
      upstream: z.string().optional().openapi({
        description:
          "Set when the sequence goes on upstream in fleets the caller cannot read (SEC-3): what that leaves out of the plan.",
      }),
    }),
  })
  .openapi("RolloutPlan");
