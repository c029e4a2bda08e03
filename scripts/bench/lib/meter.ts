import { readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ControlPlane, WorkerBundle } from "./control-plane.ts";

/** What `lib/metered.worker.js` counted since it was last reset. */
export interface Meter {
  workerRequests: { fetch: number; scheduled: number; queue: number; bench: number };
  objectRequests: { rpc: number; fetch: number; alarm: number; simWake: number };
  objectActiveMs: number;
  objectSql: { statements: number; rowsRead: number; rowsWritten: number; setAlarm: number };
  /** Object SQL writes by shape (`INSERT state op`, `DELETE timers`): count and bytes bound. */
  objectWrites: Record<string, { count: number; bytes: number }>;
  d1: { statements: number; rowsRead: number; rowsWritten: number };
  simD1: { statements: number; rowsRead: number; rowsWritten: number };
  queueMessages: number;
  /** The product's D1 statements since the reset, in order (the first 100, cut short). */
  d1Sql: string[];
}

const METERED = fileURLToPath(new URL("./metered.worker.js", import.meta.url));

/**
 * The same bundle with the meter around it: writes `metered.js` next to the bundle's
 * entry (importing it) and answers a bundle whose entry is the metered one.
 *
 * @example const metered = await meterBundle(await bundleControlPlane());
 */
export async function meterBundle(bundle: WorkerBundle): Promise<WorkerBundle> {
  const source = await readFile(METERED, "utf8");
  const inner = bundle.entry.replace(/\.js$/, ".mjs");
  await rename(join(bundle.dir, bundle.entry), join(bundle.dir, inner));
  await writeFile(
    join(bundle.dir, "metered.js"),
    source.replace(`from "./__ENTRY__"`, `from "./${inner}"`),
  );
  return { dir: bundle.dir, entry: "metered.js", imports: [inner] };
}

/** Reads the meter; `reset` starts it again from zero once read. */
export async function readMeter(cp: ControlPlane, reset = false): Promise<Meter> {
  const answer = reset ? await cp.post("/__bench/meter", {}) : await cp.get("/__bench/meter");
  if (answer.status !== 200) throw new Error(`meter → ${answer.status} ${answer.body}`);
  return JSON.parse(answer.body) as Meter;
}
