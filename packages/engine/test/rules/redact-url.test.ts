import { describe, expect, it } from "vitest";
import { describeCheck, redactUrl } from "../../src/index.ts";

describe("SEC-10 URLs shown to readers who may not write them", () => {
  it("SEC-10 userinfo, query and fragment are replaced by a marker; scheme, host, port and path stay", () => {
    expect(redactUrl("https://u:p@hooks.example.com:8443/a/b?token=s#frag")).toBe(
      "https://REDACTED@hooks.example.com:8443/a/b?REDACTED#REDACTED",
    );
    expect(redactUrl("https://hooks.example.com/a?")).toBe("https://hooks.example.com/a?REDACTED");
    expect(redactUrl("https://[2001:db8::1]/x")).toBe("https://[2001:db8::1]/x");
    expect(redactUrl("https://status.example.com/ok")).toBe("https://status.example.com/ok");
    expect(redactUrl("token=s")).toBe("REDACTED");
  });

  it("SEC-10 a health check named in a message never shows its query", () => {
    expect(describeCheck({ url: "https://status.example.com/ok?key=s3cret" })).toBe(
      "https://status.example.com/ok?REDACTED",
    );
  });
});
