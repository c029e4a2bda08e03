import type { CloudEvent } from "@regatta/protocol";
import { HTTP, CloudEvent as SdkCloudEvent } from "cloudevents";
import { expect, vi } from "vitest";

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

/**
 * What the official CloudEvents SDK (`cloudevents`, as a subscriber would use it) makes of
 * a delivery: it parses the request (structured mode, by its content-type), validates the
 * event against CloudEvents 1.0, and must find the same attributes Regatta sent.
 */
export function expectOfficialCloudEvent(delivery: Received): void {
  const parsed = HTTP.toEvent({
    headers: Object.fromEntries(delivery.headers),
    body: delivery.body,
  });
  const events = Array.isArray(parsed) ? parsed : [parsed];
  expect(events, "one event per delivery").toHaveLength(1);
  const event = events[0];
  if (!(event instanceof SdkCloudEvent)) throw new Error("the SDK made no CloudEvent of it");
  // Throws a ValidationError naming each attribute the specification refuses.
  expect(event.validate()).toBe(true);
  const sent = delivery.event;
  expect({
    specversion: event.specversion,
    id: event.id,
    type: event.type,
    source: event.source,
    subject: event.subject,
    time: event.time,
    datacontenttype: event.datacontenttype,
    data: event.data,
  }).toEqual({
    specversion: "1.0",
    id: sent.id,
    type: sent.type,
    source: sent.source,
    subject: sent.subject,
    time: sent.time,
    datacontenttype: "application/json",
    data: sent.data,
  });
  expect(new Date(event.time ?? "").toISOString()).toBe(sent.time);
}
