import type { D1Migration } from "cloudflare:test";
import type { Env as RegattaEnv } from "../src/env.ts";

declare global {
  namespace Cloudflare {
    interface Env extends RegattaEnv {
      TEST_MIGRATIONS: D1Migration[];
      /** Node-side tally of answers checked against /openapi.json (test/openapi-tally.ts). */
      OPENAPI_TALLY: Fetcher;
    }
  }
}
