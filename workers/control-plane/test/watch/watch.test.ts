import { env, runInDurableObject, SELF } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { runObjectName } from "../../src/objects/fleet/run-members/members.ts";
import { WATCHER_HEADER } from "../../src/runtime/watchers.ts";
import { closeRevokedWatches } from "../../src/services/watch/watch.ts";
import { ADMIN, api, fetchWorker, freezeClock } from "../helpers.ts";
import { checkAnswer } from "../openapi-check.ts";

const FLEET = "watched";
const strategy = { stages: [{ name: "all", groups: [{ name: "default" }] }] };

/** The subprotocols a browser offers: the watch itself and its token (routes/watch.ts). */
function offer(token: string): string {
  const encoded = btoa(token).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return `regatta.watch.v1, regatta.bearer.${encoded}`;
}

/** An upgrade, checked against /openapi.json (a handshake's answer cannot be cloned). */
async function openWatch(path: string, headers: Record<string, string>): Promise<Response> {
  const res = await SELF.fetch(`https://regatta.test${path}`, {
    headers: { upgrade: "websocket", ...headers },
  });
  const text = res.webSocket ? "" : await res.clone().text();
  const contentType = res.headers.get("content-type");
  await checkAnswer({ method: "GET", url: path, status: res.status, contentType, text });
  return res;
}

/** The next message on `socket`, or a failure after `ms` (wall time: the socket is real). */
function nextMessage(socket: WebSocket, ms = 5_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no message")), ms);
    socket.addEventListener("message", (event) => {
      clearTimeout(timer);
      resolve(String(event.data));
    });
  });
}

beforeAll(async () => {
  await freezeClock();
  expect((await api("PUT", `/v1/fleets/${FLEET}`, { body: {} })).status).toBeLessThan(300);
});

afterEach(async () => {
  await runInDurableObject(env.FLEET.get(env.FLEET.idFromName(FLEET)), (_i, state) =>
    state.storage.deleteAlarm(),
  );
});

describe("watching an object", () => {
  it("a browser's token as a subprotocol opens a fleet watch that says 'changed' after a commit", async () => {
    const res = await openWatch(`/v1/fleets/${FLEET}/watch`, {
      "sec-websocket-protocol": offer(ADMIN),
    });
    expect(res.status).toBe(101);
    expect(res.headers.get("sec-websocket-protocol")).toBe("regatta.watch.v1");
    const socket = res.webSocket!;
    socket.accept();
    const told = nextMessage(socket);
    const put = await api("PUT", `/v1/fleets/${FLEET}/update-strategies/all`, { body: strategy });
    expect(put.status).toBe(201);
    const message = JSON.parse(await told);
    expect(message).toMatchObject({ type: "changed", seq: 1, at: "2026-01-05T00:00:00.000Z" });
    socket.close(1000, "done");
  });

  it("a watch is authorized like the GET it stands for: no token 401, another fleet's viewer 403", async () => {
    const viewer = await api("POST", "/v1/tokens", {
      body: { name: "other-viewer", role: "viewer", fleets: ["elsewhere"] },
    });
    expect((await openWatch(`/v1/fleets/${FLEET}/watch`, {})).status).toBe(401);
    const refused = await openWatch(`/v1/fleets/${FLEET}/watch`, {
      "sec-websocket-protocol": offer(viewer.body.token),
    });
    expect(refused.status).toBe(403);
    // The token never counts from a subprotocol on a plain GET.
    const plain = await fetchWorker(`/v1/fleets/${FLEET}`, {
      headers: { "sec-websocket-protocol": offer(ADMIN) },
    });
    expect(plain.status).toBe(401);
  });

  it("a watch of an unknown fleet or run is 404, and a watch without an upgrade is 426", async () => {
    const auth = { authorization: `Bearer ${ADMIN}` };
    expect((await openWatch("/v1/fleets/nowhere/watch", auth)).status).toBe(404);
    expect((await openWatch(`/v1/fleets/${FLEET}/update-runs/nothing/watch`, auth)).status).toBe(
      404,
    );
    const noUpgrade = await fetchWorker(`/v1/fleets/${FLEET}/watch`, { headers: auth });
    expect(noUpgrade.status).toBe(426);
    expect(noUpgrade.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    const problem = await noUpgrade.json<{ title: string; status: number; detail: string }>();
    expect(problem).toMatchObject({ title: "Upgrade Required", status: 426 });
    expect(problem.detail).toMatch(/WebSocket upgrade/);
  });
});

describe("conditional reads", () => {
  it("a GET answers an ETag, and 304 when If-None-Match names it", async () => {
    const first = await api("GET", `/v1/fleets/${FLEET}`);
    const tag = first.headers.get("etag");
    expect(tag).toMatch(/^"[0-9a-f]+"$/);
    const again = await api("GET", `/v1/fleets/${FLEET}`, { headers: { "if-none-match": tag! } });
    expect(again.status).toBe(304);
  });

  it("GET /v1/tokens/self says who the token is, for every role", async () => {
    expect((await api("GET", "/v1/tokens/self")).body).toEqual({
      name: "bootstrap-admin",
      role: "admin",
      fleets: [],
      scopes: [],
    });
    const viewer = await api("POST", "/v1/tokens", {
      body: { name: "self-viewer", role: "viewer", fleets: [FLEET] },
    });
    const self = await api("GET", "/v1/tokens/self", { token: viewer.body.token });
    expect(self.body).toEqual({ name: "self-viewer", role: "viewer", fleets: [FLEET], scopes: [] });
  });
});

/** How `socket` closes, or a failure after `ms` (wall time: the socket is real). */
function closing(socket: WebSocket, ms = 5_000): Promise<{ code: number; reason: string }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("not closed")), ms);
    socket.addEventListener("close", (event) => {
      clearTimeout(timer);
      resolve({ code: event.code, reason: event.reason });
    });
  });
}

describe("SEC-6 watch sockets", () => {
  it("SEC-6 a subprotocol token opens only the watch routes: an upgrade to any other /v1 route is a 401", async () => {
    const headers = { upgrade: "websocket", "sec-websocket-protocol": offer(ADMIN) };
    for (const path of [`/v1/fleets/${FLEET}`, "/v1/tokens/self", "/v1/tokens"]) {
      const res = await fetchWorker(path, { headers });
      expect(res.status, path).toBe(401);
      expect(((await res.json()) as { detail: string }).detail).toMatch(/missing bearer token/);
    }
    const watch = await openWatch(`/v1/fleets/${FLEET}/watch`, {
      "sec-websocket-protocol": offer(ADMIN),
    });
    expect(watch.status).toBe(101);
    watch.webSocket!.accept();
    watch.webSocket!.close(1000, "done");
  });

  it("SEC-6 revoking a token closes its open watch sockets (4401 token revoked); other watchers stay", async () => {
    const viewer = await api("POST", "/v1/tokens", {
      body: { name: "revoked-watcher", role: "viewer", fleets: [FLEET] },
    });
    expect(viewer.status).toBe(201);
    const revoked = await openWatch(`/v1/fleets/${FLEET}/watch`, {
      "sec-websocket-protocol": offer(viewer.body.token),
    });
    expect(revoked.status).toBe(101);
    const socket = revoked.webSocket!;
    socket.accept();
    const closed = closing(socket);
    const kept = await openWatch(`/v1/fleets/${FLEET}/watch`, {
      "sec-websocket-protocol": offer(ADMIN),
    });
    const other = kept.webSocket!;
    other.accept();

    expect((await api("DELETE", "/v1/tokens/revoked-watcher")).status).toBe(204);
    expect(await closed).toEqual({ code: 4401, reason: "SEC-6: token revoked" });
    const told = nextMessage(other);
    const put = await api("PUT", `/v1/fleets/${FLEET}/update-strategies/kept`, { body: strategy });
    expect(put.status).toBe(201);
    expect(JSON.parse(await told)).toMatchObject({ type: "changed" });
    other.close(1000, "done");
  });

  it("SEC-6 a client frame other than ping closes its socket (1008) and writes nothing", async () => {
    const fleet = env.FLEET.get(env.FLEET.idFromName(FLEET));
    const res = await openWatch(`/v1/fleets/${FLEET}/watch`, {
      "sec-websocket-protocol": offer(ADMIN),
    });
    const socket = res.webSocket!;
    socket.accept();
    const before = (await fleet.inspect()).rowsWritten;
    const closed = closing(socket);
    socket.send(JSON.stringify({ type: "subscribe", everything: true }));
    expect(await closed).toEqual({
      code: 1008,
      reason: "SEC-6: a watch only listens; send nothing but ping",
    });
    expect((await fleet.inspect()).rowsWritten).toBe(before);
  });

  it("SEC-6 a revocation reaches an update run's object too, and only the revoked token's sockets there", async () => {
    const run = env.UPDATE_RUN.get(env.UPDATE_RUN.idFromName(runObjectName(FLEET, "r-watched")));
    const open = async (identity: string) => {
      const res = await run.fetch("https://run/watch", {
        headers: { upgrade: "websocket", [WATCHER_HEADER]: identity },
      });
      expect(res.status).toBe(101);
      const socket = res.webSocket!;
      socket.accept();
      return socket;
    };
    const revoked = await open("identity-revoked");
    const kept = await open("identity-kept");
    const closed = closing(revoked);
    await closeRevokedWatches(env, [
      { object: `run:${FLEET}/r-watched`, identity: "identity-revoked" },
    ]);
    expect(await closed).toEqual({ code: 4401, reason: "SEC-6: token revoked" });
    // The other token's socket was left open: closing it now finds it.
    const keptClosed = closing(kept);
    expect(await run.closeWatchers("identity-kept")).toBe(1);
    expect((await keptClosed).code).toBe(4401);
  });
  it("SEQ-18 a rollout sequence's watch: a reader of one of its fleets gets the socket, a reader of none a 404 as for the GET, a change is told, and SEC-6 revocation closes it", async () => {
    const sequence = "watched-sequence";
    const put = await api("PUT", `/v1/rollout-sequences/${sequence}`, {
      body: { stages: [{ fleets: [FLEET] }] },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(201);
    const reader = await api("POST", "/v1/tokens", {
      body: { name: "sequence-watcher", role: "viewer", fleets: [FLEET] },
    });
    const outsider = await api("POST", "/v1/tokens", {
      body: { name: "sequence-outsider", role: "viewer", fleets: ["elsewhere"] },
    });
    const path = `/v1/rollout-sequences/${sequence}/watch`;
    expect(
      (await openWatch(path, { "sec-websocket-protocol": offer(outsider.body.token) })).status,
    ).toBe(404);
    expect(
      (await openWatch("/v1/rollout-sequences/nowhere/watch", { authorization: `Bearer ${ADMIN}` }))
        .status,
    ).toBe(404);
    expect(
      (await fetchWorker(path, { headers: { authorization: `Bearer ${ADMIN}` } })).status,
    ).toBe(426);

    const admin = await openWatch(path, { "sec-websocket-protocol": offer(ADMIN) });
    expect(admin.status).toBe(101);
    const told = admin.webSocket!;
    told.accept();
    const watched = await openWatch(path, { "sec-websocket-protocol": offer(reader.body.token) });
    expect(watched.status).toBe(101);
    const socket = watched.webSocket!;
    socket.accept();
    const closed = closing(socket);
    expect((await api("DELETE", "/v1/tokens/sequence-watcher")).status).toBe(204);
    expect(await closed).toEqual({ code: 4401, reason: "SEC-6: token revoked" });

    // Deleting the sequence clears its object's state: a change its watchers hear.
    const changed = nextMessage(told);
    expect((await api("DELETE", `/v1/rollout-sequences/${sequence}`)).status).toBe(204);
    expect(JSON.parse(await changed)).toMatchObject({ type: "changed" });
    told.close(1000, "done");
  });

  it("SEC-4 one token keeps at most 10 watch sockets on one fleet: the 11th is a 429 naming the cap, and another token still watches", async () => {
    const viewer = await api("POST", "/v1/tokens", {
      body: { name: "greedy-watcher", role: "viewer", fleets: [FLEET] },
    });
    expect(viewer.status).toBe(201);
    const sockets: WebSocket[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await openWatch(`/v1/fleets/${FLEET}/watch`, {
        "sec-websocket-protocol": offer(viewer.body.token),
      });
      expect(res.status).toBe(101);
      res.webSocket!.accept();
      sockets.push(res.webSocket!);
    }
    const over = await openWatch(`/v1/fleets/${FLEET}/watch`, {
      "sec-websocket-protocol": offer(viewer.body.token),
    });
    expect(over.status).toBe(429);
    const problem = await over.json<{ rule?: string; detail: string }>();
    expect(problem.rule).toBe("SEC-4");
    expect(problem.detail).toMatch(/^SEC-4: this token already has 10 watchers here/);
    const other = await api("POST", "/v1/tokens", {
      body: { name: "patient-watcher", role: "viewer", fleets: [FLEET] },
    });
    const fine = await openWatch(`/v1/fleets/${FLEET}/watch`, {
      "sec-websocket-protocol": offer(other.body.token),
    });
    expect(fine.status).toBe(101);
    fine.webSocket!.accept();
    for (const socket of [...sockets, fine.webSocket!]) socket.close(1000, "done");
  });
});
