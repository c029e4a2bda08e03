import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineProject } from "vitest/config";
import { recordTally } from "./test/openapi-tally.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

export default defineProject({
  plugins: [
    cloudflareTest(async () => ({
      wrangler: { configPath: `${root}/wrangler.toml` },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations(`${root}/migrations`),
          REGATTA_ADMIN_TOKEN: "test-admin-token",
          // wrangler.toml ships without a provider (SEC-12): the tests run the sim.
          REGATTA_PROVIDER: "sim",
          // Short, readable test secrets: local development's allowance (SEC-9 is tested
          // with the deployment's default in provider-config.test.ts).
          REGATTA_WEAK_SECRETS: "allow",
          // Tests drive virtual time explicitly: the sim clock starts frozen.
          SIM_SPEED: "0",
          WEBHOOK_SECRET: "test-webhook-secret",
          // Notifications: a sealing key, loopback receivers (the tests' own), and
          // retries without waits so a dead letter takes three quick attempts.
          NOTIFICATIONS_KEY: "test-notifications-key",
          NOTIFICATIONS_ALLOW_LOOPBACK: "on",
          NOTIFICATION_MAX_ATTEMPTS: "3",
          NOTIFICATION_RETRY_SECONDS: "0",
        },
        serviceBindings: { OPENAPI_TALLY: recordTally },
      },
    })),
  ],
  test: {
    name: "control-plane",
    // Upgrade scenarios drive virtual time through many HTTP round trips.
    testTimeout: 60_000,
    include: ["test/**/*.test.ts"],
    setupFiles: ["./test/setup.ts"],
    globalSetup: ["./test/openapi-tally.ts"],
  },
});
