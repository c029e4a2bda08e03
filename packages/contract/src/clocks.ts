import { Rfc3339 } from "./common.ts";

/**
 * What the fleet does — soaks, windows, backoff, every operation, run and rollout
 * instant — happens on the control plane's clock, which the sim provider runs virtually
 * (`SIM_SPEED` times faster than the wall), so a scenario decides the same at any speed.
 */
export const CONTROL_PLANE_CLOCK = "the control plane's clock (virtual in sim mode)";

/**
 * Bookkeeping — tokens, notification subscriptions and deliveries — is stamped by the
 * deployment's wall clock in every mode, so at 3,600× its history still lasts real days.
 */
export const WALL_CLOCK = "the wall clock";

/**
 * An instant of what the fleet does, its description saying which clock it is on (after
 * what it means, when given: a sentence).
 *
 * @example startedAt: fleetInstant("When the upgrade started.").optional()
 */
export function fleetInstant(meaning?: string) {
  return Rfc3339.openapi({ description: onClock(CONTROL_PLANE_CLOCK, meaning) });
}

/**
 * A bookkeeping instant, stamped by the wall clock even in sim mode.
 *
 * @example createdAt: wallInstant("When the token was made.")
 */
export function wallInstant(meaning?: string) {
  return Rfc3339.openapi({ description: onClock(WALL_CLOCK, meaning) });
}

function onClock(clock: string, meaning: string | undefined): string {
  return `${meaning === undefined ? "" : `${meaning} `}On ${clock}.`;
}
