import { spawn, spawnSync } from "node:child_process";
import { existsSync, statSync, utimesSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { cli, must, names, OLD, putRelease, useControlPlane } from "./helpers.ts";

const { cp } = useControlPlane();
const MANY = names("bin").named("many");
const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const CLI = fileURLToPath(new URL("..", import.meta.url));
const BUNDLE = `${CLI}dist/regatta.mjs`;
const WRAPPER = `${CLI}bin/regatta.mjs`;
const VERSION: string = JSON.parse(await readFile(`${CLI}package.json`, "utf8")).version;

// The user's own Node may be older than the repo's (package.json "engines": >=20): the
// bundle is run with both when the machine has a system Node beside the repo's.
const NODES = [process.execPath, "/usr/bin/node"].filter(
  (node, i, all) => existsSync(node) && all.indexOf(node) === i,
);

/**
 * A process to its end. Not spawnSync when it talks to the control plane: the harness's
 * workerd answers through this process's event loop, which spawnSync would block.
 */
function run(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) =>
    child.on("close", (status) => resolve({ status, stdout, stderr })),
  );
}

const env = () => ({ ...process.env, REGATTA_URL: cp().url, REGATTA_TOKEN: cp().token });

beforeAll(() => {
  const built = spawnSync(process.execPath, [`${CLI}scripts/build.mjs`], { encoding: "utf8" });
  expect(built.status, built.stderr).toBe(0);
});

describe("the built CLI: one JavaScript file, run with plain node", () => {
  it.each(NODES)("%s runs the bundle's --version and --help", (node) => {
    const version = spawnSync(node, [BUNDLE, "--version"], { encoding: "utf8" });
    expect(version.stderr).toBe("");
    expect(version).toMatchObject({ status: 0, stdout: `${VERSION}\n` });
    const help = spawnSync(node, [BUNDLE, "--help"], { encoding: "utf8" });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: regatta \[options\] \[command\]/);
    expect(help.stdout).toContain("get|list [options] <kind> [name]");
  });

  it("starts with #!/usr/bin/env node", async () => {
    expect((await readFile(BUNDLE, "utf8")).split("\n")[0]).toBe("#!/usr/bin/env node");
  });

  it("the wrapper rebuilds the bundle when its source is newer, then runs it", () => {
    // Both instants in the past, so the rebuilt bundle is newer than every source at once.
    const now = Date.now();
    const edited = new Date(now - 30_000);
    utimesSync(`${CLI}src/main.ts`, edited, edited);
    utimesSync(BUNDLE, new Date(now - 60_000), new Date(now - 60_000));
    const ran = spawnSync(process.execPath, [WRAPPER, "--version"], { encoding: "utf8" });
    expect(ran).toMatchObject({ status: 0, stdout: `${VERSION}\n` });
    expect(ran.stderr).toContain("regatta: built packages/cli/dist/regatta.mjs");
    expect(statSync(BUNDLE).mtimeMs).toBeGreaterThan(edited.getTime());
    const again = spawnSync(process.execPath, [WRAPPER, "--version"], { encoding: "utf8" });
    expect(again.stderr, "an up-to-date bundle is not built again").toBe("");
  });
});

describe("docs/cli.md's command form, with npm alone", () => {
  it("docs/cli.md tells a newcomer `npm run regatta -- <command>`, and it runs from any folder of the repo", async () => {
    const docs = await readFile(`${ROOT}docs/cli.md`, "utf8");
    expect(docs).toContain("npm run regatta -- get clusters");
    for (const cwd of [ROOT, `${ROOT}packages`]) {
      const ran = spawnSync("npm", ["run", "-s", "regatta", "--", "--version"], {
        cwd,
        encoding: "utf8",
      });
      expect(ran.stderr).toBe("");
      expect(ran).toMatchObject({ status: 0, stdout: `${VERSION}\n` });
    }
  });

  it("npm run regatta passes the CLI's output and exit code on", async () => {
    const argv = ["get", "run", "nope", "--fleet", "x", "-o", "json"];
    const ran = await run("npm", ["run", "-s", "regatta", "--", ...argv], {
      cwd: ROOT,
      env: env(),
    });
    expect(ran.status).toBe(1);
    expect(ran.stderr).toContain("error: 404 Not Found");
    expect(JSON.parse(ran.stdout)).toMatchObject({ status: 404 });
  });
});

describe("a closed pipe", () => {
  beforeAll(async () => {
    await putRelease(cp());
    await must(cp(), "PUT", `/v1/fleets/${MANY}`, {});
    // Enough clusters that their JSON outgrows a pipe's buffer (64 KiB on Linux): the CLI
    // is still writing when the reader goes away.
    const clusters = Array.from({ length: 100 }, (_, i) => `${MANY}-${String(i).padStart(3, "0")}`);
    for (let i = 0; i < clusters.length; i += 10) {
      await Promise.all(
        clusters.slice(i, i + 10).map((name) =>
          must(cp(), "PUT", `/v1/clusters/${name}`, {
            fleet: MANY,
            role: "standalone",
            region: "europe-west1",
            releaseChannel: "REGULAR",
            version: OLD,
          }),
        ),
      );
    }
    const whole = await cli(cp(), ["get", "clusters", "-o", "json"]);
    expect(whole.stdout.length).toBeGreaterThan(96 * 1024);
  });

  it("`get clusters` into a reader that has already gone exits 0, with nothing on stderr", async () => {
    const child = spawn(process.execPath, [BUNDLE, "get", "clusters"], {
      env: env(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    // Closed before the CLI has its answer, so its first write meets a closed pipe.
    child.stdout.destroy();
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(stderr).toBe("");
    expect(code).toBe(0);
  });

  it("`regatta get clusters -o json | head -1` (head closes after one line, mid-write) succeeds under pipefail, quietly", async () => {
    const ran = await run(
      "bash",
      ["-c", 'set -o pipefail; "$NODE" "$BUNDLE" get clusters -o json | head -1'],
      { env: { ...env(), NODE: process.execPath, BUNDLE } },
    );
    expect(ran).toMatchObject({ status: 0, stdout: "{\n", stderr: "" });
  });
});
