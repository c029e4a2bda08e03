import { performance } from "node:perf_hooks";
import type { ControlPlane, HttpResult } from "./control-plane.ts";
import type { TableRows } from "./inventory-fixture.ts";
import { Prng } from "./prng.ts";
import { formatMs, printTable } from "./report.ts";
import { clusterBody, load, ok } from "./sim-state.ts";
import { type Summary, summarize } from "./stats.ts";

/**
 * API latency of a control plane that may be saturated (a state at sim speed before the
 * idle work): every wait is bounded, so such a state is reported, not waited on. Shared
 * by the idle and time benchmarks.
 */

/** A request slower than this ends its case. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** Wall time one latency case may take. */
export const CASE_BUDGET_MS = 30_000;

/**
 * `work`'s value, or undefined when it has not settled within `ms`: a control plane that
 * is saturated must not hang the bench. The request goes on unobserved; disposing of
 * Miniflare ends it. `work` must not itself resolve to undefined (map a void to a value).
 *
 * @example const health = await within(5_000, cp.get("/healthz")); // undefined: no answer in 5 s
 */
export async function within<T>(ms: number, work: Promise<T>): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, ms, undefined);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** Latencies of one case; `summary` is undefined when no measured request finished. */
export interface Sampled {
  summary: Summary | undefined;
  /** A request that took over REQUEST_TIMEOUT_MS ends the case. */
  timedOut: boolean;
  /** The case ran out of CASE_BUDGET_MS before its last sample. */
  cutShort: boolean;
}

/**
 * Like `sampleLatency`, within a wall budget: `count` sequential requests after `warmup`,
 * stopping at the first that takes over REQUEST_TIMEOUT_MS or when CASE_BUDGET_MS is
 * spent.
 *
 * @example const gets = await sample(300, 30, (i) => cp.get(`/v1/clusters/${names[i]}`), "GET cluster");
 */
export async function sample(
  count: number,
  warmup: number,
  request: (index: number) => Promise<HttpResult>,
  what: string,
): Promise<Sampled> {
  const times: number[] = [];
  const start = performance.now();
  for (let i = 0; i < warmup + count; i++) {
    if (performance.now() - start > CASE_BUDGET_MS) {
      return { summary: summaryOf(times), timedOut: false, cutShort: true };
    }
    const sent = performance.now();
    const result = await within(REQUEST_TIMEOUT_MS, request(i));
    const elapsed = performance.now() - sent;
    if (result === undefined) return { summary: summaryOf(times), timedOut: true, cutShort: true };
    if (result.status >= 300) throw new Error(`${what} → ${result.status} ${result.body}`);
    if (i >= warmup) times.push(elapsed);
  }
  return { summary: summaryOf(times), timedOut: false, cutShort: false };
}

function summaryOf(times: readonly number[]): Summary | undefined {
  return times.length === 0 ? undefined : summarize(times);
}

export interface ApiLatency {
  put: Sampled;
  get: Sampled;
}

/** How many requests the empty and the full state's cases send. */
export interface LatencySizes {
  /** New clusters PUT, after the warm-up. */
  puts: number;
  /** Clusters read, after the warm-up. */
  gets: number;
  /** Unmeasured requests before each case on the empty state. */
  warmup: number;
  /** The same on the full state, whose workerd is warm: a short one leaves a saturated
   * control plane time to answer within the case budget. */
  fullWarmup: number;
  /** Seed of the GETs' draw. */
  seed: number;
}

/**
 * The sizes of the idle and time benches: 100 new clusters and 300 GETs after 30 warm-up
 * requests each on the empty state, 5 on the full one.
 */
export function quietStateSizes(seed: number): LatencySizes {
  return { puts: 100, gets: 300, warmup: 30, fullWarmup: 5, seed };
}

/** What the cases send, for a heading. */
export function describeSizes(sizes: LatencySizes): string {
  return `${sizes.puts} new clusters and ${sizes.gets} GETs after ${sizes.warmup} warm-up each on the empty state, ${sizes.fullWarmup} on the full one`;
}

/** The clusters the empty state's case leaves in the state (its warm-ups' too). */
export function emptyStateClusters(sizes: LatencySizes): number {
  return sizes.warmup + sizes.puts;
}

/** The fleet of the empty state's new clusters. */
const EMPTY_FLEET = "empty-state";

/**
 * The baseline: loads `catalogue` (zones, machine types) into a migrated control plane
 * that holds nothing else, creates one fleet and measures PUTs of new clusters in it and
 * GETs of them. Its fleet and `warmup + puts` clusters stay in the state.
 *
 * @example const empty = await emptyStateLatency(cp, inventory.tables.slice(0, 2), sizes);
 */
export async function emptyStateLatency(
  cp: ControlPlane,
  catalogue: readonly TableRows[],
  sizes: LatencySizes,
): Promise<ApiLatency> {
  await load(cp, catalogue);
  await ok(cp, "PUT", `/v1/fleets/${EMPTY_FLEET}`, {});
  return apiLatency(cp, sizes, {
    prefix: "empty",
    fleets: [EMPTY_FLEET],
    existing: (created) => created,
    warmup: sizes.warmup,
  });
}

/**
 * The same cases on the full state: new clusters in `fleets`, GETs drawn from `clusters`.
 *
 * @example const full = await fullStateLatency(cp, inventory.fleets, inventory.clusters, sizes);
 */
export function fullStateLatency(
  cp: ControlPlane,
  fleets: readonly string[],
  clusters: readonly string[],
  sizes: LatencySizes,
): Promise<ApiLatency> {
  return apiLatency(cp, sizes, {
    prefix: "full",
    fleets,
    existing: () => clusters,
    warmup: sizes.fullWarmup,
  });
}

/** What one `apiLatency` case sends. */
interface ApiLatencyCase {
  /** New clusters are named `<prefix>-<i>`. */
  prefix: string;
  /** Fleets the new clusters go in, round robin. */
  fleets: readonly string[];
  /** Clusters the GETs draw from, given the ones the PUTs created. */
  existing: (created: readonly string[]) => readonly string[];
  warmup: number;
}

/**
 * PUTs `warmup` + `puts` new clusters, then GETs `warmup` + `gets` clusters drawn from
 * `existing`.
 */
async function apiLatency(
  cp: ControlPlane,
  sizes: LatencySizes,
  run: ApiLatencyCase,
): Promise<ApiLatency> {
  const created: string[] = [];
  const put = await sample(
    sizes.puts,
    run.warmup,
    (i) => {
      const name = `${run.prefix}-${i}`;
      created.push(name);
      return cp.put(`/v1/clusters/${name}`, clusterBody(run.fleets[i % run.fleets.length]!));
    },
    "PUT cluster",
  );
  const rng = new Prng(sizes.seed);
  const pool = run.existing(created);
  const picks = Array.from({ length: run.warmup + sizes.gets }, () => rng.pick(pool));
  const get = await sample(
    sizes.gets,
    run.warmup,
    (i) => cp.get(`/v1/clusters/${picks[i]}`),
    "GET cluster",
  );
  return { put, get };
}

/** How a case ended, for a table: n measured, and why it stopped early if it did. */
export function caseNote(sampled: Sampled): string {
  const n = `n=${sampled.summary?.count ?? 0}`;
  if (sampled.timedOut) return `${n}, a request took over ${REQUEST_TIMEOUT_MS / 1000} s`;
  return sampled.cutShort ? `${n}, out of its ${CASE_BUDGET_MS / 1000} s budget` : n;
}

/** The full state's p50 over the empty state's, undefined when either is missing. */
export function p50Ratio(full: Sampled, empty: Sampled): number | undefined {
  if (full.summary === undefined || empty.summary === undefined) return undefined;
  return full.summary.p50 / empty.summary.p50;
}

/** Prints the PUT and GET cases of the empty state beside the full state's. */
export function printApiLatency(empty: ApiLatency, full: ApiLatency): void {
  printTable(
    [
      { header: "request" },
      { header: "empty p50", align: "right" },
      { header: "empty p95", align: "right" },
      { header: "full p50", align: "right" },
      { header: "full p95", align: "right" },
      { header: "p50 ÷ empty", align: "right" },
      { header: "note" },
    ],
    [
      latencyRow("PUT /v1/clusters/{cluster} (new)", empty.put, full.put),
      latencyRow("GET /v1/clusters/{cluster}", empty.get, full.get),
    ],
  );
}

function latencyRow(label: string, empty: Sampled, full: Sampled): string[] {
  const ratio = p50Ratio(full, empty);
  return [
    label,
    formatMs(empty.summary?.p50 ?? Number.NaN),
    formatMs(empty.summary?.p95 ?? Number.NaN),
    formatMs(full.summary?.p50 ?? Number.NaN),
    formatMs(full.summary?.p95 ?? Number.NaN),
    ratio === undefined ? "-" : ratio.toFixed(2),
    [empty, full].some((s) => s.cutShort) ? `empty ${caseNote(empty)}; full ${caseNote(full)}` : "",
  ];
}
