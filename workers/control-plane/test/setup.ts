import { applyD1Migrations, env } from "cloudflare:test";

// Storage is isolated per test file; migrations are applied once per file.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
