import type { FleetObject } from "./objects/fleet-object.ts";
import type { UpdateRunObject } from "./objects/update-run-object.ts";

/** Bindings and variables of the control-plane worker (see /wrangler.toml). */
export interface Env {
  DB: D1Database;
  FLEET: DurableObjectNamespace<FleetObject>;
  UPDATE_RUN: DurableObjectNamespace<UpdateRunObject>;
  /** `sim` (default) or `webhook`. */
  REGATTA_PROVIDER?: string;
  /** Virtual seconds per wall second in sim mode. */
  SIM_SPEED?: string;
  /** Bootstrap admin secret; printed by `npm start` when generated. */
  REGATTA_ADMIN_TOKEN?: string;
  /** Where the webhook provider POSTs commands, and the HMAC key both directions use. */
  WEBHOOK_URL?: string;
  WEBHOOK_SECRET?: string;
}

export type ProviderMode = "sim" | "webhook";

export function providerMode(env: Env): ProviderMode {
  return env.REGATTA_PROVIDER === "webhook" ? "webhook" : "sim";
}
