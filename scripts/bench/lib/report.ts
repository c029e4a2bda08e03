import { availableParallelism, cpus } from "node:os";
import { performance } from "node:perf_hooks";

/** A column of a printed table; numbers read best right-aligned. */
export interface Column {
  header: string;
  align?: "left" | "right";
}

/**
 * Prints an aligned plain-text table (no colours: the output is pasted into reviews and
 * CI logs).
 *
 * @example
 * printTable([{ header: "case" }, { header: "ops/s", align: "right" }], [["parse", "1,000"]]);
 */
export function printTable(columns: readonly Column[], rows: readonly (readonly string[])[]): void {
  const widths = columns.map((column, i) =>
    Math.max(column.header.length, ...rows.map((row) => (row[i] ?? "").length)),
  );
  const line = (cells: readonly string[]) =>
    columns
      .map((column, i) => {
        const cell = cells[i] ?? "";
        const width = widths[i]!;
        return column.align === "right" ? cell.padStart(width) : cell.padEnd(width);
      })
      .join("  ")
      .trimEnd();
  console.log(line(columns.map((column) => column.header)));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of rows) console.log(line(row));
}

/** A value of the key=value line: a number, or a word such as `skipped`. */
export type KeyValue = number | string;

/**
 * Prints the machine-readable last line of a benchmark: `bench=<name>` then every pair,
 * space separated, in insertion order. Fractions keep three decimals.
 *
 * @example printKeyValues("versions", { sort_100k_ms: 41.27 }) // bench=versions sort_100k_ms=41.27
 */
export function printKeyValues(bench: string, pairs: Readonly<Record<string, KeyValue>>): void {
  const parts = [`bench=${bench}`];
  for (const [key, value] of Object.entries(pairs)) {
    if (!/^[a-z][a-z0-9_]*$/.test(key)) throw new Error(`bad benchmark key ${key}`);
    const text = typeof value === "number" ? String(round(value, 3)) : value;
    if (/\s/.test(text) || text === "") throw new Error(`bad value for ${key}: "${text}"`);
    parts.push(`${key}=${text}`);
  }
  console.log(parts.join(" "));
}

/**
 * A number for the key=value line, or a word when it was not measured (undefined or not
 * finite: a case that timed out).
 *
 * @example measured(undefined) // "timed_out"
 */
export function measured(value: number | undefined, missing = "timed_out"): KeyValue {
  return value === undefined || !Number.isFinite(value) ? missing : value;
}

/**
 * A progress printer for a long bench: each line on stderr (stdout keeps the tables),
 * with the wall seconds since this call.
 *
 * @example const progress = progressLog(); … progress("state seeded"); // "  [12.3 s] state seeded"
 */
export function progressLog(): (step: string) => void {
  const start = performance.now();
  return (step) => {
    console.error(`  [${((performance.now() - start) / 1000).toFixed(1)} s] ${step}`);
  };
}

/** One line saying where the numbers come from. */
export function describeRuntime(): string {
  const model = cpus()[0]?.model.trim() ?? "unknown cpu";
  return `node ${process.version} · ${process.platform}/${process.arch} · ${availableParallelism()} cpus (${model})`;
}

/** @example formatInt(1234567.8) // "1,234,568" */
export function formatInt(value: number): string {
  return Math.round(value).toLocaleString("en-US");
}

/** Milliseconds with a precision that suits their size. @example formatMs(0.04321) // "0.043" */
export function formatMs(value: number): string {
  if (!Number.isFinite(value)) return "-";
  // Decide on the rounded value so that 9.9996 prints as "10.0", not "10.000".
  const fine = value.toFixed(3);
  if (Number(fine) < 10) return fine;
  const coarse = value.toFixed(1);
  return Number(coarse) < 1000 ? coarse : value.toFixed(0);
}

/** @example round(1.23456, 2) // 1.23 */
export function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
