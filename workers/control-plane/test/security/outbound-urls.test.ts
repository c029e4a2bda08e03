import { describe, expect, it } from "vitest";
import { seedBasics } from "../fixtures.ts";
import { api } from "../helpers.ts";
import { expectProblem } from "../inventory/problems.ts";
import { NOT_PUBLIC } from "../outbound/urls.ts";

const FLEET = "sec1";
const SECRET = "a-subscriber-secret-0123";

/*
 * The workerd tests run as local development (NOTIFICATIONS_ALLOW_LOOPBACK=on, for their
 * own receivers), so loopback spellings are refused in test/outbound/url-policy.test.ts
 * with the production policy; every other URL is refused here, through the API.
 */
describe("SEC-1 outbound URLs through the API", () => {
  it("SEC-1 PUT /v1/notifications/{name} refuses every URL naming a loopback, internal, metadata or private target with 422 citing SEC-1, and stores nothing", async () => {
    await seedBasics(FLEET);
    for (const url of NOT_PUBLIC) {
      const res = await api("PUT", "/v1/notifications/sec1-sub", {
        body: { url, secret: SECRET, events: ["*"], fleets: [FLEET] },
      });
      expectProblem(res, 422, /^SEC-1: /);
      expect(res.body.rule, url).toBe("SEC-1");
    }
    expect((await api("GET", "/v1/notifications/sec1-sub")).status).toBe(404);
  });

  it("SEC-1 a health gate's URL is refused the same way on strategy PUT and on run creation", async () => {
    await seedBasics(FLEET);
    for (const url of NOT_PUBLIC) {
      const stages = [{ name: "s", groups: [{ name: "g", healthCheck: { url } }] }];
      const put = await api("PUT", `/v1/fleets/${FLEET}/update-strategies/sec1-gate`, {
        body: { stages },
      });
      expectProblem(put, 422, /^SEC-1: group g: health check /);
      expect(put.body.rule, url).toBe("SEC-1");
      const run = await api("POST", `/v1/fleets/${FLEET}/update-runs`, {
        body: { name: "sec1-run", upgrade: { type: "NodeImageOnly" }, stages },
      });
      expectProblem(run, 422, /^SEC-1: /);
    }
    expect((await api("GET", `/v1/fleets/${FLEET}/update-strategies/sec1-gate`)).status).toBe(404);
  });
});
