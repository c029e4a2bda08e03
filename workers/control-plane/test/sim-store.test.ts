import {
  createSim,
  type ProviderCommand,
  type SimState,
  simAdvance,
  simSubmit,
} from "@regatta/engine";
import { describe, expect, it } from "vitest";
import { loadSimState, saveSimState } from "../src/providers/sim/store.ts";
import type { Timer, Tx } from "../src/runtime/types.ts";

const T0 = Date.parse("2026-01-05T00:00:00Z");

/** A transaction over a plain map that counts row writes, like the runtime's buffered one. */
class MapTx implements Tx {
  readonly rows = new Map<string, string>();
  writes = 0;
  now = T0;
  wall = T0;
  getState<T>(key: string): T | undefined {
    const json = this.rows.get(key);
    return json === undefined ? undefined : (JSON.parse(json) as T);
  }
  prefetch(_keys: readonly string[]): void {}
  putState(key: string, value: unknown): void {
    this.rows.set(key, JSON.stringify(value));
    this.writes++;
  }
  deleteState(key: string): void {
    this.rows.delete(key);
  }
  setTimer(_timer: Timer): void {}
  clearTimer(_id: string): void {}
  send(_commands: ProviderCommand[]): void {}
  once(_key: string, change: () => void): boolean {
    change();
    return true;
  }
  seen(): boolean {
    return false;
  }
  awaits(): boolean {
    return false;
  }
  answered(): void {}
  atEnd(_key: string, finish: () => void): void {
    finish();
  }
  largest(): number {
    return Math.max(...[...this.rows.values()].map((json) => json.length));
  }
  chunkRows(): number {
    return [...this.rows.keys()].filter((key) => key.startsWith("sim:run:")).length;
  }
}

function creates(count: number): ProviderCommand[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `op-1:n-${i}:CREATE:1`,
    type: "CREATE_NODE" as const,
    cluster: "c",
    pool: "p",
    node: `n-${i}`,
    zone: "z",
    version: "1.31.2-gke.200",
    nodeImage: "cos",
  }));
}

describe("the sim's state in the fleet object's rows", () => {
  it("a queue of 16,000 reports is kept in chunk rows far below the 2 MB row limit, read back unchanged, written once and deleted once made", () => {
    const tx = new MapTx();
    const sim = simSubmit(createSim({ seed: 1, capacity: {} }, T0), creates(16_000), T0);
    saveSimState(tx, sim);
    expect(tx.largest()).toBeLessThan(400_000);
    expect(tx.chunkRows()).toBe(16);
    const loaded = loadSimState(tx) as SimState;
    expect(JSON.stringify(loaded)).toBe(JSON.stringify(sim));

    // Reports taken from the run move `next` only: the chunk rows are not written again.
    const firstDue = loaded.queue[0]!.entries[0]!.event.at;
    const advanced = simAdvance(loaded, firstDue).state;
    const before = tx.writes;
    saveSimState(tx, advanced);
    expect(tx.writes - before).toBe(1);

    // Once every report is made the run is gone, and so are its rows.
    const done = simAdvance(loadSimState(tx) as SimState, T0 + 86_400_000).state;
    saveSimState(tx, done);
    expect(tx.chunkRows()).toBe(0);
  });
});
