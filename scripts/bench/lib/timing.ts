import { performance } from "node:perf_hooks";

/** How many unmeasured and measured passes a throughput case runs. */
export interface PassOptions {
  warmup: number;
  iterations: number;
  /** Untimed set-up before every pass (e.g. a fresh copy of the array a sort mutates). */
  beforeEach?: () => void;
}

let sink = 0;

/**
 * Wall time in ms of each measured pass of `pass`, after `warmup` passes that let V8
 * optimise it. Each pass returns a checksum of its results; the checksums are kept so
 * the optimiser cannot drop work whose result nobody reads.
 *
 * @example const ms = timePasses(() => parseAll(corpus), { warmup: 5, iterations: 21 });
 */
export function timePasses(pass: () => number, options: PassOptions): number[] {
  const times: number[] = [];
  for (let i = 0; i < options.warmup + options.iterations; i++) {
    options.beforeEach?.();
    const start = performance.now();
    sink += pass();
    const elapsed = performance.now() - start;
    if (i >= options.warmup) times.push(elapsed);
  }
  return times;
}

/** The sum of every checksum so far; print it or compare it so it stays observable. */
export function checksum(): number {
  return sink;
}

/**
 * Latency in ms of `count` sequential calls of `request`, after `warmup` unmeasured ones.
 * Only `request` is timed; `observe` (untimed) sees each result, e.g. to follow a cursor.
 *
 * @example const ms = await sampleLatency(300, 30, (i) => fetchCluster(names[i]));
 */
export async function sampleLatency<T>(
  count: number,
  warmup: number,
  request: (index: number) => Promise<T>,
  observe?: (result: T) => void,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < warmup + count; i++) {
    const start = performance.now();
    const result = await request(i);
    const elapsed = performance.now() - start;
    observe?.(result);
    if (i >= warmup) times.push(elapsed);
  }
  return times;
}

/**
 * Runs `work` once and returns its result with the wall time it took, in ms.
 *
 * @example const { result, ms } = await timed(() => loadInventory(db));
 */
export async function timed<T>(work: () => Promise<T> | T): Promise<{ result: T; ms: number }> {
  const start = performance.now();
  const result = await work();
  return { result, ms: performance.now() - start };
}
