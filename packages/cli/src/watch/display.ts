import { MultiBar, Presets, type SingleBar } from "cli-progress";
import type { Io } from "../io.ts";
import { forTerminal } from "../output/terminal.ts";
import type { Bar, Snapshot } from "./model.ts";

/** Draws successive snapshots of a watch. */
export interface Display {
  show(snapshot: Snapshot): void;
  close(): void;
}

/** Bars on a terminal, plain lines anywhere else. */
export function displayFor(io: Io): Display {
  return io.tty ? new BarsDisplay(io.tty) : new LinesDisplay(io);
}

/**
 * One line per change, for logs and pipes: the status when it changes, each bar when its
 * count or note changes, each event once.
 */
export class LinesDisplay implements Display {
  private status = "";
  private readonly bars = new Map<string, string>();
  private readonly events = new Set<string>();

  constructor(private readonly io: Pick<Io, "out">) {}

  show(snapshot: Snapshot): void {
    const lines: string[] = [];
    if (snapshot.status !== this.status) {
      this.status = snapshot.status;
      lines.push(snapshot.status);
    }
    for (const event of snapshot.events) {
      if (this.events.has(event)) continue;
      this.events.add(event);
      lines.push(`  ${event}`);
    }
    for (const bar of snapshot.bars) {
      const line = barLine(bar);
      if (this.bars.get(bar.key) === line) continue;
      this.bars.set(bar.key, line);
      lines.push(`  ${line}`);
    }
    for (const line of lines) this.io.out(`${line}\n`);
  }

  close(): void {}
}

const barLine = (bar: Bar) =>
  `${bar.label}: ${bar.done}/${bar.total}${bar.note ? ` ${bar.note}` : ""}`;

/** Live bars (cli-progress); the status and events scroll above them. */
class BarsDisplay implements Display {
  private readonly multibar: MultiBar;
  private readonly bars = new Map<string, SingleBar>();
  private readonly events = new Set<string>();
  private status = "";
  private closed = false;

  constructor(stream: NodeJS.WriteStream) {
    this.multibar = new MultiBar(
      {
        stream,
        format: " {label} {bar} {value}/{total} {note}",
        hideCursor: true,
        clearOnComplete: false,
        autopadding: true,
      },
      Presets.shades_classic,
    );
  }

  show(snapshot: Snapshot): void {
    // The bars write to the terminal itself, not through Io: the same boundary (SEC-2).
    if (snapshot.status !== this.status) {
      this.status = snapshot.status;
      this.multibar.log(`${forTerminal(snapshot.status)}\n`);
    }
    for (const event of snapshot.events) {
      if (this.events.has(event)) continue;
      this.events.add(event);
      this.multibar.log(`  ${forTerminal(event)}\n`);
    }
    const width = Math.max(...snapshot.bars.map((b) => forTerminal(b.label).length), 0);
    for (const bar of snapshot.bars) {
      const payload = {
        label: forTerminal(bar.label).padEnd(width),
        note: forTerminal(bar.note),
      };
      const drawn = this.bars.get(bar.key);
      if (drawn === undefined) {
        this.bars.set(bar.key, this.multibar.create(bar.total, bar.done, payload));
      } else {
        drawn.setTotal(bar.total);
        drawn.update(bar.done, payload);
      }
    }
    this.multibar.update();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.multibar.stop();
  }
}
