import type { Instant } from "@regatta/engine";
import type { Env } from "../env.ts";
import { objectClock } from "../objects/clock-source.ts";

/** "Now" as the control plane sees it: virtual time in sim mode, else the wall clock. */
export async function controlPlaneNow(env: Env): Promise<Instant> {
  return (await objectClock(env)).now();
}
