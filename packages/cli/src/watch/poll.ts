import { stringify } from "yaml";
import { Failure, UsageError } from "../exit.ts";
import type { Io } from "../io.ts";
import type { OutputFormat } from "../output/format.ts";
import { displayFor } from "./display.ts";
import type { Ending, Snapshot } from "./model.ts";

/** Seconds between polls unless `--interval` says otherwise, and its bounds. */
export const DEFAULT_INTERVAL_SECONDS = 2;
const MIN_INTERVAL_SECONDS = 0.05;
const MAX_INTERVAL_SECONDS = 60;

export interface WatchOptions {
  interval?: string;
  timeout?: string;
}

/** What one kind of watch reads and how it reads it. */
export interface Watched<T> {
  /** One poll. */
  read(): Promise<T>;
  view(value: T): Snapshot;
  /** Set once it has ended, with how. */
  ending(value: T): Ending | undefined;
}

/**
 * Polls until the watched thing ends (there is no push channel on the API), drawing
 * progress on a terminal, plain lines elsewhere, or each changed state as one JSON line
 * (or YAML document) with `--output json|yaml`. Throws {@link Failure} when it ends other
 * than successfully or `--timeout` passes first.
 */
export async function watch<T>(
  watched: Watched<T>,
  io: Io,
  format: OutputFormat,
  options: WatchOptions,
): Promise<T> {
  const intervalMs = seconds("--interval", options.interval ?? String(DEFAULT_INTERVAL_SECONDS), {
    min: MIN_INTERVAL_SECONDS,
    max: MAX_INTERVAL_SECONDS,
  });
  const timeoutMs =
    options.timeout === undefined
      ? undefined
      : seconds("--timeout", options.timeout, { min: 0, max: Number.POSITIVE_INFINITY });
  const deadline = timeoutMs === undefined ? undefined : Date.now() + timeoutMs;
  const display = format === "table" ? displayFor(io) : undefined;
  let last = "";
  try {
    for (;;) {
      const value = await watched.read();
      if (display) display.show(watched.view(value));
      else {
        const text = format === "json" ? `${JSON.stringify(value)}\n` : `---\n${stringify(value)}`;
        if (text !== last) io.out(text);
        last = text;
      }
      const ending = watched.ending(value);
      if (ending !== undefined) {
        display?.close();
        if (!ending.succeeded) throw new Failure(ending.summary);
        if (display) io.out(`${ending.summary}\n`);
        return value;
      }
      if (deadline !== undefined && Date.now() >= deadline) {
        throw new Failure(`still not ended after --timeout ${options.timeout}s`);
      }
      await io.sleep(intervalMs);
    }
  } finally {
    display?.close();
  }
}

function seconds(flag: string, raw: string, bounds: { min: number; max: number }): number {
  const value = Number(raw);
  if (!Number.isFinite(value) || value < bounds.min || value > bounds.max) {
    const range = Number.isFinite(bounds.max) ? `${bounds.min}..${bounds.max}` : `>= ${bounds.min}`;
    throw new UsageError(`${flag} takes seconds (${range}), got ${raw}`);
  }
  return value * 1000;
}
