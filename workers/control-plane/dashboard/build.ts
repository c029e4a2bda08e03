/**
 * Builds the dashboard (docs/dashboard.md) into the worker's static assets:
 * `workers/control-plane/public/app.js`, beside the checked-in index.html and app.css.
 * `npm start`, `npm test` and the benchmarks run it first; `--watch` rebuilds on change.
 */
import { fileURLToPath } from "node:url";
import { build, context } from "esbuild";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const options = {
  entryPoints: [here("./src/main.tsx")],
  outfile: here("../public/app.js"),
  bundle: true,
  format: "esm",
  target: "es2022",
  minify: true,
  sourcemap: "linked",
  jsx: "automatic",
  jsxImportSource: "preact",
  logLevel: "warning",
} as const;

if (process.argv.includes("--watch")) {
  await (await context(options)).watch();
} else {
  const result = await build({ ...options, metafile: true });
  const bytes = Object.values(result.metafile.outputs).find((o) => o.entryPoint)?.bytes ?? 0;
  console.log(`dashboard: public/app.js ${(bytes / 1024).toFixed(1)} KiB`);
}
