/**
 * Bindings and variables of the control-plane worker. Those in /wrangler.toml are
 * generated into ../worker-configuration.d.ts (`npm run types`); secrets are not listed
 * there, so they are declared here, each possibly unset.
 */
export interface Env extends GeneratedEnv {
  /** Bootstrap admin secret; printed by `npm start` when generated. */
  REGATTA_ADMIN_TOKEN?: string;
  /** Where the webhook provider POSTs commands, and the HMAC key both directions use. */
  WEBHOOK_URL?: string;
  WEBHOOK_SECRET?: string;
}

export type ProviderMode = "sim" | "webhook";

/** `REGATTA_PROVIDER`: `webhook`, or the sim for anything else. */
export function providerMode(env: Pick<Env, "REGATTA_PROVIDER">): ProviderMode {
  return env.REGATTA_PROVIDER === "webhook" ? "webhook" : "sim";
}
