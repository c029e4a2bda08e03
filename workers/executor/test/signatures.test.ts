import { SELF } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bindings } from "./bindings.ts";
import {
  api,
  crossings,
  driveUntil,
  executor,
  NEW,
  operation,
  putCluster,
  putPool,
  reportTally,
  seedFleet,
  signed,
  terminal,
} from "./helpers.ts";

const FLEET = "exec-signatures";
const SIX_MINUTES = 6 * 60_000;
let before = { carriedOut: 0, duplicates: 0, callbacksRejected: 0 };
const refused = { callbacks: 0, ignored: 0, batches: 0 };

beforeAll(async () => {
  await seedFleet(FLEET);
  before = (await executor().status()).counts;
});
afterAll(async () => {
  await reportTally(before, {
    callbacksRefused: refused.callbacks,
    callbacksIgnored: refused.ignored,
    batchesRefused: refused.batches,
  });
});

/** A POST to the executor's front door, as the control plane sends one. */
async function postBatch(body: string, headers: Record<string, string>, path = "/commands") {
  const response = await bindings.EXECUTOR_HTTP.fetch(`http://executor.test${path}`, {
    method: "POST",
    headers,
    body,
  });
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    body: JSON.parse(await response.text()),
  };
}

/** Commands for an operation the control plane has never heard of. */
function strayBatch(commands: Record<string, unknown>[]): string {
  return JSON.stringify({
    batch: `${commands[0]!.id}#${commands.length}`,
    sentAt: new Date().toISOString(),
    commands,
  });
}

describe("batches the executor takes", () => {
  const op = `op-${crypto.randomUUID()}`;
  const cordon = {
    id: `${op}:n1:CORDON:1`,
    type: "CORDON_NODE",
    cluster: "stray",
    pool: "p",
    node: "n1",
  };
  const drain = {
    id: `${op}:n1:DRAIN:1`,
    type: "DRAIN_NODE",
    cluster: "stray",
    pool: "p",
    node: "n1",
    respectPdb: true,
    graceSeconds: 60,
  };
  const body = strayBatch([cordon, drain]);

  it("a forged, tampered, misdirected or replayed batch is a 401 problem and runs nothing", async () => {
    const { counts } = await executor().status();
    const good = await signed("/commands", body);
    const attempts = [
      { headers: await signed("/commands", body, { secret: "not-the-shared-secret" }) },
      { headers: good, body: body.replace("CORDON_NODE", "UNCORDON_NODE") },
      { headers: await signed("/elsewhere", body) },
      { headers: { "content-type": "application/json" } },
      { headers: await signed("/commands", body, { at: Date.now() - SIX_MINUTES }) },
      { headers: await signed("/commands", body, { at: Date.now() + SIX_MINUTES }) },
    ];
    for (const attempt of attempts) {
      const answer = await postBatch(attempt.body ?? body, attempt.headers);
      expect(answer.status).toBe(401);
      expect(answer.type).toBe("application/problem+json");
      refused.batches++;
    }
    const stale = await postBatch(body, attempts[4]!.headers);
    expect(stale.body.detail).toMatch(/^X-Regatta-Timestamp \d+ is more than 5 minutes/);
    expect((await postBatch(body, attempts[0]!.headers)).body).toMatchObject({
      status: 401,
      detail: "missing or bad X-Regatta-Signature",
    });
    refused.batches += 2;
    expect((await executor().status()).counts.carriedOut).toBe(counts.carriedOut);
  });

  it("a redelivered batch, or a command sent again in another batch, is acknowledged and not run twice", async () => {
    const { counts } = await executor().status();
    const first = await postBatch(body, await signed("/commands", body));
    expect(first).toMatchObject({
      status: 202,
      body: { batch: `${cordon.id}#2`, accepted: 2, duplicates: 0, unreadable: 0 },
    });
    const again = await postBatch(body, await signed("/commands", body));
    expect(again).toMatchObject({ status: 202, body: { accepted: 0, duplicates: 2 } });
    const alone = strayBatch([drain]);
    const resent = await postBatch(alone, await signed("/commands", alone));
    expect(resent).toMatchObject({ status: 202, body: { accepted: 0, duplicates: 1 } });
    const after = (await executor().status()).counts;
    expect(after.carriedOut - counts.carriedOut).toBe(2);
    expect(after.duplicates - counts.duplicates).toBe(3);
  });

  it("reports the control plane refuses for good (404: no such operation) are recorded as rejected, not retried", async () => {
    await executor().advanceClock(10);
    const status = await executor().status();
    const mine = status.rejected.filter((r) => r.operation === op);
    expect(mine.map((r) => [r.command, r.status])).toEqual([
      [drain.id, 404],
      [cordon.id, 404],
    ]);
    expect(mine[0]!.reason).toBe(`HTTP 404: operation ${op} does not exist`);
    const sent = (await crossings("control-plane.test")).filter((c) => c.path.includes(op));
    await executor().advanceClock(3_600);
    expect((await crossings("control-plane.test")).filter((c) => c.path.includes(op))).toEqual(
      sent,
    );
    expect((await executor().status()).counts.callbacksRejected).toBe(
      status.counts.callbacksRejected,
    );
  });

  it("a command the executor cannot read fails on its own; the rest of its batch runs", async () => {
    const { counts } = await executor().status();
    const other = `op-${crypto.randomUUID()}`;
    const reboot = { id: `${other}:n1:REBOOT:1`, type: "REBOOT_NODE", cluster: "stray" };
    const check = { id: `${other}:HEALTH:1`, type: "HEALTH_CHECK", cluster: "stray" };
    const batch = strayBatch([reboot, check]);
    const answer = await postBatch(batch, await signed("/commands", batch));
    expect(answer).toMatchObject({ status: 202, body: { accepted: 1, unreadable: 1 } });
    await executor().advanceClock(5);
    const reports = (await crossings("control-plane.test"))
      .filter((c) => c.path === `/v1/operations/${other}/events`)
      .map((c) => JSON.parse(c.body));
    expect(reports).toContainEqual({
      type: "COMMAND_FAILED",
      commandId: reboot.id,
      reason: "FAILED",
      message: expect.stringMatching(/^the reference executor cannot carry out this command: /),
    });
    expect(reports).toContainEqual({
      type: "COMMAND_SUCCEEDED",
      commandId: check.id,
      at: expect.any(String),
    });
    const after = (await executor().status()).counts;
    expect(after.unreadable - counts.unreadable).toBe(1);
    expect(after.carriedOut - counts.carriedOut).toBe(1);
  });

  it("a body that is not a batch is a 400 problem naming the fields", async () => {
    const notJson = "{";
    expect(await postBatch(notJson, await signed("/commands", notJson))).toMatchObject({
      status: 400,
      type: "application/problem+json",
      body: { detail: "the batch is not JSON" },
    });
    const shapeless = JSON.stringify({ batch: "", commands: [{ type: "HEALTH_CHECK" }] });
    const answer = await postBatch(shapeless, await signed("/commands", shapeless));
    expect(answer.status).toBe(400);
    expect(answer.body.errors.map((e: { path: string }) => e.path)).toEqual([
      "batch",
      "sentAt",
      "commands.0.id",
    ]);
  });

  it("other routes answer with problems; /healthz and /status answer without a signature", async () => {
    const get = (path: string) => bindings.EXECUTOR_HTTP.fetch(`http://executor.test${path}`);
    const wrongMethod = await get("/commands");
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("POST");
    expect((await get("/nowhere")).status).toBe(404);
    expect(await (await get("/healthz")).json()).toEqual({ status: "ok" });
    const status = (await (await get("/status")).json()) as Record<string, unknown>;
    expect(Object.keys(status).sort()).toEqual(["counts", "now", "pendingCallbacks", "running"]);
  });
});

describe("callbacks the control plane takes", () => {
  it("a forged, tampered, misdirected or replayed callback is a 401; a duplicate is acknowledged and ignored", async () => {
    await putCluster("ex-callbacks", FLEET, { version: NEW });
    await putPool("ex-callbacks", "p", {
      nodeCount: 1,
      upgradeStrategy: { type: "SURGE", maxSurge: 1, maxUnavailable: 0 },
    });
    const started = await api("POST", "/v1/clusters/ex-callbacks/node-pools/p/upgrade", {
      body: {},
    });
    const op = started.body.id as string;
    const done = await driveUntil(() => operation(op), terminal, { fleet: FLEET });
    expect(done.state).toBe("SUCCEEDED");

    const [report] = (await crossings("control-plane.test")).filter(
      (c) => c.path === `/v1/operations/${op}/events` && c.status === 202,
    );
    const send = (headers: Record<string, string>, body = report!.body, path = report!.path) =>
      SELF.fetch(`https://regatta.test${path}`, { method: "POST", headers, body });
    const original = {
      "content-type": "application/json",
      "x-regatta-timestamp": report!.timestamp!,
      "x-regatta-signature": report!.signature!,
    };

    // The executor's own callback, sent again within the 5 minutes: applied once only.
    const duplicate = await send(original);
    expect(duplicate.status).toBe(202);
    expect(await duplicate.json()).toEqual({ applied: false });
    refused.ignored++;

    const otherOp = `/v1/operations/op-${crypto.randomUUID()}/events`;
    const failed = JSON.stringify({
      ...JSON.parse(report!.body),
      type: "COMMAND_FAILED",
      reason: "FAILED",
      message: "forged",
    });
    const forgeries: [Record<string, string>, string?, string?][] = [
      [await signed(report!.path, report!.body, { secret: "not-the-shared-secret" })],
      [original, failed],
      [original, report!.body, otherOp],
      [await signed(report!.path, report!.body, { at: Date.now() - SIX_MINUTES })],
      [{ "content-type": "application/json" }],
    ];
    for (const [headers, body, path] of forgeries) {
      const answer = await send(headers, body, path);
      expect(answer.status).toBe(401);
      expect(answer.headers.get("content-type")).toBe("application/problem+json");
      refused.callbacks++;
    }
    const after = await operation(op);
    expect(after.state).toBe("SUCCEEDED");
    expect(after.events).toEqual(done.events);
  });
});
