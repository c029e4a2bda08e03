import type { Instant } from "@regatta/engine";
import { deploymentClock } from "../clock/deployment-clock.ts";
import { inventoryDb } from "../db.ts";
import type { Env } from "../env.ts";

/** "Now" as the control plane sees it: virtual time in sim mode, else the wall clock. */
export async function controlPlaneNow(env: Env): Promise<Instant> {
  return (await deploymentClock(env, inventoryDb(env.DB))).now();
}
