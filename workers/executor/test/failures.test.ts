import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  api,
  controlPlaneOutbox,
  crossings,
  driveUntil,
  executor,
  NEW,
  operation,
  putCluster,
  putPool,
  reportTally,
  retryDeliveriesNow,
  seedFleet,
  setLink,
  terminal,
  tickFleet,
} from "./helpers.ts";

const FLEET = "exec-failures";
const SURGE = { type: "SURGE", maxSurge: 1, maxUnavailable: 0 };
let before = { carriedOut: 0, duplicates: 0, callbacksRejected: 0 };
let ignored = 0;

beforeAll(async () => {
  await seedFleet(FLEET);
  before = (await executor().status()).counts;
});
afterEach(async () => {
  await setLink("executor.test", "up");
  await setLink("control-plane.test", "up");
});
afterAll(async () => {
  await reportTally(before, { callbacksIgnored: ignored });
});

async function startSurge(cluster: string): Promise<string> {
  await putCluster(cluster, FLEET, { version: NEW });
  await putPool(cluster, "p", { nodeCount: 1, upgradeStrategy: SURGE });
  const started = await api("POST", `/v1/clusters/${cluster}/node-pools/p/upgrade`, { body: {} });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return started.body.id;
}

/** Every command id of `op` that reached the executor, once per delivery. */
async function deliveredCommandIds(op: string): Promise<string[]> {
  return (await crossings("executor.test"))
    .filter((c) => c.status !== null)
    .flatMap((c) => (JSON.parse(c.body).commands as { id: string }[]).map((x) => x.id))
    .filter((id) => id.startsWith(`${op}:`));
}

describe("an executor that is down, failing or slow", () => {
  it("makes the upgrade wait and retry, never fail, and never run a command twice", async () => {
    const counts = (await executor().status()).counts;
    // What each failed attempt heard, as the runtime logs it before retrying.
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const lastHeard = () =>
      logged.mock.calls
        .filter((call) => /^delivery outbox\/.* not taken/.test(String(call[0])))
        .map((call) => (call[1] instanceof Error ? call[1].message : String(call[1])))
        .at(-1);
    await setLink("executor.test", "down");
    const op = await startSurge("ex-down");
    await tickFleet(FLEET);
    // The batch stays in the control plane's outbox, due again after 5 s.
    let [batch] = await controlPlaneOutbox(FLEET);
    expect(batch).toMatchObject({ attempts: 1 });
    expect(lastHeard()).toBe("HTTP 503");
    expect(batch!.dueInMs).toBeGreaterThan(0);
    expect(batch!.dueInMs).toBeLessThanOrEqual(5_000);
    await executor().advanceClock(60);
    expect(await operation(op)).toMatchObject({ state: "RUNNING", progress: { done: 0 } });
    expect((await operation(op)).error).toBeUndefined();

    // The control plane's own alarm may retry too when a slow machine lets 5 s pass:
    // each phase checks that attempts grew and what the last one heard.
    const retried = async (mode: "error" | "lose-answer", heard: string) => {
      const attempts = batch!.attempts;
      await setLink("executor.test", mode);
      await retryDeliveriesNow(FLEET);
      [batch] = await controlPlaneOutbox(FLEET);
      expect(batch!.attempts).toBeGreaterThan(attempts);
      expect(lastHeard()).toBe(heard);
      // 5 s doubling: the next wait is longer than the first.
      expect(batch!.dueInMs).toBeGreaterThan(5_000);
    };
    await retried("error", "HTTP 500");
    expect((await executor().status()).counts.carriedOut).toBe(counts.carriedOut);
    // Slow: the executor takes the batch but the control plane never hears its answer.
    await retried("lose-answer", "HTTP 504");

    await setLink("executor.test", "up");
    await retryDeliveriesNow(FLEET);
    expect(await controlPlaneOutbox(FLEET)).toEqual([]);
    const done = await driveUntil(() => operation(op), terminal, { fleet: FLEET });
    expect(done.state, JSON.stringify(done)).toBe("SUCCEEDED");

    // Every command reached the executor, some more than once; each ran exactly once.
    logged.mockRestore();
    const ids = await deliveredCommandIds(op);
    const distinct = new Set(ids);
    expect(ids.length).toBeGreaterThan(distinct.size);
    const after = (await executor().status()).counts;
    expect(after.carriedOut - counts.carriedOut).toBe(distinct.size);
    expect(after.duplicates - counts.duplicates).toBe(ids.length - distinct.size);
  });
});

describe("a control plane that does not take callbacks", () => {
  it("keeps each report and retries it with backoff until acknowledged; a repeat after a lost answer is ignored", async () => {
    await setLink("control-plane.test", "down");
    const op = await startSurge("ex-cb-down");
    await tickFleet(FLEET);
    // The executor finishes the first step; its report cannot get through.
    await executor().advanceClock(10);
    const reports = async () =>
      (await crossings("control-plane.test")).filter((c) => c.path.includes(op));
    expect((await reports()).map((c) => c.mode)).toEqual(["down"]);
    let status = await executor().status();
    expect(status.pendingCallbacks).toBe(1);
    expect(await operation(op)).toMatchObject({ state: "RUNNING", progress: { done: 0 } });

    // Retries wait 1 s, then 2 s, then 4 s: nothing is sent before each is due.
    await executor().advanceClock(0.5);
    expect(await reports()).toHaveLength(1);
    await setLink("control-plane.test", "error");
    await executor().advanceClock(0.5);
    expect((await reports()).map((c) => c.mode)).toEqual(["down", "error"]);
    await setLink("control-plane.test", "lose-answer");
    await executor().advanceClock(1.9);
    expect(await reports()).toHaveLength(2);
    await executor().advanceClock(0.1);
    expect((await reports()).map((c) => [c.mode, c.status])).toEqual([
      ["down", null],
      ["error", null],
      ["lose-answer", 202],
    ]);
    status = await executor().status();
    expect(status.pendingCallbacks).toBe(1);

    // The control plane applied it the first time; the retry is acknowledged and ignored.
    await setLink("control-plane.test", "up");
    await executor().advanceClock(4);
    const [, , first, retry] = await reports();
    expect(JSON.parse(first!.answer)).toEqual({ applied: true });
    expect(retry).toMatchObject({ mode: "up", status: 202, body: first!.body });
    expect(JSON.parse(retry!.answer)).toEqual({ applied: false });
    ignored++;
    expect((await executor().status()).pendingCallbacks).toBe(0);

    const done = await driveUntil(() => operation(op), terminal, { fleet: FLEET });
    expect(done.state, JSON.stringify(done)).toBe("SUCCEEDED");
  });
});
