import { z } from "@hono/zod-openapi";
import { fleetInstant } from "./clocks.ts";

const COMMAND_TYPES = [
  "CREATE_NODE",
  "DELETE_NODE",
  "CORDON_NODE",
  "UNCORDON_NODE",
  "DRAIN_NODE",
  "UPGRADE_NODE",
  "UPGRADE_CONTROL_PLANE",
  "UPGRADE_COMPONENT",
  "RUN_PREFLIGHT",
  "HEALTH_CHECK",
] as const;

export const FAULT_EFFECTS = [
  "FAIL",
  "QUOTA_EXCEEDED",
  "IP_EXHAUSTED",
  "STUCK_DRAIN",
  "HEALTH_CHECK_FAIL",
] as const;

const Name = z.string().min(1).max(253);

/** What a fault hits: any of cluster, pool, node and command type (all given must match). */
const FaultMatch = z.strictObject({
  cluster: Name.optional(),
  pool: Name.optional(),
  node: Name.optional(),
  operation: z.enum(COMMAND_TYPES).optional(),
});

/** `PUT /v1/sim/faults/{id}` body (API.md "Executors"). */
export const SimFaultInput = z
  .strictObject({
    match: FaultMatch.default({}),
    effect: z.enum(FAULT_EFFECTS),
    times: z.int().min(1).max(1_000_000).optional(),
  })
  .openapi("SimFaultInput");

/**
 * A fault as the API answers it. Spelled out rather than `SimFaultInput.extend`: that
 * renders as `allOf` of two closed objects, which no answer can satisfy.
 */
export const SimFault = z
  .strictObject({
    id: z.string(),
    match: FaultMatch,
    effect: SimFaultInput.shape.effect,
    times: SimFaultInput.shape.times,
  })
  .openapi("SimFault");

const Seconds = z
  .int()
  .min(0)
  .max(30 * 86_400);

/** `PUT /v1/sim/settings`: the sim's timing; durations not given keep the defaults. */
export const SimSettings = z
  .strictObject({
    durations: z
      .partialRecord(z.enum(COMMAND_TYPES), Seconds)
      .default({})
      .openapi({ example: { CREATE_NODE: 120, DRAIN_NODE: 60, UPGRADE_CONTROL_PLANE: 600 } }),
    jitter: z.number().min(0).max(1).default(0),
    rejectionDelaySeconds: Seconds.default(5),
  })
  .openapi("SimSettings");

/** `GET /v1/sim`: the virtual clock, the timing and the active faults. */
export const SimStatus = z
  .object({
    now: fleetInstant("The virtual clock's now.").openapi({ example: "2026-11-23T10:00:00.000Z" }),
    speed: z.number(),
    settings: SimSettings,
    faults: z.array(SimFault),
  })
  .openapi("SimStatus");

/** `POST /v1/sim/preempt`: a spot or flex-start node goes away (NUP-11). */
export const SimPreemptInput = z
  .strictObject({ cluster: Name, pool: Name, node: Name })
  .openapi("SimPreemptInput");

/** `POST /v1/sim/advance`: jump the virtual clock ahead and run what became due. */
export const SimAdvanceInput = z
  .strictObject({
    seconds: z
      .int()
      .min(0)
      .max(366 * 86_400),
  })
  .openapi("SimAdvanceInput");

/** `PUT /v1/sim/speed`: virtual seconds per wall second (0 freezes the clock). */
export const SimSpeedInput = z
  .strictObject({ speed: z.number().min(0).max(1_000_000) })
  .openapi("SimSpeedInput");
