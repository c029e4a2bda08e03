import { runInDurableObject, SELF } from "cloudflare:test";
import { signatureHeaders } from "@regatta/protocol";
import { expect } from "vitest";
import { bindings } from "./bindings.ts";
import type { Tally } from "./tally.ts";

export const ADMIN = "test-admin-token";
/** The secret both workers share (set in vitest.config.ts, which workerd cannot import). */
export const SECRET = "test-webhook-secret-shared";
export const OLD = "1.21.11-gke.1100";
export const NEW = "1.21.14-gke.4300";

// Tests read JSON answers loosely, as a client would.
type Json = any;

/** A JSON request to the control plane, like a client would send it. */
export async function api(
  method: string,
  path: string,
  options: { body?: unknown; token?: string | null; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Json; headers: Headers }> {
  const headers: Record<string, string> = { ...options.headers };
  const token = options.token === undefined ? ADMIN : options.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers["content-type"] ??= "application/json";
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
  }
  const response = await SELF.fetch(`https://regatta.test${path}`, { method, headers, body });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? JSON.parse(text) : undefined,
    headers: response.headers,
  };
}

async function put(path: string, body: unknown): Promise<void> {
  const res = await api("PUT", path, { body });
  expect(res.status, `PUT ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
}

/**
 * One fleet's inventory through the control plane's API, as its own test fixtures seed
 * it: two zones, a machine type and release 2022-R25 (OLD → NEW on REGULAR).
 */
export async function seedFleet(fleet: string): Promise<void> {
  await put(`/v1/fleets/${fleet}`, {});
  for (const zone of ["europe-west1-b", "europe-west1-c"]) {
    await put(`/v1/zones/${zone}`, { region: "europe-west1", quota: { nodes: 100 } });
  }
  await put("/v1/machine-types/e2-standard-4", {
    cpuMillis: 4000,
    memoryMiB: 16384,
    pricePerHour: 0.134,
    spotPricePerHour: 0.04,
  });
  await put("/v1/releases/2022-R25", {
    channel: "REGULAR",
    targets: { "1.20": NEW, "1.21": NEW, "1.22": "1.23.8-gke.1900" },
    versions: [OLD, "1.22.3-gke.100"],
    nodeImages: [],
    regions: {},
  });
}

export async function putCluster(
  name: string,
  fleet: string,
  overrides: Record<string, unknown> = {},
): Promise<void> {
  await put(`/v1/clusters/${name}`, {
    fleet,
    role: "standalone",
    region: "europe-west1",
    releaseChannel: "REGULAR",
    version: OLD,
    ...overrides,
  });
}

export async function putPool(
  cluster: string,
  pool: string,
  overrides: Record<string, unknown> = {},
): Promise<void> {
  await put(`/v1/clusters/${cluster}/node-pools/${pool}`, {
    machineType: "e2-standard-4",
    zones: ["europe-west1-b"],
    nodeCount: 2,
    version: OLD,
    nodeImage: "cos-97",
    ...overrides,
  });
}

export async function operation(id: string): Promise<Json> {
  const res = await api("GET", `/v1/operations/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

export async function nodes(cluster: string): Promise<Json[]> {
  return (await api("GET", `/v1/clusters/${cluster}/nodes`)).body.items;
}

/** The executor's one object: its status, and its clock the tests move. */
export function executor() {
  return bindings.EXECUTOR_FLEET.get(bindings.EXECUTOR_FLEET.idFromName("fleet"));
}

/** Breaks or mends one direction of the network (test/network-worker.js). */
export async function setLink(
  host: "executor.test" | "control-plane.test",
  mode: "up" | "down" | "error" | "lose-answer",
): Promise<void> {
  const res = await bindings.NETWORK.fetch(`http://network.test/links/${host}`, {
    method: "PUT",
    body: JSON.stringify({ mode }),
  });
  expect(res.status).toBe(204);
}

/** One request that crossed the network (test/network-worker.js). */
export interface Crossing {
  host: string;
  path: string;
  mode: string;
  /** The receiver's answer; null when the network did not pass the request on. */
  status: number | null;
  timestamp: string | null;
  signature: string | null;
  body: string;
  answer: string;
}

/** What crossed the network to `host`, oldest first (the last 500 requests in all). */
export async function crossings(host: "executor.test" | "control-plane.test"): Promise<Crossing[]> {
  const log = (await (
    await bindings.NETWORK.fetch("http://network.test/log")
  ).json()) as Crossing[];
  return log.filter((entry) => entry.host === host);
}

/** The control plane's fleet object delivers its outbox and runs its due timers now. */
export async function tickFleet(fleet: string): Promise<void> {
  await bindings.FLEET.get(bindings.FLEET.idFromName(fleet)).tick();
}

/**
 * A batch of the control plane's outbox not delivered yet: its operation's delivery (the
 * runtime's one retry table), with the attempts made so far.
 */
export interface Undelivered {
  /** The delivery's id, `outbox/<operation>`. */
  id: string;
  attempts: number;
  /** How long until its next attempt, measured now. */
  dueInMs: number;
}

/** What the tests read of the control plane's object runtime (typed here, not imported). */
interface RuntimeView {
  timers(): { kind: string; due: number; payload?: string }[];
  read<R>(look: (tx: { getState<T>(key: string): T | undefined }) => R): Promise<R>;
}

/** The control plane's undelivered outbox batches in `fleet`'s object, by delivery. */
export async function controlPlaneOutbox(fleet: string): Promise<Undelivered[]> {
  const stub = bindings.FLEET.get(bindings.FLEET.idFromName(fleet));
  return runInDurableObject(stub, async (instance) => {
    const { wiring } = instance as unknown as { wiring: { ready(): Promise<RuntimeView> } };
    const runtime = await wiring.ready();
    const due = runtime
      .timers()
      .filter((t) => t.kind === "delivery" && t.payload?.startsWith("outbox/"));
    return Promise.all(
      due.map(async (timer) => {
        const id = timer.payload ?? "";
        const stored = await runtime.read((tx) =>
          tx.getState<{ attempts: number }>(`delivery:${id}`),
        );
        return { id, attempts: stored?.attempts ?? 0, dueInMs: timer.due - Date.now() };
      }),
    );
  });
}

/**
 * In webhook mode the control plane runs on wall time and retries a failed delivery
 * after 5 s, doubling. Rather than sleep, a test makes the outbox's deliveries due now
 * (their timers' due instants) and ticks the object, which retries them as its alarm would.
 */
export async function retryDeliveriesNow(fleet: string): Promise<void> {
  const stub = bindings.FLEET.get(bindings.FLEET.idFromName(fleet));
  await runInDurableObject(stub, (_object, state) => {
    state.storage.sql.exec(
      "UPDATE timers SET due = 0 WHERE kind = 'delivery' AND payload LIKE 'outbox/%'",
    );
  });
  await tickFleet(fleet);
}

export async function tickRun(fleet: string, run: string): Promise<void> {
  await bindings.UPDATE_RUN.get(bindings.UPDATE_RUN.idFromName(`${fleet}/${run}`)).tick();
}

/**
 * Runs both workers until `done` holds for what `read` returns: each step the control
 * plane's objects deliver their outboxes (the batches reach the executor), then the
 * executor's clock moves `stepSeconds` and it reports what finished. No step sleeps.
 */
export async function driveUntil<T>(
  read: () => Promise<T>,
  done: (value: NoInfer<T>) => boolean,
  options: { fleet: string; run?: string; stepSeconds?: number; maxSteps?: number },
): Promise<T> {
  const maxSteps = options.maxSteps ?? 200;
  for (let step = 0; step < maxSteps; step++) {
    const value = await read();
    if (done(value)) return value;
    await tickFleet(options.fleet);
    if (options.run) await tickRun(options.fleet, options.run);
    await executor().advanceClock(options.stepSeconds ?? 1);
  }
  const last = await read();
  if (done(last)) return last;
  throw new Error(`not done after ${maxSteps} steps: ${JSON.stringify(last).slice(0, 2000)}`);
}

export const terminal = (op: { state: string }) => op.state !== "RUNNING";

/**
 * A request signed as the protocol says, or forged: `secret` other than the shared one,
 * `at` a wall-clock instant other than now (a replay).
 */
export async function signed(
  path: string,
  body: string,
  options: { secret?: string; at?: number } = {},
): Promise<Record<string, string>> {
  return {
    "content-type": "application/json",
    ...(await signatureHeaders(
      options.secret ?? SECRET,
      { method: "POST", path, body },
      options.at ?? Date.now(),
    )),
  };
}

/**
 * This file's share of the closing note: the executor's counts since `before`, plus what
 * the file counted itself. One object serves every file, so counts are differences.
 */
export async function reportTally(
  before: { carriedOut: number; duplicates: number; callbacksRejected: number },
  counted: Partial<Tally> = {},
): Promise<void> {
  const { counts } = await executor().status();
  const tally: Partial<Tally> = {
    carriedOut: counts.carriedOut - before.carriedOut,
    duplicateCommands: counts.duplicates - before.duplicates,
    callbacksRejected: counts.callbacksRejected - before.callbacksRejected,
    ...counted,
  };
  await bindings.TALLY.fetch("https://tally/", { method: "POST", body: JSON.stringify(tally) });
}
