/**
 * Runs in Node, not workerd: adds up what each test file reports through the TALLY
 * binding (commands the executor carried out, callbacks refused) and prints one line
 * when the run ends. The config and this global setup are separate module instances of
 * one process, so the sums live on globalThis.
 */
export interface Tally {
  files: number;
  /** Commands the executor started on its fleet (each command id once). */
  carriedOut: number;
  /** Redelivered commands it acknowledged without running them again. */
  duplicateCommands: number;
  /** Callbacks the control plane refused with 401: forged or replayed (stale) signatures. */
  callbacksRefused: number;
  /** Callbacks the control plane acknowledged and ignored: already applied. */
  callbacksIgnored: number;
  /** Callbacks the control plane refused for good (4xx) and the executor recorded. */
  callbacksRejected: number;
  /** Batches the executor refused with 401 (forged or replayed). */
  batchesRefused: number;
}

const KEY = Symbol.for("regatta.executor.tally");
const store = globalThis as { [KEY]?: Tally };

/** The binding's handler: one request per test file, its counts as JSON. */
export async function recordTally(request: Request): Promise<Response> {
  store[KEY] ??= {
    files: 0,
    carriedOut: 0,
    duplicateCommands: 0,
    callbacksRefused: 0,
    callbacksIgnored: 0,
    callbacksRejected: 0,
    batchesRefused: 0,
  };
  const tally = store[KEY];
  const counts = (await request.json()) as Partial<Tally>;
  tally.files += 1;
  for (const key of Object.keys(tally) as (keyof Tally)[]) {
    if (key !== "files") tally[key] += counts[key] ?? 0;
  }
  return new Response(null, { status: 204 });
}

/** vitest global setup: the teardown prints the totals. */
export default function setup(): () => void {
  const started = Date.now();
  return () => {
    const t = store[KEY];
    if (!t) return;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `executor: ${t.carriedOut} commands carried out (${t.duplicateCommands} redelivered ones acknowledged, not run again); callbacks refused: ${t.callbacksRefused + t.callbacksIgnored + t.callbacksRejected} (${t.callbacksRefused} forged/replayed → 401, ${t.callbacksIgnored} duplicates ignored, ${t.callbacksRejected} rejected 4xx); ${t.batchesRefused} forged/replayed batches → 401 (from ${t.files} test files; run took ${seconds} s)`,
    );
  };
}
