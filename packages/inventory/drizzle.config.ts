import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "drizzle-kit";

// drizzle-kit resolves paths from the working directory; anchor them to this folder so
// `npx drizzle-kit generate --config packages/inventory/drizzle.config.ts` (repo root) and
// `pnpm --filter @regatta/inventory generate` both work. The SQL lands in the top-level
// /migrations that wrangler applies in file-name order (`NNNN_name.sql`).
const here = dirname(fileURLToPath(import.meta.url));
const fromCwd = (path: string) => relative(process.cwd(), resolve(here, path)) || ".";

export default defineConfig({
  dialect: "sqlite",
  schema: fromCwd("./src/schema.ts"),
  out: fromCwd("../../migrations"),
  strict: true,
  verbose: true,
});
