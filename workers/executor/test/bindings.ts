import { type D1Migration, env } from "cloudflare:test";
import type { ExecutorObject } from "../src/objects/executor-object.ts";

/** What the control plane's fleet objects answer to the tests (their RPC `tick`). */
export interface ControlPlaneObject extends Rpc.DurableObjectBranded {
  /** Runs the object's due timers and delivers its outbox now, as its alarm would. */
  tick(): Promise<unknown>;
}

/**
 * The bindings of the worker under test (the control plane, see vitest.config.ts) as
 * these tests use them; the generated `Cloudflare.Env` of this package describes the
 * executor's own bindings instead, so the tests read them through this type.
 */
export interface TestBindings {
  DB: D1Database;
  TEST_MIGRATIONS: D1Migration[];
  FLEET: DurableObjectNamespace<ControlPlaneObject>;
  UPDATE_RUN: DurableObjectNamespace<ControlPlaneObject>;
  /** The executor worker's HTTP front door (a service binding, past the network). */
  EXECUTOR_HTTP: Fetcher;
  /** The executor's one object, for its test-only clock and its status. */
  EXECUTOR_FLEET: DurableObjectNamespace<ExecutorObject>;
  /** Controls of test/network-worker.js. */
  NETWORK: Fetcher;
  /** Node-side totals, printed at the end of the run (test/tally.ts). */
  TALLY: Fetcher;
}

export const bindings = env as unknown as TestBindings;
