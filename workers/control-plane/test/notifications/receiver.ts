import type { CloudEvent } from "@regatta/protocol";
import { vi } from "vitest";

/**
 * A subscriber for the tests: outbound fetches to {@link RECEIVER} (a loopback URL, which
 * the test deployment allows) are answered here instead of leaving workerd. The queue's
 * consumer runs in the tests' isolate, so a spy on `fetch` sees its POSTs. Each path
 * answers the statuses scripted for it in order (the last one repeats), 200 by default.
 */
export const RECEIVER = "http://localhost:9911";

export interface Received {
  path: string;
  headers: Headers;
  body: string;
  event: CloudEvent;
}

const received: Received[] = [];
const scripts = new Map<string, number[]>();

/** Installs the receiver (once per file). */
export function installReceiver(): void {
  const real = globalThis.fetch.bind(globalThis);
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(RECEIVER)) return real(input, init);
    const path = new URL(request.url).pathname;
    const body = await request.text();
    received.push({ path, headers: request.headers, body, event: JSON.parse(body) as CloudEvent });
    const script = scripts.get(path) ?? [200];
    const status = script.length > 1 ? script.shift()! : script[0]!;
    return new Response(status < 300 ? "ok" : "receiver says no", { status });
  });
}

/** What `path` answers next, in order; the last status repeats. */
export function script(path: string, ...statuses: number[]): void {
  scripts.set(path, statuses);
}

/** Everything POSTed to `path` so far. */
export function receivedAt(path: string): Received[] {
  return received.filter((r) => r.path === path);
}

/** Waits (wall time: the queue batches for up to a second) until `check` holds. */
export async function eventually<T>(
  check: () => T | false | undefined | Promise<T | false | undefined>,
  timeoutMs = 20_000,
): Promise<T> {
  return vi.waitFor(
    async (): Promise<T> => {
      const value = await check();
      if (value === false || value === undefined) throw new Error("not yet");
      return value;
    },
    { timeout: timeoutMs, interval: 100 },
  );
}
