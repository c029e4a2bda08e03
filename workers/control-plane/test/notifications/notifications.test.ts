import { env, runInDurableObject } from "cloudflare:test";
import { signNotification } from "@regatta/protocol";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { clusterBody, poolBody, seedBasics } from "../fixtures.ts";
import { api, freezeClock } from "../helpers.ts";
import {
  eventually,
  expectOfficialCloudEvent,
  installReceiver,
  RECEIVER,
  receivedAt,
  script,
} from "./receiver.ts";

const FLEET = "prod";
const OTHER = "lab";
const OLD = "1.21.11-gke.1100";
const NEW = "1.21.14-gke.4300";
const START = Date.parse("2026-01-05T00:00:00Z");
const SECRET = "a-subscriber-secret-0123";

const tokens = { opProd: "", viewerProd: "", opLab: "" };

async function token(name: string, role: string, fleets?: string[]): Promise<string> {
  const res = await api("POST", "/v1/tokens", {
    body: fleets ? { name, role, fleets } : { name, role },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.token as string;
}

function subscribe(name: string, body: Record<string, unknown>, as?: string) {
  return api("PUT", `/v1/notifications/${name}`, {
    body: { url: `${RECEIVER}/${name}`, secret: SECRET, events: ["*"], ...body },
    ...(as === undefined ? {} : { token: as }),
  });
}

async function cluster(name: string, fleet = FLEET, extra: Record<string, unknown> = {}) {
  const c = await api("PUT", `/v1/clusters/${name}`, {
    body: clusterBody({ fleet, version: OLD, ...extra }),
  });
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  const p = await api("PUT", `/v1/clusters/${name}/node-pools/pool`, {
    body: poolBody({ version: OLD, nodeCount: 1, zones: ["europe-west1-b"] }),
  });
  expect(p.status, JSON.stringify(p.body)).toBe(201);
}

/** Upgrades a pool's node image and moves virtual time until the operation ends. */
async function upgradePool(clusterName: string, image: string): Promise<string> {
  const started = await api("POST", `/v1/clusters/${clusterName}/node-pools/pool/upgrade`, {
    body: { nodeImage: image },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const id = started.body.id as string;
  for (let i = 0; i < 100; i++) {
    const op = await api("GET", `/v1/operations/${id}`);
    if (!["RUNNING", "PAUSED"].includes(op.body.state)) return id;
    await api("POST", "/v1/sim/advance", { body: { seconds: 300 } });
  }
  throw new Error(`operation ${id} did not end`);
}

async function advanceRun(run: string, until: (state: string) => boolean): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const res = await api("GET", `/v1/fleets/${FLEET}/update-runs/${run}`);
    if (until(res.body.state)) return res.body.state as string;
    await api("POST", "/v1/sim/advance", { body: { seconds: 300 } });
  }
  throw new Error(`run ${run} did not get there`);
}

beforeAll(async () => {
  installReceiver();
  await seedBasics(FLEET);
  await seedBasics(OTHER);
  await freezeClock(START);
  const release = await api("PUT", "/v1/releases/2022-R26", {
    body: {
      channel: "REGULAR",
      targets: { "1.21": NEW },
      versions: [OLD, NEW],
      nodeImages: [
        { version: "cos-105", regions: ["europe-west1"] },
        { version: "cos-110", regions: ["europe-west1"] },
      ],
    },
  });
  expect(release.status, JSON.stringify(release.body)).toBeLessThan(300);
  tokens.opProd = await token("op-prod", "operator", [FLEET]);
  tokens.viewerProd = await token("viewer-prod", "viewer", [FLEET]);
  tokens.opLab = await token("op-lab", "operator", [OTHER]);
});

afterEach(async () => {
  for (const fleet of [FLEET, OTHER]) {
    await runInDurableObject(env.FLEET.get(env.FLEET.idFromName(fleet)), (_i, state) =>
      state.storage.deleteAlarm(),
    );
  }
});

describe("notifications: subscriptions", () => {
  it("notifications: PUT creates then replaces; the secret is never returned; DELETE removes", async () => {
    const created = await subscribe("crud", { events: ["updaterun.*"], fleets: [FLEET] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      name: "crud",
      url: `${RECEIVER}/crud`,
      events: ["updaterun.*"],
      fleets: [FLEET],
    });
    const replaced = await subscribe("crud", { events: ["operation.failed"], fleets: [FLEET] });
    expect(replaced.status).toBe(200);
    expect(replaced.body.createdAt).toBe(created.body.createdAt);
    const got = await api("GET", "/v1/notifications/crud");
    expect(got.body.events).toEqual(["operation.failed"]);
    const listed = await api("GET", "/v1/notifications");
    for (const body of [created.body, replaced.body, got.body, listed.body]) {
      expect(JSON.stringify(body)).not.toContain(SECRET);
      expect(JSON.stringify(body)).not.toContain("secret");
    }
    const row = await env.DB.prepare(
      "SELECT secret_box FROM notification_subscriptions WHERE name = 'crud'",
    ).first<{ secret_box: string }>();
    expect(row?.secret_box).toMatch(/^v1\./);
    expect(row?.secret_box).not.toContain(SECRET);
    expect((await api("DELETE", "/v1/notifications/crud")).status).toBe(204);
    expect((await api("GET", "/v1/notifications/crud")).status).toBe(404);
    expect((await api("DELETE", "/v1/notifications/crud")).status).toBe(404);
  });

  it("notifications: a URL must be https and public (loopback only in local development); patterns must name events", async () => {
    const refused = [
      "http://hooks.example.com/x",
      "https://10.1.2.3/x",
      "https://192.168.0.10/x",
      "https://169.254.169.254/latest",
      "https://[fd00::1]/x",
      "https://metadata.internal/x",
      "https://user:pw@hooks.example.com/x",
      "ftp://hooks.example.com/x",
      "not a url",
    ];
    for (const url of refused) {
      const res = await subscribe("bad-url", { url, fleets: [FLEET] });
      expect(res.status, url).toBe(422);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(res.body.detail).toMatch(/url/);
    }
    const ok = await subscribe("good-url", { url: "https://hooks.example.com/x", fleets: [FLEET] });
    expect(ok.status).toBe(201);
    const typo = await subscribe("bad-events", { events: ["updatrun.*"], fleets: [FLEET] });
    expect(typo.status).toBe(422);
    expect(typo.body.detail).toContain("updatrun.*");
    const shape = await subscribe("bad-events", { events: ["Update Run"], fleets: [FLEET] });
    expect(shape.status).toBe(400);
    const short = await subscribe("bad-secret", { secret: "short", fleets: [FLEET] });
    expect(short.status).toBe(400);
    await api("DELETE", "/v1/notifications/good-url");
  });

  it("notifications: an operator writes only within its fleets, all-fleet subscriptions are the admin's, viewers read, and lists never show what the caller cannot read", async () => {
    expect((await subscribe("op-own", { fleets: [FLEET] }, tokens.opProd)).status).toBe(201);
    expect((await subscribe("op-wide", { fleets: [FLEET, OTHER] }, tokens.opProd)).status).toBe(
      403,
    );
    expect((await subscribe("op-all", {}, tokens.opProd)).status).toBe(403);
    expect((await subscribe("viewer", { fleets: [FLEET] }, tokens.viewerProd)).status).toBe(403);
    expect((await subscribe("admin-all", {})).status).toBe(201);
    expect((await subscribe("lab-only", { fleets: [OTHER] })).status).toBe(201);
    // Taking over another fleet's subscription by writing it with one's own fleet: answered
    // as a missing name would be (SEC-5), and nothing changes.
    expect((await subscribe("lab-only", { fleets: [FLEET] }, tokens.opProd)).status).toBe(404);

    expect(
      (await api("GET", "/v1/notifications/op-own", { token: tokens.viewerProd })).status,
    ).toBe(200);
    // One the caller may not read answers as a missing one: a guessed name reveals nothing.
    const hidden = await api("GET", "/v1/notifications/op-own", { token: tokens.opLab });
    const missing = await api("GET", "/v1/notifications/no-such", { token: tokens.opLab });
    expect([hidden.status, hidden.body.detail]).toEqual([
      404,
      missing.body.detail.replace("no-such", "op-own"),
    ]);
    expect((await api("GET", "/v1/notifications/admin-all", { token: tokens.opProd })).status).toBe(
      404,
    );
    expect(
      (await api("DELETE", "/v1/notifications/op-own", { token: tokens.viewerProd })).status,
    ).toBe(403);
    expect(
      (await api("GET", "/v1/notifications/op-own/deliveries", { token: tokens.opLab })).status,
    ).toBe(404);

    const names = async (as: string) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `?limit=1&cursor=${cursor}` : "?limit=1";
        const res = await api("GET", `/v1/notifications${query}`, { token: as });
        expect(res.status).toBe(200);
        seen.push(...res.body.items.map((s: { name: string }) => s.name));
        cursor = res.body.nextCursor;
      } while (cursor);
      return seen;
    };
    expect(await names(tokens.opProd)).toEqual(["op-own"]);
    expect(await names(tokens.viewerProd)).toEqual(["op-own"]);
    expect(await names(tokens.opLab)).toEqual(["lab-only"]);
    expect(await names("test-admin-token")).toEqual(["admin-all", "lab-only", "op-own"]);
    for (const name of ["op-own", "admin-all", "lab-only"]) {
      expect((await api("DELETE", `/v1/notifications/${name}`)).status).toBe(204);
    }
  });
});

describe("notifications: delivery", () => {
  it("notifications: a run that completes sends signed CloudEvents (updaterun.started, operation.succeeded, updaterun.completed) with the virtual time of each change", async () => {
    expect((await subscribe("runs", { fleets: [FLEET] })).status).toBe(201);
    expect(
      (await subscribe("lab-runs", { fleets: [OTHER], url: `${RECEIVER}/lab-runs` })).status,
    ).toBe(201);
    await cluster("n-ok");
    const created = await api("POST", `/v1/fleets/${FLEET}/update-runs`, {
      body: { name: "n-run", upgrade: { type: "NodeImageOnly" } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const started = await api("POST", `/v1/fleets/${FLEET}/update-runs/n-run/start`);
    expect(started.status).toBe(200);
    expect(await advanceRun("n-run", (s) => s === "Completed" || s === "Failed")).toBe("Completed");
    const types = () => receivedAt("/runs").map((r) => r.event.type);
    await eventually(() => types().includes("dev.regatta.updaterun.completed"));
    expect(types()).toEqual(
      expect.arrayContaining([
        "dev.regatta.updaterun.started",
        "dev.regatta.operation.succeeded",
        "dev.regatta.updaterun.completed",
      ]),
    );
    for (const r of receivedAt("/runs")) {
      expect(r.headers.get("content-type")).toBe("application/cloudevents+json");
      const ts = Number(r.headers.get("x-regatta-timestamp"));
      expect(Math.abs(ts * 1000 - Date.now())).toBeLessThan(60_000);
      expect(r.headers.get("x-regatta-signature")).toBe(await signNotification(SECRET, ts, r.body));
      expect(r.event).toMatchObject({ specversion: "1.0", source: `/v1/fleets/${FLEET}` });
      expect(r.event.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(r.event.time)).toBeGreaterThanOrEqual(START);
    }
    const completed = receivedAt("/runs").find(
      (r) => r.event.type === "dev.regatta.updaterun.completed",
    )!;
    expect(completed.event.subject).toBe(`fleets/${FLEET}/update-runs/n-run`);
    expect(completed.event.data).toMatchObject({ fleet: FLEET, run: "n-run", state: "Completed" });
    const run = await api("GET", `/v1/fleets/${FLEET}/update-runs/n-run`);
    // The event is dated when the run completed on the virtual clock, not when it was sent.
    const ended = run.body.stages[0].groups[0].members[0].endedAt as string;
    expect(Date.parse(completed.event.time)).toBe(Date.parse(ended));
    expect(receivedAt("/lab-runs")).toEqual([]);
    const listed = await api("GET", "/v1/notifications/runs/deliveries?state=delivered");
    expect(listed.body.items.map((d: { id: string }) => d.id)).toContain(completed.event.id);
  });

  it("notifications: a run that ends with every member skipped sends exactly one terminal event, updaterun.completed with state Skipped", async () => {
    const fleet = "allskip";
    await seedBasics(fleet);
    expect((await subscribe("skips", { fleets: [fleet] })).status).toBe(201);
    const at = await api("PUT", "/v1/clusters/n-at-target", {
      body: clusterBody({ fleet, version: NEW }),
    });
    expect(at.status, JSON.stringify(at.body)).toBe(201);
    const pool = await api("PUT", "/v1/clusters/n-at-target/node-pools/pool", {
      body: poolBody({ version: NEW, nodeCount: 1, zones: ["europe-west1-b"] }),
    });
    expect(pool.status, JSON.stringify(pool.body)).toBeLessThan(300);
    const created = await api("POST", `/v1/fleets/${fleet}/update-runs`, {
      body: { name: "s-run", upgrade: { type: "Full", kubernetesVersion: NEW } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await api("POST", `/v1/fleets/${fleet}/update-runs/s-run/start`)).status).toBe(200);
    let state = "";
    for (let i = 0; i < 50 && !["Skipped", "Completed", "Failed"].includes(state); i++) {
      state = (await api("GET", `/v1/fleets/${fleet}/update-runs/s-run`)).body.state;
      if (state === "Running" || state === "NotStarted") {
        await api("POST", "/v1/sim/advance", { body: { seconds: 300 } });
      }
    }
    expect(state).toBe("Skipped");
    const terminal = () =>
      receivedAt("/skips").filter((r) =>
        /updaterun\.(completed|failed|stopped)$/.test(r.event.type),
      );
    await eventually(() => terminal().length > 0);
    expect(terminal().map((r) => [r.event.type, r.event.data])).toEqual([
      [
        "dev.regatta.updaterun.completed",
        expect.objectContaining({ run: "s-run", state: "Skipped" }),
      ],
    ]);
  });

  it("notifications: every delivery is a CloudEvent 1.0 the official SDK (cloudevents) parses and validates — a run's start and end, an operation's success and failure — with the attributes Regatta sent", async () => {
    expect((await subscribe("sdk", { fleets: [FLEET] })).status).toBe(201);
    await cluster("n-sdk", FLEET, { updateGroup: "sdk" });
    const created = await api("POST", `/v1/fleets/${FLEET}/update-runs`, {
      body: {
        name: "sdk-run",
        stages: [{ name: "only", groups: [{ name: "sdk" }] }],
        upgrade: { type: "NodeImageOnly" },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await api("POST", `/v1/fleets/${FLEET}/update-runs/sdk-run/start`)).status).toBe(200);
    expect(await advanceRun("sdk-run", (s) => s === "Completed" || s === "Failed")).toBe(
      "Completed",
    );
    await cluster("n-sdk-bad", FLEET, { updateGroup: "sdk-bad" });
    const fault = await api("PUT", "/v1/sim/faults/n-sdk-bad", {
      body: { match: { cluster: "n-sdk-bad" }, effect: "FAIL" },
    });
    expect(fault.status).toBe(200);
    const failed = await upgradePool("n-sdk-bad", "cos-110");
    await api("DELETE", "/v1/sim/faults/n-sdk-bad");
    expect((await api("GET", `/v1/operations/${failed}`)).body.state).toBe("FAILED");
    const types = () => receivedAt("/sdk").map((r) => r.event.type);
    await eventually(() => types().includes("dev.regatta.operation.failed"));
    expect(types()).toEqual(
      expect.arrayContaining([
        "dev.regatta.updaterun.started",
        "dev.regatta.operation.succeeded",
        "dev.regatta.updaterun.completed",
        "dev.regatta.operation.failed",
      ]),
    );
    for (const delivery of receivedAt("/sdk")) expectOfficialCloudEvent(delivery);
    // The check has teeth: the SDK refuses an event that lost its source.
    const first = receivedAt("/sdk")[0]!;
    const { source: _, ...sourceless } = first.event;
    expect(() => expectOfficialCloudEvent({ ...first, body: JSON.stringify(sourceless) })).toThrow(
      /invalid payload|source/i,
    );
  });

  it("notifications: a run whose member fails sends updaterun.member.failed and updaterun.failed, and only to matching patterns", async () => {
    expect(
      (
        await subscribe("failures", {
          fleets: [FLEET],
          events: ["updaterun.failed", "updaterun.member.*"],
        })
      ).status,
    ).toBe(201);
    await cluster("n-bad", FLEET, { updateGroup: "bad" });
    const fault = await api("PUT", "/v1/sim/faults/n-bad", {
      body: { match: { cluster: "n-bad" }, effect: "FAIL" },
    });
    expect(fault.status).toBe(200);
    // The run's only member: the cluster of group "bad".
    const created = await api("POST", `/v1/fleets/${FLEET}/update-runs`, {
      body: {
        name: "n-fail",
        stages: [{ name: "only", groups: [{ name: "bad" }] }],
        upgrade: { type: "NodeImageOnly" },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await api("POST", `/v1/fleets/${FLEET}/update-runs/n-fail/start`);
    expect(await advanceRun("n-fail", (s) => s === "Completed" || s === "Failed")).toBe("Failed");
    await api("DELETE", "/v1/sim/faults/n-bad");
    const types = () => receivedAt("/failures").map((r) => r.event.type);
    await eventually(() => types().includes("dev.regatta.updaterun.failed"));
    expect(types().sort()).toEqual([
      "dev.regatta.updaterun.failed",
      "dev.regatta.updaterun.member.failed",
    ]);
    const member = receivedAt("/failures").find(
      (r) => r.event.type === "dev.regatta.updaterun.member.failed",
    )!;
    expect(member.event.subject).toBe(`fleets/${FLEET}/update-runs/n-fail/members/n-bad`);
    expect(member.event.data).toMatchObject({ cluster: "n-bad", run: "n-fail" });
    for (const delivery of receivedAt("/failures")) expectOfficialCloudEvent(delivery);
  });

  it("notifications: a 500 is retried and the same event id arrives again, then it is delivered", async () => {
    script("/flaky", 500, 200);
    expect(
      (await subscribe("flaky", { fleets: [FLEET], events: ["operation.succeeded"] })).status,
    ).toBe(201);
    await cluster("n-flaky");
    const op = await upgradePool("n-flaky", "cos-105");
    await eventually(() => receivedAt("/flaky").length >= 2);
    const [first, second] = receivedAt("/flaky");
    expect(first!.event.id).toBe(second!.event.id);
    expect(first!.body).toBe(second!.body);
    expect(first!.event.data).toMatchObject({ operation: op, state: "SUCCEEDED" });
    const delivery = await eventually(async () => {
      const res = await api("GET", "/v1/notifications/flaky/deliveries?state=delivered");
      return res.body.items[0];
    });
    expect(delivery).toMatchObject({
      id: first!.event.id,
      type: "dev.regatta.operation.succeeded",
      attempts: 2,
      lastStatus: 200,
    });
  });

  it("SEC-1 a stored subscriber URL is judged again before each delivery: one the policy refuses now is never called and the delivery is dead with the reason", async () => {
    expect(
      (await subscribe("narrowed", { fleets: [FLEET], events: ["operation.succeeded"] })).status,
    ).toBe(201);
    // As a subscription written before the policy was narrowed would be stored.
    await env.DB.prepare("update notification_subscriptions set url = ? where name = ?")
      .bind("https://metadata.google.internal./computeMetadata/v1/", "narrowed")
      .run();
    await cluster("n-narrowed");
    await upgradePool("n-narrowed", "cos-105");
    const dead = await eventually(async () => {
      const res = await api("GET", "/v1/notifications/narrowed/deliveries?state=dead");
      return res.body.items[0];
    });
    expect(dead).toMatchObject({ state: "dead", attempts: 1 });
    expect(dead.lastError).toMatch(
      /^SEC-1: url host metadata\.google\.internal is under \.internal/,
    );
    expect(receivedAt("/narrowed")).toEqual([]);
    expect((await api("DELETE", "/v1/notifications/narrowed")).status).toBe(204);
  });

  it("notifications: after the last attempt a delivery is dead, listed with its last error, and redeliver sends the same event again", async () => {
    script("/down", 503);
    expect((await subscribe("down", { fleets: [FLEET], events: ["operation.*"] })).status).toBe(
      201,
    );
    await cluster("n-down");
    await upgradePool("n-down", "cos-110");
    const dead = await eventually(async () => {
      const res = await api("GET", "/v1/notifications/down/deliveries?state=dead");
      return res.body.items[0];
    });
    expect(dead).toMatchObject({ state: "dead", attempts: 3, lastStatus: 503 });
    expect(dead.lastError).toContain("HTTP 503");
    expect(receivedAt("/down")).toHaveLength(3);
    const pending = await api("GET", "/v1/notifications/down/deliveries?state=pending");
    expect(pending.body.items).toEqual([]);

    script("/down", 200);
    const again = await api("POST", `/v1/notifications/down/deliveries/${dead.id}/redeliver`);
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    expect(again.body.state).toBe("pending");
    await eventually(() => receivedAt("/down").length === 4);
    expect(receivedAt("/down")[3]!.event.id).toBe(dead.id);
    const delivered = await eventually(async () => {
      const res = await api("GET", "/v1/notifications/down/deliveries?state=delivered");
      return res.body.items[0];
    });
    expect(delivered).toMatchObject({ id: dead.id, attempts: 4, lastStatus: 200 });
    expect((await api("POST", "/v1/notifications/down/deliveries/nope/redeliver")).status).toBe(
      404,
    );
  });

  it("notifications: a subscription narrowed to other fleets drops its deliveries of the fleets it no longer names, so no later reader sees or redelivers them", async () => {
    script("/narrow", 200);
    expect((await subscribe("narrow", { fleets: [FLEET], events: ["operation.*"] })).status).toBe(
      201,
    );
    await cluster("n-narrow");
    await upgradePool("n-narrow", "cos-110");
    const delivered = await eventually(async () => {
      const res = await api("GET", "/v1/notifications/narrow/deliveries?state=delivered");
      return res.body.items[0];
    });
    expect(delivered).toBeDefined();
    expect((await subscribe("narrow", { fleets: [OTHER], events: ["operation.*"] })).status).toBe(
      200,
    );
    const after = await api("GET", "/v1/notifications/narrow/deliveries", { token: tokens.opLab });
    expect(after.status).toBe(200);
    expect(after.body.items).toEqual([]);
    expect(
      (await api("POST", `/v1/notifications/narrow/deliveries/${delivered.id}/redeliver`)).status,
    ).toBe(404);
  });

  it("notifications: the event is in the object's outbox before the queue takes it; a failed send is retried from there", async () => {
    expect(
      (await subscribe("outbox", { fleets: [OTHER], events: ["operation.succeeded"] })).status,
    ).toBe(201);
    await cluster("n-outbox", OTHER);
    const stub = env.FLEET.get(env.FLEET.idFromName(OTHER));
    // The queue refuses while the operation ends.
    type WithEnv = { env: { NOTIFICATIONS: Queue } };
    let working: Queue | undefined;
    await runInDurableObject(stub, (instance) => {
      const object = instance as unknown as WithEnv;
      working = object.env.NOTIFICATIONS;
      object.env = {
        ...object.env,
        NOTIFICATIONS: {
          ...working,
          send: () => Promise.reject(new Error("queue unavailable")),
          sendBatch: () => Promise.reject(new Error("queue unavailable")),
        },
      };
    });
    await upgradePool("n-outbox", "cos-105");
    const pending = await stub.inspect();
    const notify = pending.timers.filter(
      (t) => t.kind === "delivery" && (t.payload ?? "").startsWith("notify/"),
    );
    expect(notify).toHaveLength(1);
    expect(receivedAt("/outbox")).toEqual([]);
    // The event, with its id, is what the fleet's storage holds for the queue.
    const stored = await runInDurableObject(stub, (_, state) =>
      state.storage.sql
        .exec<{ value: string }>(
          "SELECT value FROM state WHERE key = ?",
          `delivery:${notify[0]!.payload}`,
        )
        .toArray(),
    );
    const held = JSON.parse(stored[0]!.value) as {
      message: { events: { id: string; event: string }[] };
    };
    expect(held.message.events.map((e) => e.event)).toContain("operation.succeeded");
    // The queue is back: the delivery's own timer sends it.
    await runInDurableObject(stub, (instance) => {
      const object = instance as unknown as WithEnv;
      object.env = { ...object.env, NOTIFICATIONS: working! };
    });
    await api("POST", "/v1/sim/advance", { body: { seconds: 600 } });
    await eventually(() => receivedAt("/outbox").length === 1);
    const succeeded = held.message.events.find((e) => e.event === "operation.succeeded")!;
    expect(receivedAt("/outbox")[0]!.event.id).toBe(succeeded.id);
  });
});
