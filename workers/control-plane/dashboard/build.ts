/**
 * Builds the worker's static assets (docs/dashboard.md, docs/deploy.md) into
 * `workers/control-plane/public/`, beside the checked-in files:
 * - `app.js`, the dashboard's bundle;
 * - `api-reference/swagger-ui-bundle.js` and `swagger-ui.css`, the renderer of `/docs`,
 *   copied from swagger-ui-dist (its checked-in `init.js` starts it).
 *
 * wrangler runs it before every `wrangler deploy` and `wrangler dev` (`[build]` in
 * wrangler.toml), so a deploy from a fresh clone ships what runs locally; `npm test` runs
 * it too. `--watch` rebuilds the dashboard on change, with an inline source map.
 *
 * No `.map` is written into the assets: they would be served to anyone (and
 * `public/.assetsignore` keeps any stale one out of a deploy). Files are replaced only
 * when their content changes, and then by a rename, so builds started side by side (the
 * test harness starts several control planes) never leave a half-written file for a
 * wrangler reading the assets.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { build, context } from "esbuild";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const PUBLIC = here("../public/");

const options = {
  entryPoints: [here("./src/main.tsx")],
  outfile: `${PUBLIC}app.js`,
  bundle: true,
  format: "esm",
  target: "es2022",
  minify: true,
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
  await replace(`${PUBLIC}rules.json`, JSON.stringify(rules));
  return Object.keys(rules).length;
}

/** Writes `path` only when it would change, atomically; answers whether it did. */
async function replace(path: string, content: Uint8Array | string): Promise<boolean> {
  const next = typeof content === "string" ? Buffer.from(content) : Buffer.from(content);
  const current = await readFile(path).catch(() => undefined);
  if (current?.equals(next)) return false;
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${randomBytes(6).toString("hex")}.tmp`;
  await writeFile(temporary, next);
  await rename(temporary, path);
  return true;
}

/** The API reference's renderer: swagger-ui-dist's browser bundle and stylesheet. */
async function copySwaggerUi(): Promise<void> {
  const dist = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
  // The stylesheet names a map that is not shipped; browsers would ask for it.
  const unmapped = (text: string) => text.replace(/\n?\/\*# sourceMappingURL=.*?\*\/\s*$/, "\n");
  const files: [string, (text: string) => string][] = [
    ["swagger-ui-bundle.js", (text) => text],
    ["swagger-ui.css", unmapped],
    // Apache-2.0: the licence travels with the copy; the bundle's header points here.
    ["swagger-ui-bundle.js.LICENSE.txt", (text) => text],
    ["LICENSE", (text) => text],
    ["NOTICE", (text) => text],
  ];
  for (const [name, edit] of files) {
    await replace(
      `${PUBLIC}api-reference/${name}`,
      edit(await readFile(`${dist}/${name}`, "utf8")),
    );
  }
}

const rules = await writeRules();

if (process.argv.includes("--watch")) {
  await copySwaggerUi();
  await (await context({ ...options, sourcemap: "inline" })).watch();
} else {
  const result = await build({ ...options, write: false, metafile: true });
  for (const file of result.outputFiles) await replace(file.path, file.contents);
  // Left by builds before maps stopped being written beside the bundle.
  await rm(`${PUBLIC}app.js.map`, { force: true });
  await copySwaggerUi();
  const bytes = Object.values(result.metafile.outputs).find((o) => o.entryPoint)?.bytes ?? 0;
  console.log(
    `dashboard: public/app.js ${(bytes / 1024).toFixed(1)} KiB, rules.json ${rules} rules; api-reference: swagger-ui`,
  );
}
