/**
 * Builds the dashboard (docs/dashboard.md) into the worker's static assets:
 * `workers/control-plane/public/app.js`, beside the checked-in index.html and app.css.
 * `npm start`, `npm test` and the benchmarks run it first; `--watch` rebuilds on change.
 */
import { readFile, writeFile } from "node:fs/promises";
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

/**
 * docs/rules.md, one entry per rule (`### RUN-8 — States and Pending` to the next
 * heading), as `public/rules.json`: the page's rule links (`#/rules/RUN-8`) explain a
 * refusal or a held state in the repo's own words, fetched only when one is opened.
 */
async function writeRules(): Promise<number> {
  const markdown = await readFile(here("../../../docs/rules.md"), "utf8");
  const rules: Record<string, { title: string; text: string }> = {};
  for (const section of markdown.split(/^(?=#{2,3} )/m)) {
    const heading = /^### ([A-Z]+-\d+) — (.+)\n/.exec(section);
    if (!heading) continue;
    rules[heading[1]!] = {
      title: heading[2]!.trim(),
      text: section.slice(heading[0].length).trim(),
    };
  }
  await writeFile(here("../public/rules.json"), JSON.stringify(rules));
  return Object.keys(rules).length;
}

const rules = await writeRules();
console.log(`dashboard: public/rules.json ${rules} rules`);

if (process.argv.includes("--watch")) {
  await (await context(options)).watch();
} else {
  const result = await build({ ...options, metafile: true });
  const bytes = Object.values(result.metafile.outputs).find((o) => o.entryPoint)?.bytes ?? 0;
  console.log(`dashboard: public/app.js ${(bytes / 1024).toFixed(1)} KiB`);
}
