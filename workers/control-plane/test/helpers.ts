import { createExecutionContext, env, runInDurableObject, SELF } from "cloudflare:test";
import { openInventory } from "@regatta/inventory";
import { sign } from "@regatta/protocol";
import { simClock } from "../src/clock/clock.ts";
import { loadSimClock, saveSimClock } from "../src/clock/sim-clock-store.ts";
import type { Env } from "../src/env.ts";
import worker from "../src/index.ts";
import type { ObjectWiring } from "../src/objects/wiring.ts";
import { checkAnswer, checkResponse } from "./openapi-check.ts";
import { stuckWithoutReason } from "./stuck-reasons.ts";

export const ADMIN = "test-admin-token";
export const START = Date.parse("2026-01-05T00:00:00Z");

/** Freezes the shared sim clock at START (tests drive time explicitly). */
export async function freezeClock(at: number = START): Promise<void> {
  await saveSimClock(openInventory(env.DB), {
    anchorWallMs: Date.now(),
    anchorVirtualMs: at,
    speed: 0,
  });
}

/** Moves the frozen sim clock forward. */
export async function advanceClock(seconds: number): Promise<void> {
  const params = await loadSimClock(openInventory(env.DB), 0);
  const now = simClock(params).now();
  await saveSimClock(openInventory(env.DB), {
    anchorWallMs: Date.now(),
    anchorVirtualMs: now + seconds * 1000,
    speed: 0,
  });
}

/**
 * Moves the wall clock of fleet `fleet`'s object `ms` ahead (cumulatively) and runs what
 * fell due: bookkeeping on the wall clock (retention) is tested without waiting days,
 * while the virtual clock stays where it is.
 */
export async function moveWallClock(ms: number, fleet = "prod"): Promise<void> {
  const stub = env.FLEET.get(env.FLEET.idFromName(fleet));
  await runInDurableObject(stub, (instance) => {
    const { wiring } = instance as unknown as { wiring: ObjectWiring };
    wiring.hooks.wallShiftMs = (wiring.hooks.wallShiftMs ?? 0) + ms;
  });
  await stub.tick();
}

/** A JSON request through the worker, like a client would send it. */
export async function api(
  method: string,
  path: string,
  options: { body?: unknown; token?: string | null; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
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
  await checkAnswer({
    method,
    url: path,
    status: response.status,
    contentType: response.headers.get("content-type"),
    text,
  });
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (e.g. the docs page): keep the text.
  }
  if (method === "GET" && response.ok && typeof parsed === "object") {
    const stuck = stuckWithoutReason(parsed);
    // EXT-9 for every status answer the suite reads, as /openapi.json is for every answer.
    if (stuck.length > 0)
      throw new Error(`EXT-9: ${path} shows states without a rule-led reason: ${stuck.join("; ")}`);
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

/** A raw request through the worker, for tests that need the Response itself; checked too. */
export async function fetchWorker(path: string, init: RequestInit): Promise<Response> {
  const response = await SELF.fetch(`https://regatta.test${path}`, init);
  await checkResponse(init.method ?? "GET", path, response);
  return response;
}

/**
 * The headers of an executor callback signed as API.md "Executors" says: timestamp
 * (wall-clock Unix seconds, `at` in ms), method, path and body.
 */
export async function signedCallback(
  path: string,
  body: string,
  options: { at?: number; secret?: string } = {},
): Promise<Record<string, string>> {
  const timestamp = Math.floor((options.at ?? Date.now()) / 1000);
  const signature = await sign(options.secret ?? "test-webhook-secret", {
    timestamp,
    method: "POST",
    path,
    body,
  });
  return { "x-regatta-timestamp": String(timestamp), "x-regatta-signature": signature };
}

/** The worker's settings in a webhook deployment (the test worker itself runs the sim). */
export const WEBHOOK_ENV = {
  ...env,
  REGATTA_PROVIDER: "webhook",
  WEBHOOK_URL: "https://executor.example/commands",
  WEBHOOK_SECRET: "test-webhook-secret",
} as Env;

/**
 * A signed executor callback through a worker configured for webhook mode, checked
 * against /openapi.json like {@link api}.
 */
export async function webhookCallback(
  path: string,
  body: string,
  headers: Record<string, string>,
  settings: Env = WEBHOOK_ENV,
): Promise<{ status: number; body: any }> {
  // The worker's handler is typed for requests from the edge (with `cf`): this one is not.
  const request = new Request<unknown, IncomingRequestCfProperties>(`https://regatta.test${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
  const response = await worker.fetch(request, settings, createExecutionContext());
  const text = await response.text();
  await checkAnswer({
    method: "POST",
    url: path,
    status: response.status,
    contentType: response.headers.get("content-type"),
    text,
  });
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/**
 * Runs a burst against one of the platform's rate limiters so that it lands in one window.
 * The limiter counts in windows aligned to the wall clock (a 60 s window starts on the
 * minute), so a burst that straddles a boundary is split across two windows and proves
 * nothing. Such a burst is run once more, right after the boundary it crossed, with the
 * attempt number so it can use fresh keys (a new token) rather than a half-spent window.
 */
export async function inOneRateWindow<T>(
  periodSeconds: number,
  burst: (attempt: number) => Promise<T>,
): Promise<T[]> {
  const windowOf = () => Math.floor(Date.now() / (periodSeconds * 1000));
  const results: T[] = [];
  for (let attempt = 0; attempt < 2; attempt++) {
    const started = windowOf();
    results.push(await burst(attempt));
    if (windowOf() === started) return results;
  }
  throw new Error(`two bursts in a row straddled a ${periodSeconds} s rate window`);
}
