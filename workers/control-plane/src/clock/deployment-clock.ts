import type { Inventory } from "@regatta/inventory";
import { type Env, providerMode } from "../env.ts";
import { type Clock, simClock, wallClock } from "./clock.ts";
import { type ClockRead, configuredSpeed, loadSimClock } from "./sim-clock-store.ts";

/**
 * The clock of this deployment, for objects and the API alike: real deployments use
 * wall time; sim deployments share the virtual clock kept in D1 (read afresh, since an
 * operator can re-anchor it at any time).
 *
 * @example const now = (await deploymentClock(env, db)).now();
 */
export async function deploymentClock(env: Env, db: Inventory, read?: ClockRead): Promise<Clock> {
  if (providerMode(env) !== "sim") return wallClock;
  return simClock(await loadSimClock(db, configuredSpeed(env.SIM_SPEED), Date.now(), read));
}
