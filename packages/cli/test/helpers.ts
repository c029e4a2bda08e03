import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { type ControlPlane, startControlPlane } from "../../../tests/harness/control-plane.ts";
import type { Io } from "../src/io.ts";
import { runCli } from "../src/program.ts";

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** One control plane per test file, its sim clock frozen (tests drive it). */
export function useControlPlane(): { cp: () => ControlPlane; dir: () => string } {
  let cp: ControlPlane | undefined;
  let dir: string | undefined;
  beforeAll(async () => {
    cp = await startControlPlane({ speed: 0 });
    dir = await mkdtemp(join(tmpdir(), "regatta-cli-"));
  });
  afterAll(async () => {
    await cp?.stop();
  });
  return {
    cp: () => cp ?? fail("no control plane"),
    dir: () => dir ?? fail("no directory"),
  };
}

function fail(message: string): never {
  throw new Error(message);
}

/** The CLI in-process, as `npm run regatta -- …` would run it, against `cp`. */
export async function cli(
  cp: ControlPlane,
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
  cp: ControlPlane,
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
  cp: ControlPlane,
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
  cp: ControlPlane,
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
export async function putRelease(cp: ControlPlane): Promise<void> {
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

/** A fleet `prod`: two zones, a machine type, clusters a and b (group `canary`, `rest`). */
export const INVENTORY = `apiVersion: regatta.dev/v1
kind: Fleet
metadata: { name: prod }
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
metadata: { name: prod-a }
spec:
  fleet: prod
  role: standalone
  region: europe-west1
  releaseChannel: REGULAR
  version: ${OLD}
  updateGroup: canary
---
apiVersion: regatta.dev/v1
kind: Cluster
metadata: { name: prod-b }
spec:
  fleet: prod
  role: standalone
  region: europe-west1
  releaseChannel: REGULAR
  version: ${OLD}
  updateGroup: rest
---
apiVersion: regatta.dev/v1
kind: NodePool
metadata: { name: default, cluster: prod-a }
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
metadata: { name: canary-first, fleet: prod }
spec:
  stages:
    - name: canary
      groups: [{ name: canary }]
    - name: rest
      groups: [{ name: rest }]
`;
