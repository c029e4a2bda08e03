import { forTerminal } from "./output/terminal.ts";

/** What a command may touch of its process, so tests can run the CLI in-process. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** The terminal, when stdout is one: watch draws progress bars on it. */
  tty?: NodeJS.WriteStream;
  env: Readonly<Record<string, string | undefined>>;
  /** Where relative `-f` paths start. */
  cwd: string;
  /** Waits between polls; tests keep the real one (they bound the interval instead). */
  sleep(ms: number): Promise<void>;
}

/**
 * The real process. `npm run regatta` runs scripts at the repo root; INIT_CWD is where it
 * was typed. Everything written goes through {@link forTerminal} (SEC-2): this is the print
 * boundary, whatever the command and the format.
 */
export function processIo(): Io {
  quietWhenTheReaderLeaves();
  return {
    out: (text) => process.stdout.write(forTerminal(text)),
    err: (text) => process.stderr.write(forTerminal(text)),
    tty: process.stdout.isTTY ? process.stdout : undefined,
    env: process.env,
    cwd: process.env.INIT_CWD ?? process.cwd(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}

/**
 * `regatta get clusters | head -1`: once the reader has what it wants it closes the pipe,
 * and the next write fails with EPIPE. Nobody is left to read the rest, so the CLI stops
 * there and succeeds, as `cat` or `git log` do, rather than print a stack trace.
 */
function quietWhenTheReaderLeaves(): void {
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
    process.exit(0);
  });
}
