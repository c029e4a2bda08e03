import { stringify } from "yaml";
import { UsageError } from "../exit.ts";

export const OUTPUT_FORMATS = ["table", "json", "yaml"] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** A table view of an answer: a header and its rows (kubectl's plain columns). */
export interface TableView {
  columns: string[];
  rows: string[][];
}

/** `--output`, refused with the choices when it is none of them (exit 2). */
export function outputFormat(raw: string): OutputFormat {
  const format = OUTPUT_FORMATS.find((f) => f === raw);
  if (format === undefined) {
    throw new UsageError(`--output must be one of ${OUTPUT_FORMATS.join(", ")}, got ${raw}`);
  }
  return format;
}

/**
 * An answer in the chosen format: JSON and YAML as the API sent it, the table as the
 * command views it.
 * @example render(run, "table", () => ({ columns: ["NAME"], rows: [[run.name]] }))
 */
export function render<T>(value: T, format: OutputFormat, table: (value: T) => TableView): string {
  switch (format) {
    case "json":
      return `${JSON.stringify(value, null, 2)}\n`;
    case "yaml":
      return stringify(value);
    case "table":
      return formatTable(table(value));
    default:
      return format satisfies never;
  }
}

/** Columns padded to their widest cell, two spaces apart. */
export function formatTable({ columns, rows }: TableView): string {
  const all = [columns, ...rows];
  const widths = columns.map((_, i) => Math.max(...all.map((row) => (row[i] ?? "").length)));
  const line = (row: string[]) =>
    row
      .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  return `${all.map(line).join("\n")}\n`;
}

/** A cell for an optional value. */
export const cell = (value: string | number | boolean | null | undefined): string =>
  value === undefined || value === null || value === "" ? "-" : String(value);
