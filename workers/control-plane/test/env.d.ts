import type { D1Migration } from "cloudflare:test";
import type { Env as RegattaEnv } from "../src/env.ts";

declare global {
  namespace Cloudflare {
    interface Env extends RegattaEnv {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}
