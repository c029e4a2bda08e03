import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import type { ControlPlane } from "../../../tests/harness/control-plane.ts";
import type { Io } from "../src/io.ts";
import { runCli } from "../src/program.ts";

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * What a file has of the project's one control plane (global-setup.ts): where it is and
 * its admin token. Not its stop: the files after this one still use it.
 */
export type SharedControlPlane = Pick<ControlPlane, "url" | "token">;

/**
 * The project's one control plane, its sim clock frozen (tests drive it; the files run one
 * at a time), and a temporary directory of this file's own.
 */
export function useControlPlane(): { cp: () => SharedControlPlane; dir: () => string } {
  const cp = inject("controlPlane");
  let dir: string | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "regatta-cli-"));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  return {
    cp: () => cp ?? fail("no control plane: the cli project's global-setup.ts starts it"),
    dir: () => dir ?? fail("no directory"),
  };
}

/**
 * One file's names for the scene (`inventory()`): every file shares the control plane,
 * so each has fleets and clusters of its own (`names("get").a` is `get-prod-a`). Zones,
 * the machine type and the release are the control plane's, the same for every file.
 */
export function names(prefix: string) {
  const fleet = `${prefix}-prod`;
  return {
    prefix,
    /** The scene's fleet (`prod` in docs/cli.md). */
    fleet,
    /** Its cluster in group `canary`, with pool `default`. */
    a: `${fleet}-a`,
    /** Its cluster in group `rest`. */
    b: `${fleet}-b`,
    /** Another object of this file: `named("lab")` is `get-lab`. */
    named: (name: string) => `${prefix}-${name}`,
    /** Whether a fleet, cluster, token or subscription is this file's. */
    mine: (name: string) => name.startsWith(`${prefix}-`),
  };
}

export type Names = ReturnType<typeof names>;

function fail(message: string): never {
  throw new Error(message);
}

/** The CLI in-process, as `npm run regatta -- …` would run it, against `cp`. */
export async function cli(
  cp: SharedControlPlane,
  argv: string[],
  options: { token?: string; cwd?: string } = {},
): Promise<Ran> {
  let stdout = "";
  let stderr = "";
  const io: Io = {
    out: (text) => {
      stdout += text;
    },
    err: (text) => {
      stderr += text;
    },
    env: { REGATTA_URL: cp.url, REGATTA_TOKEN: options.token ?? cp.token },
    cwd: options.cwd ?? process.cwd(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}

/** A JSON request straight to the API, for setting the scene and driving the sim. */
export async function api(
  cp: SharedControlPlane,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${cp.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${cp.token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

export async function must(
  cp: SharedControlPlane,
  method: string,
  path: string,
  body?: unknown,
): Promise<any> {
  const answer = await api(cp, method, path, body);
  if (answer.status >= 300) {
    throw new Error(`${method} ${path} → ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

/**
 * Runs a watching command while moving the frozen sim clock forward until `settled`
 * holds; the watch polls on its own. No real time is slept: each step waits for the API.
 */
export async function driveWhile(
  cp: SharedControlPlane,
  watching: Promise<Ran>,
  settled: () => Promise<boolean>,
  options: { stepSeconds?: number; maxSteps?: number } = {},
): Promise<Ran> {
  let finished = false;
  const result = watching.finally(() => {
    finished = true;
  });
  for (let i = 0; i < (options.maxSteps ?? 200) && !finished; i++) {
    if (await settled()) break;
    await must(cp, "POST", "/v1/sim/advance", { seconds: options.stepSeconds ?? 300 });
  }
  return result;
}

export async function writeDocuments(dir: string, name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

export const OLD = "1.21.11-gke.1100";
export const NEW = "1.21.14-gke.4300";

/** The release every scene stands on: OLD and NEW known, node images in europe-west1. */
export async function putRelease(cp: SharedControlPlane): Promise<void> {
  await must(cp, "PUT", "/v1/releases/2022-R26", {
    channel: "REGULAR",
    targets: { "1.21": NEW },
    versions: [OLD, NEW],
    nodeImages: [
      { version: "cos-105", regions: ["europe-west1"] },
      { version: "cos-110", regions: ["europe-west1"] },
    ],
  });
}

/**
 * `names`' fleet: two zones, a machine type, clusters a and b (group `canary`, `rest`),
 * pool `default` on a, strategy `canary-first`.
 */
export function inventory(names: Names): string {
  return `apiVersion: regatta.dev/v1
kind: Fleet
metadata: { name: ${names.fleet} }
---
apiVersion: regatta.dev/v1
kind: Zone
metadata: { name: europe-west1-b }
spec: { region: europe-west1, quota: { nodes: 100 } }
---
apiVersion: regatta.dev/v1
kind: Zone
metadata: { name: europe-west1-c }
spec: { region: europe-west1, quota: { nodes: 100 } }
---
apiVersion: regatta.dev/v1
kind: MachineType
metadata: { name: e2-standard-4 }
spec: { cpuMillis: 4000, memoryMiB: 16384, pricePerHour: 0.134 }
---
apiVersion: regatta.dev/v1
kind: Cluster
metadata: { name: ${names.a} }
spec:
  fleet: ${names.fleet}
  role: standalone
  region: europe-west1
  releaseChannel: REGULAR
  version: ${OLD}
  updateGroup: canary
---
apiVersion: regatta.dev/v1
kind: Cluster
metadata: { name: ${names.b} }
spec:
  fleet: ${names.fleet}
  role: standalone
  region: europe-west1
  releaseChannel: REGULAR
  version: ${OLD}
  updateGroup: rest
---
apiVersion: regatta.dev/v1
kind: NodePool
metadata: { name: default, cluster: ${names.a} }
spec:
  machineType: e2-standard-4
  zones: [europe-west1-b, europe-west1-c]
  nodeCount: 1
  version: ${OLD}
  nodeImage: cos-105
  upgradeStrategy: { type: SURGE, maxSurge: 1 }
---
apiVersion: regatta.dev/v1
kind: UpdateStrategy
metadata: { name: canary-first, fleet: ${names.fleet} }
spec:
  stages:
    - name: canary
      groups: [{ name: canary }]
    - name: rest
      groups: [{ name: rest }]
`;
}
