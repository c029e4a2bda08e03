import { createExecutionContext, env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Env } from "../src/env.ts";
import worker from "../src/index.ts";
import type { FleetObject } from "../src/objects/fleet/fleet-object.ts";
import { ObjectWiring } from "../src/objects/wiring.ts";
import { ADMIN } from "./helpers.ts";
import { checkResponse } from "./openapi-check.ts";

/** The worker as deployed with `vars` instead of the test's bindings. */
async function call(path: string, vars: Partial<Env>, method: "GET" | "POST" = "GET") {
  const response = await worker.fetch(
    new Request(`https://regatta.test${path}`, {
      method,
      headers: { authorization: `Bearer ${ADMIN}`, "content-type": "application/json" },
      ...(method === "POST" ? { body: "{}" } : {}),
    }),
    { ...env, ...vars } as Env,
    createExecutionContext(),
  );
  await checkResponse(method, path, response);
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    body: await response.json<{ detail?: string }>(),
  };
}

describe("SEC-12 REGATTA_PROVIDER fails closed", () => {
  it.each([
    ["empty", ""],
    ["unset", undefined],
  ])(
    "SEC-12 a deployment with no provider (%s, as wrangler.toml ships) runs nothing: every route and /healthz answer 503 saying why and how to set one",
    async (_, provider) => {
      for (const [method, path] of [
        ["GET", "/healthz"],
        ["GET", "/v1/fleets"],
        ["POST", "/v1/fleets/prod/update-runs/r1/start"],
        ["POST", "/v1/sim/advance"],
      ] as const) {
        const res = await call(path, { REGATTA_PROVIDER: provider }, method);
        expect(res.status, `${method} ${path}`).toBe(503);
        expect(res.type).toBe("application/problem+json");
        expect(res.body.detail).toMatch(/^SEC-12: REGATTA_PROVIDER is not set/);
        expect(res.body.detail).toContain("--var REGATTA_PROVIDER:webhook");
        expect(res.body.detail).toContain("docs/deploy.md");
      }
    },
  );

  it("SEC-12 an unknown REGATTA_PROVIDER answers every API route and /healthz with a 503 naming the value", async () => {
    for (const path of ["/v1/fleets", "/v1/sim", "/healthz"]) {
      const res = await call(path, { REGATTA_PROVIDER: "simulated" });
      expect(res.status).toBe(503);
      expect(res.type).toBe("application/problem+json");
      expect(res.body.detail).toBe(
        "SEC-12: REGATTA_PROVIDER must be sim or webhook, got simulated",
      );
    }
  });

  it("SEC-12 webhook without WEBHOOK_URL or WEBHOOK_SECRET is a configuration error reported the same way", async () => {
    const res = await call("/v1/fleets", {
      REGATTA_PROVIDER: "webhook",
      WEBHOOK_SECRET: "s",
    } as Partial<Env>);
    expect(res.status).toBe(503);
    expect(res.body.detail).toBe(
      "SEC-12: REGATTA_PROVIDER=webhook needs WEBHOOK_URL and WEBHOOK_SECRET",
    );
  });

  it("SEC-12 a valid configuration is healthy", async () => {
    expect((await call("/healthz", {})).status).toBe(200);
  });

  it("SEC-12 an object of a misconfigured deployment refuses to run: no sim, no commands", async () => {
    await runInDurableObject(
      env.FLEET.get(env.FLEET.idFromName("misconfigured")),
      async (_i: FleetObject, state) => {
        const wiring = new ObjectWiring(
          { ...env, REGATTA_PROVIDER: "Webhook" } as Env,
          state.storage,
        );
        await expect(wiring.ready()).rejects.toThrow(
          "SEC-12: REGATTA_PROVIDER must be sim or webhook, got Webhook",
        );
      },
    );
  });
});
