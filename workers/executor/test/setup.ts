import { applyD1Migrations } from "cloudflare:test";
import { bindings } from "./bindings.ts";

// The control plane's inventory; storage is isolated per test file.
await applyD1Migrations(bindings.DB, bindings.TEST_MIGRATIONS);
