import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { unstable_startWorker } from "wrangler";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const WRANGLER = join(ROOT, "node_modules/.bin/wrangler");

// Wrangler asked never to phone home: no metrics, no banner (whose update check is a
// registry request).
const QUIET = { WRANGLER_SEND_METRICS: "false", WRANGLER_HIDE_BANNER: "true", CI: "true" };

export interface ControlPlane {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  /** The generated admin token (`REGATTA_ADMIN_TOKEN`). */
  token: string;
  /** Where its local state (D1, Durable Objects) lives. */
  persist: string;
  /** Stops the worker and forgets its state. */
  stop(): Promise<void>;
  /** Stops the worker and keeps its state, for a restart over it. */
  halt(): Promise<void>;
}

/**
 * Starts the control-plane worker (the repo-root wrangler.toml, its static assets
 * included) in sim mode with an empty inventory, on a free port, its D1 migrations
 * applied into a fresh temporary persistence directory. `speed` is SIM_SPEED (0 unless
 * given: tests drive the clock with `POST /v1/sim/advance`).
 * @example const cp = await startControlPlane(); … await cp.stop();
 */
export async function startControlPlane(
  options: {
    speed?: number;
    /** Restart over the state a halted control plane left (its `persist` and `token`). */
    over?: Pick<ControlPlane, "persist" | "token">;
  } = {},
): Promise<ControlPlane> {
  Object.assign(process.env, QUIET);
  const persist = options.over?.persist ?? (await mkdtemp(join(tmpdir(), "regatta-cp-")));
  const token = options.over?.token ?? `rgt_admin_${randomBytes(32).toString("base64url")}`;
  try {
    await promisify(execFile)(
      WRANGLER,
      ["d1", "migrations", "apply", "regatta-inventory", "--local", "--persist-to", persist],
      { cwd: ROOT, env: { ...process.env, ...QUIET } },
    );
    const worker = await unstable_startWorker({
      config: join(ROOT, "wrangler.toml"),
      // wrangler.toml's [build] (the static assets) names its script from the repository
      // root, and wrangler runs it where it was started: a package's own scripts start here.
      build: { custom: { workingDirectory: ROOT } },
      bindings: {
        REGATTA_ADMIN_TOKEN: { type: "plain_text", value: token },
        // Seals notification secrets (SEC-9: 32 random bytes), so subscriptions work.
        NOTIFICATIONS_KEY: { type: "plain_text", value: randomBytes(32).toString("base64url") },
        REGATTA_PROVIDER: { type: "plain_text", value: "sim" },
        REGATTA_DEMO: { type: "plain_text", value: "off" },
        SIM_SPEED: { type: "plain_text", value: String(options.speed ?? 0) },
      },
      dev: {
        persist,
        server: { hostname: "127.0.0.1", port: 0 },
        inspector: false,
        watch: false,
        logLevel: "warn",
      },
    });
    await worker.ready;
    const url = (await worker.url).origin;
    return {
      url,
      token,
      persist,
      async stop() {
        await worker.dispose();
        await rm(persist, { recursive: true, force: true });
      },
      async halt() {
        await worker.dispose();
      },
    };
  } catch (error) {
    if (!options.over) await rm(persist, { recursive: true, force: true });
    throw error;
  }
}
