import type { Instant } from "@regatta/engine";
import type { Inventory } from "@regatta/inventory";
import type { Env } from "../env.ts";
import { deploymentClock } from "./deployment-clock.ts";
import type { ClockRead } from "./sim-clock-store.ts";

/**
 * "Now" as the control plane sees it: virtual time in sim mode, else the wall clock.
 *
 * @example const now = await controlPlaneNow(c.env, c.var.inventory);
 */
export async function controlPlaneNow(
  env: Env,
  inventory: Inventory,
  read?: ClockRead,
): Promise<Instant> {
  return (await deploymentClock(env, inventory, read)).now();
}
