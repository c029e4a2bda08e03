import { describe, expect, it } from "vitest";
import {
  BAD_SIGNATURE,
  checkSignature,
  SIGNATURE_HEADER,
  sign,
  signatureHeaders,
  TIMESTAMP_HEADER,
  verify,
} from "../src/index.ts";

// The worked example of docs/executor.md: an executor author can check their HMAC against it.
const SECRET = "example-secret";
const BODY =
  '{"batch":"op-00000000-0000-4000-8000-000000000001:pool-a-1:CORDON:1#1","sentAt":"2026-01-05T00:00:00.000Z","commands":[{"id":"op-00000000-0000-4000-8000-000000000001:pool-a-1:CORDON:1","type":"CORDON_NODE","cluster":"prod-1","pool":"pool-a","node":"pool-a-1"}]}';
const EXAMPLE = { timestamp: 1_767_571_200, method: "POST", path: "/commands", body: BODY };
const EXAMPLE_SIGNATURE = "sha256=9739560370794c7dfa0681dfab748a619349a3b736b1f72fdad9ec0c078ac3a7";
const AT = EXAMPLE.timestamp * 1000;

const received = (overrides: Partial<Parameters<typeof checkSignature>[1]> = {}) => ({
  method: "POST",
  path: "/commands",
  body: BODY,
  timestamp: String(EXAMPLE.timestamp),
  signature: EXAMPLE_SIGNATURE,
  ...overrides,
});

describe("webhook signatures (API.md Executors)", () => {
  it("sign is sha256=hex(HMAC-SHA256(secret, ts.METHOD path.body)), as in docs/executor.md", async () => {
    expect(await sign(SECRET, EXAMPLE)).toBe(EXAMPLE_SIGNATURE);
    // The method is signed upper-case whatever the caller passed.
    expect(await sign(SECRET, { ...EXAMPLE, method: "post" })).toBe(EXAMPLE_SIGNATURE);
  });

  it("verify accepts only the exact message under the same secret", async () => {
    expect(await verify(SECRET, EXAMPLE, EXAMPLE_SIGNATURE)).toBe(true);
    expect(await verify("other-secret", EXAMPLE, EXAMPLE_SIGNATURE)).toBe(false);
    expect(await verify(SECRET, { ...EXAMPLE, path: "/other" }, EXAMPLE_SIGNATURE)).toBe(false);
    expect(await verify(SECRET, { ...EXAMPLE, method: "PUT" }, EXAMPLE_SIGNATURE)).toBe(false);
    expect(await verify(SECRET, { ...EXAMPLE, timestamp: 1 }, EXAMPLE_SIGNATURE)).toBe(false);
    expect(await verify(SECRET, { ...EXAMPLE, body: `${BODY} ` }, EXAMPLE_SIGNATURE)).toBe(false);
  });

  it("verify refuses a missing, upper-case or truncated header without throwing", async () => {
    for (const header of [
      undefined,
      "",
      EXAMPLE_SIGNATURE.toUpperCase(),
      EXAMPLE_SIGNATURE.slice(0, -2),
      EXAMPLE_SIGNATURE.replace("sha256=", "sha1="),
    ]) {
      expect(await verify(SECRET, EXAMPLE, header)).toBe(false);
    }
  });

  it("signatureHeaders signs at the sender's wall clock, in whole seconds", async () => {
    const headers = await signatureHeaders(
      SECRET,
      { method: "POST", path: "/commands", body: BODY },
      AT + 999,
    );
    expect(headers).toEqual({
      [TIMESTAMP_HEADER]: String(EXAMPLE.timestamp),
      [SIGNATURE_HEADER]: EXAMPLE_SIGNATURE,
    });
  });

  it("checkSignature takes a good request within 5 minutes of the receiver's clock, past or future", async () => {
    for (const skew of [0, -300_000, 300_000]) {
      expect(await checkSignature(SECRET, received(), AT + skew)).toBeUndefined();
    }
  });

  it("checkSignature refuses a timestamp more than 5 minutes off as stale, before checking the signature", async () => {
    for (const skew of [-301_000, 301_000]) {
      expect(await checkSignature(SECRET, received({ signature: undefined }), AT + skew)).toEqual({
        reason: "stale",
        detail: `X-Regatta-Timestamp ${EXAMPLE.timestamp} is more than 5 minutes from the receiver's clock`,
      });
    }
  });

  it("checkSignature refuses a missing or malformed timestamp and a bad signature alike", async () => {
    const refused = { reason: "unsigned", detail: BAD_SIGNATURE };
    for (const timestamp of [undefined, "", "12.5", "-1", "1e9", "1767571200000000"]) {
      expect(await checkSignature(SECRET, received({ timestamp }), AT)).toEqual(refused);
    }
    expect(await checkSignature("wrong", received(), AT)).toEqual(refused);
    expect(await checkSignature(SECRET, received({ signature: undefined }), AT)).toEqual(refused);
    expect(await checkSignature(SECRET, received({ path: "/v1/other" }), AT)).toEqual(refused);
  });
});
