import { type Env, providerMode } from "../env.ts";
import { configuredSpeed, loadSimClock } from "../providers/sim-clock.ts";
import { type Clock, simClock, wallClock } from "./runtime/clock.ts";

/** Real deployments use wall time; sim deployments share the virtual clock kept in D1. */
export async function objectClock(env: Env): Promise<Clock> {
  if (providerMode(env) !== "sim") return wallClock;
  return simClock(await loadSimClock(env.DB, configuredSpeed(env.SIM_SPEED)));
}
