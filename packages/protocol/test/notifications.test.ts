import { describe, expect, it } from "vitest";
import {
  matchesPattern,
  NOTIFICATION_EVENTS,
  notificationHeaders,
  patternMatchesAny,
  signNotification,
} from "../src/index.ts";

describe("notifications: signatures and patterns", () => {
  it("notifications: the signature is sha256=hex(HMAC(secret, ts + '.' + body)), as any HMAC library computes it", async () => {
    const body = '{"specversion":"1.0","id":"e1"}';
    // Python: hmac.new(b"s3cret", b"1767571200." + body, hashlib.sha256).hexdigest()
    const expected = "9f6098a7f37f384967d616c8a172afb9049947fa6f8816e5a10f0315ddf764e9";
    expect(await signNotification("s3cret", 1767571200, body)).toBe(`sha256=${expected}`);
  });

  it("notifications: the headers carry the content type, the Unix-seconds timestamp and its signature", async () => {
    const headers = await notificationHeaders("s3cret", "{}", 1_767_571_200_999);
    expect(headers).toEqual({
      "content-type": "application/cloudevents+json",
      "x-regatta-timestamp": "1767571200",
      "x-regatta-signature": await signNotification("s3cret", 1767571200, "{}"),
    });
  });

  it("notifications: a pattern is an event, a prefix ending in .* or *; a typo matches nothing", () => {
    expect(matchesPattern("updaterun.*", "updaterun.member.failed")).toBe(true);
    expect(matchesPattern("updaterun.*", "operation.failed")).toBe(false);
    expect(matchesPattern("operation.failed", "operation.failed")).toBe(true);
    expect(matchesPattern("operation.fail", "operation.failed")).toBe(false);
    expect(NOTIFICATION_EVENTS.every((event) => matchesPattern("*", event))).toBe(true);
    expect(patternMatchesAny("rollout.group.*")).toBe(true);
    expect(patternMatchesAny("updatrun.*")).toBe(false);
  });
});
