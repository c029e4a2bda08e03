import { describe, expect, it } from "vitest";
import { apiPath, withQuery } from "../src/index.ts";

describe("apiPath: the API's own templates, filled one segment per parameter", () => {
  it("fills each parameter of a template the document names", () => {
    expect(
      apiPath("/v1/fleets/{fleet}/update-runs/{run}/gates/{gate}/approve", {
        fleet: "prod",
        run: "r-1",
        gate: "g",
      }),
    ).toBe("/v1/fleets/prod/update-runs/r-1/gates/g/approve");
    expect(apiPath("/v1/fleets", {})).toBe("/v1/fleets");
  });

  it("a name from the address bar stays one segment: it never reaches another route", () => {
    expect(apiPath("/v1/clusters/{cluster}", { cluster: "../tokens" })).toBe(
      "/v1/clusters/..%2Ftokens",
    );
    expect(apiPath("/v1/clusters/{cluster}", { cluster: "a?b#c" })).toBe("/v1/clusters/a%3Fb%23c");
  });

  it("query values are encoded and undefined ones left out; a page's cursor replaces the last", () => {
    const decisions = apiPath(
      "/v1/clusters/{cluster}/autoscaler/decisions",
      { cluster: "c1" },
      { action: "SCALE_UP,SCALE_DOWN", pool: undefined },
    );
    expect(decisions).toBe("/v1/clusters/c1/autoscaler/decisions?action=SCALE_UP%2CSCALE_DOWN");
    const first = withQuery(decisions, { limit: 10, cursor: "a&b" });
    expect(first).toBe(
      "/v1/clusters/c1/autoscaler/decisions?action=SCALE_UP%2CSCALE_DOWN&limit=10&cursor=a%26b",
    );
    expect(withQuery(first, { cursor: "next" })).toBe(
      "/v1/clusters/c1/autoscaler/decisions?action=SCALE_UP%2CSCALE_DOWN&limit=10&cursor=next",
    );
  });

  it("a path or a parameter the API does not have fails the typecheck", () => {
    // @ts-expect-error: no such route in openapi.json
    expect(() => apiPath("/v1/nowhere", {})).not.toThrow();
    // @ts-expect-error: {cluster} is missing
    expect(() => apiPath("/v1/clusters/{cluster}", {})).toThrow(/lacks \{cluster\}/);
  });
});
