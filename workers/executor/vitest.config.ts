import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineProject } from "vitest/config";
import { recordTally } from "./test/tally.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const here = fileURLToPath(new URL(".", import.meta.url));

/** The secret both workers share in the tests (test/helpers.ts signs with it too). */
const TEST_SECRET = "test-webhook-secret-shared";

/**
 * The executor as a deployment runs it: bundled by wrangler from its own wrangler.toml
 * (auxiliary workers run built JavaScript; only the worker under test goes through Vite).
 */
function buildExecutor(): string {
  const outdir = `${here}.wrangler/test-bundle`;
  execFileSync(
    `${root}node_modules/.bin/wrangler`,
    ["deploy", "--dry-run", "--outdir", outdir, "--config", `${here}wrangler.toml`],
    { stdio: "ignore", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
  );
  return `${outdir}/index.js`;
}

/**
 * Both workers in one workerd: the control plane is the worker under test (its own
 * wrangler.toml, in webhook mode), so tests drive it through its HTTP API and run its
 * objects' alarms; the executor is an auxiliary worker built from its wrangler.toml with
 * a manual clock the tests advance. Each one's outbound fetches go through the
 * `network` worker (test/network-worker.js), which passes them to the other by host name
 * and can break a direction.
 */
export default defineProject({
  plugins: [
    cloudflareTest(async () => ({
      wrangler: { configPath: `${root}wrangler.toml` },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations(`${root}migrations`),
          REGATTA_ADMIN_TOKEN: "test-admin-token",
          // Short, readable test secrets: local development's allowance (SEC-9 is tested
          // with the deployment's default in provider-config.test.ts).
          REGATTA_WEAK_SECRETS: "allow",
          REGATTA_PROVIDER: "webhook",
          WEBHOOK_URL: "http://executor.test/commands",
          WEBHOOK_SECRET: TEST_SECRET,
        },
        outboundService: "network",
        serviceBindings: {
          EXECUTOR_HTTP: "regatta-executor",
          NETWORK: "network",
          TALLY: recordTally,
        },
        durableObjects: {
          EXECUTOR_FLEET: {
            className: "ExecutorObject",
            scriptName: "regatta-executor",
            useSQLite: true,
          },
        },
        workers: [
          {
            name: "regatta-executor",
            modules: true,
            scriptPath: buildExecutor(),
            compatibilityDate: "2026-07-01",
            compatibilityFlags: ["nodejs_compat"],
            durableObjects: { EXECUTOR: { className: "ExecutorObject", useSQLite: true } },
            bindings: {
              CONTROL_PLANE_URL: "http://control-plane.test",
              COMMANDS_PATH: "/commands",
              EXECUTOR_DURATIONS: "{}",
              EXECUTOR_CLOCK: "manual",
              WEBHOOK_SECRET: TEST_SECRET,
            },
            outboundService: "network",
          },
          {
            name: "network",
            modules: true,
            scriptPath: `${here}test/network-worker.js`,
            compatibilityDate: "2026-07-01",
            serviceBindings: {
              EXECUTOR: "regatta-executor",
              // The worker under test runs as the runner, named after this project.
              CONTROL_PLANE: "vitest-plugin-runner-executor",
            },
          },
        ],
      },
    })),
  ],
  test: {
    name: "executor",
    // Whole upgrades run through both workers, many round trips each.
    testTimeout: 120_000,
    include: ["test/**/*.test.ts"],
    setupFiles: ["./test/setup.ts"],
    globalSetup: ["./test/tally.ts"],
  },
});
