/**
 * Starts the control-plane worker for tests that talk to it over HTTP like a client: the
 * repo's wrangler.toml, its D1 migrations applied into a fresh temporary persist
 * directory, the sim provider, no demo inventory, a generated admin token, a free port.
 * Self-contained on purpose (no imports from the worker's source or other test helpers).
 *
 * @example
 * const cp = await startControlPlane({ speed: 0 });
 * await fetch(`${cp.url}/v1/fleets`, { headers: { authorization: `Bearer ${cp.token}` } });
 * await cp.stop();
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CONFIG = join(ROOT, "wrangler.toml");
const run = promisify(execFile);

// Only the npm registry is reachable from test machines: no telemetry, no update checks,
// no lookups of Cloudflare hosts.
const QUIET_ENV = {
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_HIDE_BANNER: "true",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  NO_UPDATE_NOTIFIER: "1",
  NPM_CONFIG_UPDATE_NOTIFIER: "false",
};

export interface ControlPlane {
  url: string;
  token: string;
  stop(): Promise<void>;
}

/**
 * A control plane on a free port. `speed` is the sim clock's virtual seconds per wall
 * second (default 0: frozen, so tests drive time with `POST /v1/sim/advance`).
 */
export async function startControlPlane(options: { speed?: number } = {}): Promise<ControlPlane> {
  Object.assign(process.env, QUIET_ENV);
  const persist = await mkdtemp(join(tmpdir(), "regatta-cp-"));
  const token = `rgt_admin_${randomBytes(18).toString("base64url")}`;
  try {
    await applyMigrations(persist);
    const { unstable_startWorker } = await import("wrangler");
    const worker = await unstable_startWorker({
      config: CONFIG,
      bindings: {
        REGATTA_ADMIN_TOKEN: { type: "plain_text", value: token },
        REGATTA_PROVIDER: { type: "plain_text", value: "sim" },
        REGATTA_DEMO: { type: "plain_text", value: "off" },
        SIM_SPEED: { type: "plain_text", value: String(options.speed ?? 0) },
      },
      dev: {
        // The same root `--persist-to` takes: both keep their state under <persist>/v3.
        persist,
        server: { hostname: "127.0.0.1", port: 0 },
        inspector: false,
        watch: false,
        logLevel: "warn",
      },
    });
    try {
      await worker.ready;
      const url = (await worker.url).origin;
      return {
        url,
        token,
        stop: async () => {
          await worker.dispose();
          await rm(persist, { recursive: true, force: true });
        },
      };
    } catch (error) {
      await worker.dispose();
      throw error;
    }
  } catch (error) {
    await rm(persist, { recursive: true, force: true });
    throw error;
  }
}

/** The same step `npm start` runs (scripts/start.sh), into the temporary directory. */
async function applyMigrations(persist: string): Promise<void> {
  const manifest = createRequire(import.meta.url).resolve("wrangler/package.json");
  const wrangler = join(dirname(manifest), "bin", "wrangler.js");
  await run(
    process.execPath,
    [
      wrangler,
      "d1",
      "migrations",
      "apply",
      "regatta-inventory",
      "--local",
      "--persist-to",
      persist,
      "--config",
      CONFIG,
    ],
    { cwd: ROOT, env: { ...process.env, ...QUIET_ENV, CI: "true" } },
  );
}
