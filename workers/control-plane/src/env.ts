import { keyRing, weakSecret } from "./secret-strength.ts";

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
  /** SEQ-1: groups one rollout sequence may have, 1..10 (default 3, GKE's limit). */
  ROLLOUT_MAX_GROUPS?: string;
  /**
   * Key that seals notification secrets at rest (docs/security.md); `wrangler secret put
   * NOTIFICATIONS_KEY`. Without it subscriptions cannot be written.
   */
  NOTIFICATIONS_KEY?: string;
}

export type ProviderMode = "sim" | "webhook";

/** What decides the provider, and the secrets that must be strong to run at all. */
type ProviderVars = Pick<Env, "REGATTA_PROVIDER" | "WEBHOOK_URL" | "WEBHOOK_SECRET"> &
  Partial<Pick<Env, "REGATTA_ADMIN_TOKEN" | "NOTIFICATIONS_KEY" | "REGATTA_WEAK_SECRETS">>;

/** A deployment that cannot run safely (SEC-9, SEC-12): every route answers 503 and objects stop. */
export class ConfigurationError extends Error {}

/**
 * What is wrong with the deployment's provider settings, if anything. SEC-12 fails
 * closed: wrangler.toml ships without a provider, so a deployment that was never told
 * which one to use runs nothing rather than the sim, whose fake successes would look like
 * real upgrades; a mistyped provider is refused the same way, and a webhook deployment
 * without its URL and secret cannot work.
 *
 * @example configurationError({ REGATTA_PROVIDER: "simulated" }) // "SEC-12: REGATTA_PROVIDER must be sim or webhook, got simulated"
 */
export function configurationError(env: ProviderVars): string | undefined {
  const provider = env.REGATTA_PROVIDER;
  if (provider === undefined || provider.trim() === "") {
    return (
      "SEC-12: REGATTA_PROVIDER is not set, so this deployment runs nothing. Set it to " +
      "webhook (your executor carries out the commands; also set WEBHOOK_URL and the " +
      "WEBHOOK_SECRET secret) or to sim (a simulated fleet, for trying Regatta out): " +
      "wrangler deploy --var REGATTA_PROVIDER:webhook, or in [vars] of wrangler.toml " +
      "(docs/deploy.md)"
    );
  }
  if (provider !== "sim" && provider !== "webhook") {
    return `SEC-12: REGATTA_PROVIDER must be sim or webhook, got ${provider}`;
  }
  if (provider === "webhook") {
    if (!env.WEBHOOK_URL || !env.WEBHOOK_SECRET) {
      return "SEC-12: REGATTA_PROVIDER=webhook needs WEBHOOK_URL and WEBHOOK_SECRET";
    }
    if (!isHttpUrl(env.WEBHOOK_URL)) {
      return `SEC-12: WEBHOOK_URL must be an http(s) URL, got ${env.WEBHOOK_URL}`;
    }
  }
  return secretsError(env);
}

/** SEC-9: the first secret of the deployment that is too weak to run with, if any. */
function secretsError(env: ProviderVars): string | undefined {
  const policy = env.REGATTA_WEAK_SECRETS ?? "refuse";
  if (policy !== "refuse" && policy !== "allow") {
    return `REGATTA_WEAK_SECRETS must be refuse or allow, got ${policy}`;
  }
  if (policy === "allow") return undefined;
  const secrets: [string, string | undefined][] = [
    ["REGATTA_ADMIN_TOKEN", env.REGATTA_ADMIN_TOKEN],
    ["WEBHOOK_SECRET", env.WEBHOOK_SECRET],
    ...keyRing(env.NOTIFICATIONS_KEY ?? "").map((key, i): [string, string] => [
      i === 0 ? "NOTIFICATIONS_KEY" : `NOTIFICATIONS_KEY (key ${i + 1})`,
      key,
    ]),
  ];
  for (const [name, value] of secrets) {
    const weak = value === undefined || value === "" ? undefined : weakSecret(name, value);
    if (weak !== undefined) return `SEC-9: ${weak}`;
  }
  return undefined;
}

function isHttpUrl(text: string): boolean {
  try {
    return /^https?:$/.test(new URL(text).protocol);
  } catch {
    return false;
  }
}

/** `REGATTA_PROVIDER`; throws {@link ConfigurationError} for anything but a valid setting. */
export function providerMode(env: ProviderVars): ProviderMode {
  const problem = configurationError(env);
  if (problem !== undefined) throw new ConfigurationError(problem);
  return env.REGATTA_PROVIDER === "webhook" ? "webhook" : "sim";
}

const HOUR_MS = 3_600_000;

/**
 * A retention variable in hours (or days with `unitMs`), or its default when unset or
 * not a positive number.
 */
export function retentionMs(raw: string | undefined, fallback: number, unitMs = HOUR_MS): number {
  return positiveSetting(raw, fallback) * unitMs;
}

/** A numeric variable, or its default when unset or not a positive number. */
export function positiveSetting(raw: string | undefined, fallback: number): number {
  const value = raw === undefined || raw.trim() === "" ? Number.NaN : Number(raw);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
