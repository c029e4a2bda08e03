import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";

/** The directives of a Content-Security-Policy header, by name. */
function directives(policy: string | null): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (policy ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name, values.join(" "));
  }
  return out;
}

describe("SEC-8 what the worker's answers allow a browser to do", () => {
  it.each([
    ["an answer", "GET", "/v1/fleets", undefined],
    ["a refusal", "GET", "/v1/fleets", null],
    ["a missing route", "GET", "/v1/no-such-thing", undefined],
    ["the OpenAPI document", "GET", "/openapi.json", null],
    ["the health check", "GET", "/healthz", null],
  ] as const)(
    "SEC-8 %s is data: nosniff, no referrer, never framed, loads nothing",
    async (_, method, path, token) => {
      const res = await api(method, path, token === null ? { token: null } : {});
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      const csp = directives(res.headers.get("content-security-policy"));
      expect(csp.get("default-src")).toBe("'none'");
      expect(csp.get("frame-ancestors")).toBe("'none'");
      expect(csp.get("base-uri")).toBe("'none'");
    },
  );

  it("SEC-8 /docs runs no inline script or style: the API reference's files come from this origin only", async () => {
    const res = await api("GET", "/docs", { token: null });
    expect(res.status).toBe(200);
    const page = String(res.body);
    expect(page).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(page).not.toMatch(/<style|\sstyle=|\son\w+=/);
    const sources = [...page.matchAll(/\s(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources).toEqual([
      "/api-reference/swagger-ui.css",
      "/openapi.json",
      "/api-reference/swagger-ui-bundle.js",
      "/api-reference/init.js",
    ]);
    const csp = directives(res.headers.get("content-security-policy"));
    expect(csp.get("default-src")).toBe("'none'");
    expect(csp.get("script-src")).toBe("'self'");
    expect(csp.get("style-src")).toBe("'self'");
    expect(csp.get("img-src")).toBe("'self' data:");
    expect(csp.get("connect-src")).toBe("'self'");
    expect(csp.get("frame-ancestors")).toBe("'none'");
    expect(csp.get("object-src") ?? csp.get("default-src")).toBe("'none'");
    expect(csp.get("form-action")).toBe("'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
