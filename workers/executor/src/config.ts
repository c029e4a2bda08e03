import type { SimDurations } from "@regatta/engine";
import { z } from "zod";

/**
 * Bindings and variables of the executor worker. Those in ../wrangler.toml are generated
 * into ../worker-configuration.d.ts (`npm run types`); the secret is declared here.
 */
export interface Env extends GeneratedEnv {
  /** The HMAC key shared with the control plane (its WEBHOOK_SECRET). */
  WEBHOOK_SECRET?: string;
  /**
   * SEC-7: the key callbacks are signed with, when not WEBHOOK_SECRET: a fleet's own
   * executor key (`POST /v1/fleets/{fleet}/executor-key`), for an executor of one fleet.
   */
  CALLBACK_SECRET?: string;
}

/** wall: real time. manual: time moves only when a test advances it (`advanceClock`). */
export type ClockMode = "wall" | "manual";

/** The executor's settings, read and checked once from its bindings. */
export interface ExecutorConfig {
  /** Base of the callback URLs, always ending in "/". */
  controlPlaneUrl: URL;
  /** Checks the batches the control plane sends. */
  secret: string;
  /** Signs the callbacks: `CALLBACK_SECRET`, or `secret` when unset. */
  callbackSecret: string;
  /** Where batches arrive: the path of the control plane's WEBHOOK_URL. */
  commandsPath: string;
  durations: SimDurations;
  clock: ClockMode;
}

/**
 * Seconds each command takes on the simulated fleet: the reference executor is for
 * trying Regatta out, so a node step takes at most a few seconds (API.md "The reference
 * executor"), where the embedded sim uses the product's real durations.
 *
 * @example EXECUTOR_DURATIONS.CREATE_NODE // 4
 */
export const EXECUTOR_DURATIONS: Readonly<SimDurations> = {
  CREATE_NODE: 4,
  DELETE_NODE: 2,
  CORDON_NODE: 1,
  UNCORDON_NODE: 1,
  DRAIN_NODE: 3,
  UPGRADE_NODE: 3,
  UPGRADE_CONTROL_PLANE: 5,
  UPGRADE_COMPONENT: 3,
  RUN_PREFLIGHT: 1,
  HEALTH_CHECK: 1,
};

/** A secret shorter than this is refused: it signs everything both directions accept. */
export const MIN_SECRET_LENGTH = 16;
/** No simulated command takes longer than an hour. */
const MAX_DURATION_SECONDS = 3_600;

const commandType = z.enum(Object.keys(EXECUTOR_DURATIONS) as [keyof SimDurations]);
const durationsSchema = z.partialRecord(
  commandType,
  z
    .number({ error: "must be a number of seconds" })
    .min(0, { error: "must be 0 seconds or more" })
    .max(MAX_DURATION_SECONDS, { error: `must be at most ${MAX_DURATION_SECONDS} seconds` }),
);

/** The executor cannot run as configured; every request answers 503 with the reasons. */
export class ConfigurationError extends Error {}

/**
 * Reads and checks the executor's bindings, reporting every problem at once so one
 * restart fixes them all.
 *
 * @example readConfig({ CONTROL_PLANE_URL: "ftp://x", … }) // { ok: false, problems: ["CONTROL_PLANE_URL must be an http(s) URL without query or fragment, got ftp://x", …] }
 */
export function readConfig(
  env: Partial<Env>,
): { ok: true; config: ExecutorConfig } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const controlPlaneUrl = baseUrl(env.CONTROL_PLANE_URL, problems);
  const secret = env.WEBHOOK_SECRET ?? "";
  if (secret.length < MIN_SECRET_LENGTH) {
    problems.push(
      secret === ""
        ? "WEBHOOK_SECRET is not set (the HMAC key shared with the control plane)"
        : `WEBHOOK_SECRET must be at least ${MIN_SECRET_LENGTH} characters`,
    );
  }
  const callbackSecret = env.CALLBACK_SECRET?.trim() || secret;
  if (callbackSecret.length < MIN_SECRET_LENGTH && callbackSecret !== secret) {
    problems.push(`CALLBACK_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
  }
  const commandsPath = env.COMMANDS_PATH?.trim() || "/commands";
  if (!/^\/[\w\-./~%]*$/.test(commandsPath)) {
    problems.push(`COMMANDS_PATH must be a path starting with "/", got ${commandsPath}`);
  }
  const durations = readDurations(env.EXECUTOR_DURATIONS, problems);
  const clock = readClock(env.EXECUTOR_CLOCK, problems);
  if (problems.length > 0 || controlPlaneUrl === undefined) return { ok: false, problems };
  return {
    ok: true,
    config: { controlPlaneUrl, secret, callbackSecret, commandsPath, durations, clock },
  };
}

/** {@link readConfig}, throwing {@link ConfigurationError} when anything is wrong. */
export function requireConfig(env: Partial<Env>): ExecutorConfig {
  const read = readConfig(env);
  if (!read.ok) throw new ConfigurationError(read.problems.join("; "));
  return read.config;
}

function baseUrl(raw: string | undefined, problems: string[]): URL | undefined {
  if (!raw?.trim()) {
    problems.push("CONTROL_PLANE_URL is not set (where callbacks go)");
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    problems.push(`CONTROL_PLANE_URL must be an http(s) URL, got ${raw}`);
    return undefined;
  }
  if (!/^https?:$/.test(url.protocol) || url.search !== "" || url.hash !== "") {
    problems.push(`CONTROL_PLANE_URL must be an http(s) URL without query or fragment, got ${raw}`);
    return undefined;
  }
  // A base with a path (a control plane behind a prefix) keeps it in every callback URL.
  if (!url.pathname.endsWith("/")) url.pathname = `${url.pathname}/`;
  return url;
}

function readClock(raw: string | undefined, problems: string[]): ClockMode {
  const mode = raw?.trim() || "wall";
  if (mode === "wall" || mode === "manual") return mode;
  problems.push(`EXECUTOR_CLOCK must be wall or manual, got ${mode}`);
  return "wall";
}

function readDurations(raw: string | undefined, problems: string[]): SimDurations {
  if (raw === undefined || raw.trim() === "") return { ...EXECUTOR_DURATIONS };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    problems.push(`EXECUTOR_DURATIONS must be a JSON object of seconds per command type`);
    return { ...EXECUTOR_DURATIONS };
  }
  const parsed = durationsSchema.safeParse(json);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (issue.code === "unrecognized_keys") {
        const known = commandType.options.join(", ");
        problems.push(
          `EXECUTOR_DURATIONS: unknown command type ${issue.keys.join(", ")} (one of ${known})`,
        );
        continue;
      }
      const where = issue.path.length > 0 ? `.${issue.path.join(".")}` : "";
      problems.push(`EXECUTOR_DURATIONS${where}: ${issue.message}`);
    }
    return { ...EXECUTOR_DURATIONS };
  }
  return { ...EXECUTOR_DURATIONS, ...parsed.data };
}
