/**
 * Builds the CLI into one file, `packages/cli/dist/regatta.mjs`, with a `#!/usr/bin/env node`
 * line: plain JavaScript for Node 20 and later, its dependencies inside, so a call costs a
 * Node start and no TypeScript compile (docs/cli.md "Running it").
 *
 * Plain JavaScript, not TypeScript, because it runs under the user's own Node before
 * anything else is set up: `npm run build:cli` runs it, and bin/regatta.mjs calls
 * {@link ensureBuilt} on every call (a few dozen file stats; a build only when the source
 * is newer than the bundle).
 */
import { readdirSync, renameSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const CLI = fileURLToPath(new URL("..", import.meta.url));
const ROOT = join(CLI, "..", "..");

/** The bundle `npm run regatta` runs. */
export const BUNDLE = join(CLI, "dist", "regatta.mjs");

// Everything the bundle is made of that can change in a checkout: the CLI, the API client
// it calls through, the contract it validates documents with, and the dependencies pinned
// by the lockfile.
const SOURCES = [
  join(CLI, "src"),
  join(CLI, "package.json"),
  join(CLI, "scripts", "build.mjs"),
  join(ROOT, "packages", "client", "src"),
  join(ROOT, "packages", "client", "package.json"),
  join(ROOT, "packages", "contract", "src"),
  join(ROOT, "packages", "contract", "package.json"),
  join(ROOT, "pnpm-lock.yaml"),
];

/** The newest modification time (ms) under `path`, a file or a folder. */
function newest(path) {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (stats === undefined) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;
  let latest = stats.mtimeMs;
  for (const entry of readdirSync(path)) {
    latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

/** True when the bundle is missing or older than anything it is built from. */
export function isStale() {
  const built = statSync(BUNDLE, { throwIfNoEntry: false });
  if (built === undefined) return true;
  return SOURCES.some((source) => newest(source) > built.mtimeMs);
}

/**
 * Bundles src/main.ts into {@link BUNDLE}. Written beside it and renamed, so a CLI started
 * meanwhile (or a second build racing this one) never runs half a file.
 * @example await build() // "regatta: built packages/cli/dist/regatta.mjs (812 KiB)"
 */
export async function build() {
  const esbuild = await import("esbuild");
  const partial = `${BUNDLE}.${process.pid}.tmp`;
  const result = await esbuild.build({
    entryPoints: [join(CLI, "src", "main.ts")],
    outfile: partial,
    bundle: true,
    platform: "node",
    format: "esm",
    // The user's Node may be 20 (package.json "engines"); the repo's own is 22.
    target: "node20",
    // Bundled CommonJS dependencies (cli-progress) still call require() for Node's modules.
    banner: {
      js: [
        "#!/usr/bin/env node",
        'import { createRequire as __regattaRequire } from "node:module";',
        "const require = __regattaRequire(import.meta.url);",
      ].join("\n"),
    },
    legalComments: "none",
    metafile: true,
    logLevel: "warning",
  });
  renameSync(partial, BUNDLE);
  const bytes = Object.values(result.metafile.outputs)[0]?.bytes ?? 0;
  process.stderr.write(
    `regatta: built packages/cli/dist/regatta.mjs (${Math.round(bytes / 1024)} KiB)\n`,
  );
}

/**
 * The bundle's path, built first when missing or stale. The build needs the workspace
 * installed (esbuild, the CLI's dependencies): on a fresh clone, or after a pull that
 * changed them, scripts/env.sh installs it, as `npm start` and `npm test` do.
 */
export async function ensureBuilt() {
  if (!isStale()) return BUNDLE;
  if (needsInstall()) {
    const { spawnSync } = await import("node:child_process");
    const installed = spawnSync("bash", [join(ROOT, "scripts", "env.sh")], {
      cwd: ROOT,
      stdio: ["ignore", process.stderr, process.stderr],
    });
    if (installed.status !== 0) {
      throw new Error("regatta: installing the workspace failed (bash scripts/env.sh)");
    }
  }
  await build();
  return BUNDLE;
}

// scripts/env.sh's own test: its stamp missing, or older than what it installed from.
function needsInstall() {
  const stamp = statSync(join(ROOT, "node_modules", ".regatta-installed"), {
    throwIfNoEntry: false,
  });
  if (stamp === undefined) return true;
  return ["pnpm-lock.yaml", "package.json"].some(
    (file) => newest(join(ROOT, file)) > stamp.mtimeMs,
  );
}

// `npm run build:cli`: always builds (esbuild makes dist/ when missing).
if (process.argv[1] === fileURLToPath(import.meta.url)) await build();
