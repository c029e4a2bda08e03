/**
 * Small state values that change together, kept in one storage row. Storage is billed
 * per row written, and a fleet object rewrites the same few small values at every
 * provider answer (the sim's state, the main row of each running operation): packed,
 * an answer costs one row instead of one per value. A value that grows past
 * {@link VALUE_MAX} lives in a row of its own; when the packed row would pass
 * {@link TOTAL_MAX}, its largest values move out, so it stays far below the 2 MB limit.
 */

/** The `state` key of the packed row itself. */
export const PACKED_KEY = "~packed";
const VALUE_MAX = 512 * 1024;
const TOTAL_MAX = 1536 * 1024;

/** Which keys may be packed (the rest always have rows of their own). */
export type PackedKeys = (key: string) => boolean;

/** Where a flushed value goes. */
export type Placement = "packed" | "own";

/**
 * The packed values as JSON text by key, loaded lazily. Changes are made during a
 * transaction's flush and written once by {@link PackedRow.flush}; after a failed
 * transaction the owner drops this object and loads it again.
 */
export class PackedRow {
  private values: Map<string, string> | undefined;
  private dirty = false;

  constructor(
    private readonly sql: SqlStorage,
    readonly packs: PackedKeys,
  ) {}

  /** The value's JSON text if it is packed. */
  get(key: string): string | undefined {
    return this.load().get(key);
  }

  has(key: string): boolean {
    return this.load().has(key);
  }

  /** Where a value of this key and JSON text belongs. */
  placement(key: string, json: string): Placement {
    return this.packs(key) && json.length <= VALUE_MAX ? "packed" : "own";
  }

  set(key: string, json: string): void {
    this.load().set(key, json);
    this.dirty = true;
  }

  delete(key: string): void {
    if (this.load().delete(key)) this.dirty = true;
  }

  /**
   * Writes the packed row if anything in it changed. Values moved out to keep it under
   * TOTAL_MAX are handed to `moveOut`, which gives them rows of their own.
   */
  flush(
    write: (query: string, ...bindings: SqlStorageValue[]) => void,
    moveOut: (key: string, json: string) => void,
  ): void {
    if (!this.dirty || this.values === undefined) return;
    this.dirty = false;
    let total = 0;
    for (const [key, json] of this.values) total += key.length + json.length + 4;
    if (total > TOTAL_MAX) {
      const largest = [...this.values].sort((a, b) => b[1].length - a[1].length);
      for (const [key, json] of largest) {
        if (total <= TOTAL_MAX) break;
        this.values.delete(key);
        total -= key.length + json.length + 4;
        moveOut(key, json);
      }
    }
    if (this.values.size === 0) {
      write("DELETE FROM state WHERE key = ?", PACKED_KEY);
      return;
    }
    const body = [...this.values].map(([key, json]) => `${JSON.stringify(key)}:${json}`);
    write(
      "INSERT INTO state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      PACKED_KEY,
      `{${body.join(",")}}`,
    );
  }

  private load(): Map<string, string> {
    if (this.values !== undefined) return this.values;
    const [row] = this.sql
      .exec<{ value: string }>("SELECT value FROM state WHERE key = ?", PACKED_KEY)
      .toArray();
    const parsed: Record<string, unknown> = row ? JSON.parse(row.value) : {};
    this.values = new Map(
      Object.entries(parsed).map(([key, value]) => [key, JSON.stringify(value)]),
    );
    return this.values;
  }
}
