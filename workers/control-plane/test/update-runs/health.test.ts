import { beforeAll, describe, expect, it, vi } from "vitest";
import { api } from "../helpers.ts";
import { eventually } from "../notifications/receiver.ts";
import {
  advanceRunUntil,
  cluster,
  createRun,
  editStoredRun,
  FLEET,
  memberOf,
  type RunBody,
  useRunFixtures,
} from "./helpers.ts";

useRunFixtures();

/**
 * A health endpoint for the tests: outbound fetches to {@link HEALTH} (loopback, which the
 * test deployment allows) are answered here; the run object runs in the tests' isolate,
 * so the spy sees its calls. Each path answers its scripted status, 200 by default.
 */
const HEALTH = "http://localhost:9933";
const calls: { method: string; path: string }[] = [];
/** Bodies POSTed to `${HEALTH}/notify` (a notification subscriber, SEC-2). */
const notified: string[] = [];
/** What `/leaky` answers: a secret and terminal escapes, which must never be read back. */
const LEAKY_BODY = "password=hunter2-SECRET \u001b[2J\u001b]0;pwned\u0007 \r\n";
const statuses = new Map<string, number>();

beforeAll(() => {
  const real = globalThis.fetch.bind(globalThis);
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(HEALTH)) return real(input, init);
    const path = new URL(request.url).pathname;
    calls.push({ method: request.method, path });
    if (path === "/notify") {
      notified.push(await request.text());
      return new Response("ok");
    }
    if (path === "/leaky") return new Response(LEAKY_BODY, { status: 503 });
    if (path === "/unreachable") throw new TypeError("connection refused");
    if (path === "/together") await together.arrive();
    const status = statuses.get(path) ?? 200;
    return new Response(status < 300 ? "ok" : `down: ${"x".repeat(500)}`, { status });
  });
});

/**
 * Calls to `/together` wait until `size` of them are in flight at once (checks carried
 * out one after another would never get there: then each waits `fallbackMs` and the
 * test fails on the count it records).
 */
const together = {
  size: 3,
  fallbackMs: 2_000,
  inFlight: 0,
  most: 0,
  waiting: [] as (() => void)[],
  async arrive(): Promise<void> {
    this.inFlight++;
    this.most = Math.max(this.most, this.inFlight);
    if (this.inFlight >= this.size) for (const release of this.waiting.splice(0)) release();
    else
      await new Promise<void>((release) => {
        this.waiting.push(release);
        setTimeout(release, this.fallbackMs);
      });
    this.inFlight--;
  },
};

const runPath = (run: string) => `/v1/fleets/${FLEET}/update-runs/${run}`;
const settled = (r: RunBody) => r.state === "Completed" || r.state === "Failed";

interface MemberHealth {
  state: string;
  statusCode?: number;
  detail?: string;
  url?: string;
  provider?: true;
}
const healthOf = (run: RunBody, cluster: string) =>
  (memberOf(run, cluster) as unknown as { healthCheck?: MemberHealth }).healthCheck;

async function imageRun(name: string, group: string, healthCheck: Record<string, unknown>) {
  const created = await createRun({
    name,
    upgrade: { type: "NodeImageOnly" },
    stages: [{ name: "s", groups: [{ name: group, healthCheck }] }],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body.stages[0].groups[0].healthCheck).toEqual(healthCheck);
  const started = await api("POST", `${runPath(name)}/start`);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return advanceRunUntil(name, settled, { stepSeconds: 300 });
}

describe("EXT-7 health gates through the API", () => {
  it("EXT-7 a group's URL check is called with a GET after each member's upgrade; 200 passes and the run status shows the answer", async () => {
    await cluster("hc-a", { updateGroup: "hc-pass" }, { np: { nodeImage: "cos-97" } });
    await cluster("hc-b", { updateGroup: "hc-pass" }, { np: { nodeImage: "cos-97" } });
    const done = await imageRun("hc-pass-run", "hc-pass", { url: `${HEALTH}/pass` });
    expect(done.state, JSON.stringify(done.message)).toBe("Completed");
    expect(calls.filter((c) => c.path === "/pass")).toEqual([
      { method: "GET", path: "/pass" },
      { method: "GET", path: "/pass" },
    ]);
    expect(healthOf(done, "hc-a")).toMatchObject({
      url: `${HEALTH}/pass`,
      state: "Passed",
      statusCode: 200,
      detail: "answered 200",
    });
  });

  it("EXT-7 RUN-11 SEC-2 a URL answering 503 fails the member and the run with the status and a fixed reason, never the body", async () => {
    statuses.set("/down", 503);
    await cluster("hc-c", { updateGroup: "hc-fail" }, { np: { nodeImage: "cos-97" } });
    await cluster("hc-d", { updateGroup: "hc-fail" }, { np: { nodeImage: "cos-97" } });
    const done = await imageRun("hc-fail-run", "hc-fail", { url: `${HEALTH}/down` });
    expect(done.state).toBe("Failed");
    const failed = done.stages[0]!.groups[0]!.members.find((m) => m.state === "Failed")!;
    expect(failed.message).toBe(
      "EXT-7: health check http://localhost:9933/down failed: answered 503",
    );
    const health = healthOf(done, failed.cluster)!;
    expect(health).toMatchObject({ state: "Failed", statusCode: 503, detail: "answered 503" });
    expect(done.message).toMatch(/^RUN-11: member hc-[cd] failed: EXT-7/);
    // RUN-11: the other member is not attempted.
    expect(done.stages[0]!.groups[0]!.members.map((m) => m.state).sort()).toEqual([
      "Failed",
      "NotStarted",
    ]);
  });

  it("EXT-7 a URL that cannot be reached is tried 3 times with backoff, then counts as a failed check", async () => {
    await cluster("hc-u", { updateGroup: "hc-unreach" }, { np: { nodeImage: "cos-97" } });
    const done = await imageRun("hc-unreach-run", "hc-unreach", { url: `${HEALTH}/unreachable` });
    expect(done.state).toBe("Failed");
    expect(calls.filter((c) => c.path === "/unreachable")).toHaveLength(3);
    expect(memberOf(done, "hc-u").message).toBe(
      `EXT-7: health check ${HEALTH}/unreachable failed: connection failed (3 attempts)`,
    );
  });

  it("EXT-7 a provider check goes to the provider's HEALTH_CHECK; the sim's HEALTH_CHECK_FAIL fault fails the member", async () => {
    await cluster("hc-e", { updateGroup: "hc-prov" }, { np: { nodeImage: "cos-97" } });
    const fault = await api("PUT", "/v1/sim/faults/hc-e-health", {
      body: { match: { cluster: "hc-e", operation: "HEALTH_CHECK" }, effect: "HEALTH_CHECK_FAIL" },
    });
    expect(fault.status).toBeLessThan(300);
    const done = await imageRun("hc-prov-run", "hc-prov", { provider: true });
    expect(done.state).toBe("Failed");
    expect(memberOf(done, "hc-e").message).toMatch(
      /^EXT-7: health check the provider's HEALTH_CHECK failed: HEALTH_CHECK HEALTH_CHECK_FAIL/,
    );
    expect(healthOf(done, "hc-e")).toMatchObject({ provider: true, state: "Failed" });
    expect((await api("DELETE", "/v1/sim/faults/hc-e-health")).status).toBe(204);
  });

  it("EXT-7 a provider check that passes completes the member", async () => {
    await cluster("hc-f", { updateGroup: "hc-prov-ok" }, { np: { nodeImage: "cos-97" } });
    const done = await imageRun("hc-prov-ok-run", "hc-prov-ok", { provider: true });
    expect(done.state, JSON.stringify(done.message)).toBe("Completed");
    expect(healthOf(done, "hc-f")).toMatchObject({
      provider: true,
      state: "Passed",
      detail: "HEALTH_CHECK passed",
    });
  });

  it("EXT-7 NUP-9 a blue-green pool whose URL check fails during its node-pool soak is rolled back, its operation's events name EXT-7, and the member fails", async () => {
    statuses.set("/soak-down", 503);
    await cluster(
      "hc-bg",
      { updateGroup: "hc-bg" },
      {
        np: {
          nodeImage: "cos-97",
          upgradeStrategy: { type: "BLUE_GREEN", batchNodeCount: 1, nodePoolSoakSeconds: 3600 },
        },
      },
    );
    const done = await imageRun("hc-bg-run", "hc-bg", { url: `${HEALTH}/soak-down` });
    expect(done.state).toBe("Failed");
    const member = memberOf(done, "hc-bg");
    expect(member.state).toBe("Failed");
    // Checked once, in the soak: the member failed, so no check after its upgrade.
    expect(calls.filter((c) => c.path === "/soak-down")).toHaveLength(1);
    const op = await api("GET", `/v1/operations/${member.operation}`);
    expect(op.status).toBe(200);
    expect(op.body.state).toBe("ROLLED_BACK");
    const messages = (op.body.events as { message: string }[]).map((e) => e.message);
    const ext7 = messages.findIndex((m) => m.startsWith("EXT-7:"));
    expect(messages[ext7]).toMatch(
      /^EXT-7: health check failed during the node-pool soak \(answered 503\); rolling back$/,
    );
    expect(messages[ext7 + 1]).toBe("NUP-9: rolling back from phase 4 (SOAKING_POOL)");
    expect(member.message).toMatch(/ROLLED_BACK/);
  });

  it("EXT-7 a blue-green pool whose check passes in its soak finishes, and the member is checked again after its upgrade", async () => {
    await cluster(
      "hc-bg-ok",
      { updateGroup: "hc-bg-ok" },
      {
        np: {
          nodeImage: "cos-97",
          upgradeStrategy: { type: "BLUE_GREEN", batchNodeCount: 1, nodePoolSoakSeconds: 3600 },
        },
      },
    );
    const done = await imageRun("hc-bg-ok-run", "hc-bg-ok", { url: `${HEALTH}/soak-ok` });
    expect(done.state, JSON.stringify(done.message)).toBe("Completed");
    expect(calls.filter((c) => c.path === "/soak-ok")).toHaveLength(2);
    const op = await api("GET", `/v1/operations/${memberOf(done, "hc-bg-ok").operation}`);
    expect(op.body.state).toBe("SUCCEEDED");
  });

  it("EXT-7 SEC-1 a health check URL that is not https is refused with 422 SEC-1 on strategy PUT and on run creation", async () => {
    const stages = [
      { name: "s", groups: [{ name: "hc-x", healthCheck: { url: "http://status.example.com/" } }] },
    ];
    const put = await api("PUT", `/v1/fleets/${FLEET}/update-strategies/hc-plain`, {
      body: { stages },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(422);
    expect(put.body.rule).toBe("SEC-1");
    expect(put.body.detail).toMatch(/^SEC-1: group hc-x: health check url must use https/);
    const run = await createRun({
      name: "hc-plain-run",
      upgrade: { type: "NodeImageOnly" },
      stages,
    });
    expect(run.status, JSON.stringify(run.body)).toBe(422);
    expect(run.body.rule).toBe("SEC-1");
    const https = await api("PUT", `/v1/fleets/${FLEET}/update-strategies/hc-https`, {
      body: {
        stages: [
          {
            name: "s",
            groups: [{ name: "hc-x", healthCheck: { url: "https://status.example.com/ok" } }],
          },
        ],
      },
    });
    expect(https.status, JSON.stringify(https.body)).toBeLessThan(300);
  });

  it("EXT-7 EXT-2 members that end together are checked together, not one URL call after another", async () => {
    for (const name of ["hc-t1", "hc-t2", "hc-t3"]) {
      await cluster(name, { updateGroup: "hc-together" }, { np: { nodeImage: "cos-97" } });
    }
    const created = await createRun({
      name: "hc-together-run",
      upgrade: { type: "NodeImageOnly" },
      stages: [
        {
          name: "s",
          groups: [
            { name: "hc-together", maxConcurrency: 3, healthCheck: { url: `${HEALTH}/together` } },
          ],
        },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await api("POST", `${runPath("hc-together-run")}/start`)).status).toBe(200);
    const done = await advanceRunUntil("hc-together-run", settled, { stepSeconds: 300 });
    expect(done.state, JSON.stringify(done.message)).toBe("Completed");
    expect(calls.filter((c) => c.path === "/together")).toHaveLength(3);
    expect(together.most).toBe(3);
  });

  it("SEC-2 a gate target's body (a secret, terminal escapes) is never read back: not in the run's status, not in its notifications", async () => {
    const sub = await api("PUT", "/v1/notifications/sec2-runs", {
      body: {
        url: `${HEALTH}/notify`,
        secret: "a-subscriber-secret-0123",
        events: ["updaterun.*"],
        fleets: [FLEET],
      },
    });
    expect(sub.status, JSON.stringify(sub.body)).toBe(201);
    await cluster("hc-leak", { updateGroup: "hc-leak" }, { np: { nodeImage: "cos-97" } });
    const done = await imageRun("hc-leak-run", "hc-leak", { url: `${HEALTH}/leaky` });
    expect(done.state).toBe("Failed");
    expect(healthOf(done, "hc-leak")).toMatchObject({ statusCode: 503, detail: "answered 503" });
    const status = JSON.stringify(await api("GET", runPath("hc-leak-run")).then((r) => r.body));
    expect(status).not.toContain("hunter2");
    for (const leaked of ["\\u001b", "\\u0007", "\u001b", "pwned"])
      expect(status).not.toContain(leaked);
    const failed = await eventually(() =>
      notified.find((body) => body.includes("updaterun.member.failed") && body.includes("hc-leak")),
    );
    expect(failed).toContain("answered 503");
    expect(failed).not.toContain("hunter2");
    for (const leaked of ["\\u001b", "\\u0007", "\u001b", "pwned"])
      expect(failed).not.toContain(leaked);
    expect((await api("DELETE", "/v1/notifications/sec2-runs")).status).toBe(204);
  });

  it("SEC-1 a stored health check URL is judged again before each call: one the policy refuses now is never called and fails the member", async () => {
    await cluster("hc-narrow", { updateGroup: "hc-narrow" }, { np: { nodeImage: "cos-97" } });
    const created = await createRun({
      name: "hc-narrow-run",
      upgrade: { type: "NodeImageOnly" },
      stages: [
        { name: "s", groups: [{ name: "hc-narrow", healthCheck: { url: `${HEALTH}/narrow` } }] },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // As a run created before the policy was narrowed would hold it.
    await editStoredRun("hc-narrow-run", ({ run, starts }) => {
      run.stages[0]!.groups[0]!.healthCheck = { url: "https://169.254.169.254/latest/meta-data" };
      return { run, starts };
    });
    expect((await api("POST", `${runPath("hc-narrow-run")}/start`)).status).toBe(200);
    const done = await advanceRunUntil("hc-narrow-run", settled, { stepSeconds: 300 });
    expect(done.state).toBe("Failed");
    expect(memberOf(done, "hc-narrow").message).toMatch(
      /^EXT-7: health check https:\/\/169\.254\.169\.254\/latest\/meta-data failed: SEC-1: URL refused: url host 169\.254\.169\.254 is a special-purpose IPv4 address \(linkLocal\)/,
    );
    expect(calls.filter((c) => c.path.includes("meta-data") || c.path === "/narrow")).toEqual([]);
  });
});
