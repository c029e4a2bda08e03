import type { SimState } from "@regatta/engine";
import type { Tx } from "../../runtime/types.ts";

/**
 * How the embedded sim's state maps to the fleet object's rows. The state is small
 * except for its queue of pending reports: a blue-green start of a 16,000-node pool
 * queues 16,000 reports (about 2.6 MB), past the platform's 2 MB row limit. So a long
 * run of the queue is kept in rows of its own, {@link CHUNK} reports each, and the main
 * row (rewritten at every provider answer) names it. A run's reports never change once
 * the run exists (the engine builds a new run when it merges or trims), so its rows are
 * written once and deleted when the run is gone; only `next` moves in the main row.
 */

const SIM_KEY = "sim";
/** Runs up to this many reports stay in the main row: most fleets never store a chunk. */
const INLINE_MAX = 2000;
/** Reports per chunk row: about 160 KB. */
const CHUNK = 1000;

type Run = SimState["queue"][number];
type Entries = Run["entries"];

/** A long run as the main row names it. */
interface StoredRun {
  ref: string;
  chunks: number;
  next: number;
}

interface StoredSim extends Omit<SimState, "queue"> {
  queue: (Run | StoredRun)[];
}

/** Which stored run an entries array was loaded from or saved as (arrays are immutable). */
const refs = new WeakMap<Entries, StoredRun>();

const chunkKey = (ref: string, index: number) => `${SIM_KEY}:run:${ref}:${index}`;

function isStored(run: Run | StoredRun): run is StoredRun {
  return "ref" in run;
}

/** The sim as last saved, with its long runs read back from their rows. */
export function loadSimState(tx: Tx): SimState | undefined {
  const stored = tx.getState<StoredSim>(SIM_KEY);
  if (!stored) return undefined;
  const queue = stored.queue.map((run): Run => {
    if (!isStored(run)) return run;
    const entries: Entries = Array.from({ length: run.chunks }, (_, i) =>
      tx.getState<Entries>(chunkKey(run.ref, i)),
    ).flatMap((chunk) => chunk ?? []);
    refs.set(entries, run);
    return { entries, next: run.next };
  });
  return { ...stored, queue };
}

/** Saves the sim: new long runs get chunk rows, runs that are gone lose theirs. */
export function saveSimState(tx: Tx, sim: SimState): void {
  const before = tx.getState<StoredSim>(SIM_KEY);
  const kept = new Set<string>();
  const queue = sim.queue.map((run): Run | StoredRun => {
    if (run.entries.length <= INLINE_MAX) return run;
    const known = refs.get(run.entries);
    if (known) {
      kept.add(known.ref);
      return { ref: known.ref, chunks: known.chunks, next: run.next };
    }
    const ref = crypto.randomUUID();
    const chunks = Math.ceil(run.entries.length / CHUNK);
    for (let i = 0; i < chunks; i++) {
      tx.putState(chunkKey(ref, i), run.entries.slice(i * CHUNK, (i + 1) * CHUNK));
    }
    const saved = { ref, chunks, next: run.next };
    refs.set(run.entries, saved);
    kept.add(ref);
    return saved;
  });
  for (const run of before?.queue ?? []) {
    if (!isStored(run) || kept.has(run.ref)) continue;
    for (let i = 0; i < run.chunks; i++) tx.deleteState(chunkKey(run.ref, i));
  }
  tx.putState(SIM_KEY, { ...sim, queue } satisfies StoredSim);
}
