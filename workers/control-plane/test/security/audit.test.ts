import { env } from "cloudflare:test";
import { auditStatement, correctAudit, openInventory, recordAudit } from "@regatta/inventory";
import { describe, expect, it } from "vitest";
import type { Env } from "../../src/env.ts";
import { runScheduled } from "../../src/scheduled.ts";
import { clusterBody, poolBody } from "../fixtures.ts";
import { api, signedCallback } from "../helpers.ts";
import { cluster, createRun, FLEET, NEW, OLD, useRunFixtures } from "../update-runs/helpers.ts";

useRunFixtures();

const DAY = 86_400_000;
const OTHER = "audit-other";

interface Entry {
  at: string;
  requestId: string;
  actor?: { tokenId?: string; name: string; role?: string };
  method: string;
  resource: string;
  fleets: string[];
  status: number;
  replayed: boolean;
}

interface Sent {
  kind: string;
  method: string;
  path: string;
  status: number;
  requestId: string;
}

/** Every entry the token may read, newest first, page after page. */
async function readAll(token?: string, query = "", limit = 500): Promise<Entry[]> {
  const entries: Entry[] = [];
  let cursor: string | null = null;
  do {
    const after: string = cursor === null ? "" : `&cursor=${encodeURIComponent(cursor)}`;
    const res = await api("GET", `/v1/audit?limit=${limit}${query}${after}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    entries.push(...res.body.items);
    cursor = res.body.nextCursor;
  } while (cursor !== null);
  return entries;
}

async function send(
  kind: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<Sent> {
  const res = await api(method, path, { body, token });
  const requestId = res.headers.get("x-request-id");
  expect(requestId, `${kind}: X-Request-Id`).toMatch(/^[0-9a-f-]{36}$/);
  return { kind, method, path, status: res.status, requestId: requestId ?? "" };
}

async function token(name: string, grants: Record<string, unknown>): Promise<string> {
  const res = await api("POST", "/v1/tokens", { body: { name, ...grants } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.token;
}

describe("the audit trail (SEC-11)", () => {
  it("SEC-11 every kind of write leaves one entry naming the token, the X-Request-Id answered, the method, the resource, the status and the wall-clock instant", async () => {
    const before = Date.now();
    await cluster("au-c1", { version: NEW }, { "au-pool": {} });
    await cluster("au-c2", { updateGroup: "au-g" });
    const run = "/v1/fleets/prod/update-runs/au-run";
    const pool = "/v1/clusters/au-c1/node-pools/au-pool";
    const sent: Sent[] = [];
    const write = async (kind: string, method: string, path: string, body?: unknown) => {
      sent.push(await send(kind, method, path, body));
    };
    await write("token create", "POST", "/v1/tokens", { name: "au-ci", role: "viewer" });
    await write("inventory PUT", "PUT", `/v1/fleets/${OTHER}`, {});
    await write("run create", "POST", "/v1/fleets/prod/update-runs", {
      name: "au-run",
      upgrade: { type: "ControlPlaneOnly", kubernetesVersion: NEW },
      stages: [{ name: "all", groups: [{ name: "au-g" }] }],
    });
    await write("run start", "POST", `${run}/start`);
    await write("run stop", "POST", `${run}/stop`);
    await write("run skip", "POST", `${run}/skip`, {
      targets: [{ type: "Member", name: "au-c2" }],
    });
    await write("run retry", "POST", `${run}/retry`);
    await write("pool upgrade", "POST", `${pool}/upgrade`, {});
    for (const control of ["cancel", "resume", "rollback", "complete"]) {
      await write(`pool ${control}`, "POST", `${pool}/${control}`);
    }
    await write("subscription PUT", "PUT", "/v1/notifications/au-hook", {
      url: "https://hooks.example.com/regatta",
      secret: "audit-secret-0123456789",
      events: ["*"],
    });
    await write("subscription DELETE", "DELETE", "/v1/notifications/au-hook");
    await write("sim control", "PUT", "/v1/sim/speed", { speed: 0 });
    await write("token revoke", "DELETE", "/v1/tokens/au-ci");
    const after = Date.now();

    const entries = await readAll();
    // Runs and pools are authorized against their fleet; tokens, sim and fleets themselves not.
    const expected = (s: Sent) => (/^(pool|run) /.test(s.kind) ? [FLEET] : []);
    for (const s of sent) {
      const found = entries.filter((e) => e.requestId === s.requestId);
      expect(found, `${s.kind}: one entry`).toHaveLength(1);
      const entry = found[0]!;
      expect(entry, s.kind).toMatchObject({
        actor: { name: "bootstrap-admin", role: "admin" },
        method: s.method,
        resource: s.path,
        status: s.status,
        fleets: expected(s),
        replayed: false,
      });
      expect(entry.actor?.tokenId, s.kind).toMatch(/^[0-9a-f]{16}$/);
      const at = Date.parse(entry.at);
      expect(at, `${s.kind}: on the wall clock`).toBeGreaterThanOrEqual(before);
      expect(at, `${s.kind}: on the wall clock`).toBeLessThanOrEqual(after);
    }
    // Those that can succeed here did; skip, retry, rollback and complete are refused in this
    // state (409/422) and recorded with that status: the trail records answers, not intents.
    const accepted = sent.filter((s) => s.status < 300).map((s) => s.kind);
    expect(accepted).toEqual(
      expect.arrayContaining([
        "token create",
        "inventory PUT",
        "run create",
        "run start",
        "run stop",
        "pool upgrade",
        "pool cancel",
        "pool resume",
        "subscription PUT",
        "subscription DELETE",
        "sim control",
        "token revoke",
      ]),
    );
    // Reads are not recorded, and no entry shows a token's secret.
    expect(entries.some((e) => e.method === "GET" && e.status < 400)).toBe(false);
    expect(JSON.stringify(entries)).not.toContain("test-admin-token");
  });

  it("SEC-11 refusals are recorded: a viewer's 403 on a write and on a read, an unknown token's 401, and a signed executor callback as `executor`", async () => {
    const viewer = await token("au-viewer", { role: "viewer", fleets: [FLEET] });
    const write = await send("viewer write", "PUT", "/v1/fleets/au-nope", {}, viewer);
    const read = await send("viewer read", "GET", "/v1/tokens", undefined, viewer);
    const unknown = await send("unknown", "GET", "/v1/clusters", undefined, "not-a-token");
    expect([write.status, read.status, unknown.status]).toEqual([403, 403, 401]);
    const path = "/v1/operations/op-none/events";
    const body = JSON.stringify({ id: "evt-1", type: "OPERATION_SUCCEEDED" });
    const callback = await api("POST", path, {
      body,
      token: null,
      headers: await signedCallback(path, body),
    });

    const entries = await readAll();
    const byId = (id: string | null) => entries.find((e) => e.requestId === id);
    expect(byId(write.requestId)).toMatchObject({
      actor: { name: "au-viewer", role: "viewer" },
      status: 403,
    });
    expect(byId(read.requestId)).toMatchObject({ method: "GET", status: 403 });
    const anonymous = byId(unknown.requestId);
    expect(anonymous).toMatchObject({ method: "GET", resource: "/v1/clusters", status: 401 });
    expect(anonymous?.actor).toBeUndefined();
    expect(byId(callback.headers.get("x-request-id"))).toMatchObject({
      actor: { name: "executor" },
      method: "POST",
      resource: path,
      status: callback.status,
    });
  });

  it("SEC-11 an Idempotency-Key replay is recorded again, marked replayed", async () => {
    const headers = { "idempotency-key": "au-replay" };
    const sim = { seconds: 0 };
    const once = await api("POST", "/v1/sim/advance", { body: sim, headers });
    const again = await api("POST", "/v1/sim/advance", { body: sim, headers });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const entries = await readAll(undefined, "&resource=/v1/sim/advance");
    const ids = [once, again].map((r) => r.headers.get("x-request-id"));
    expect(entries.filter((e) => ids.includes(e.requestId)).map((e) => e.replayed)).toEqual([
      true,
      false,
    ]);
  });

  it("SEC-11 an operator reads its fleets' entries only, whatever cursor it is given; a viewer may not read the trail", async () => {
    await api("PUT", `/v1/clusters/au-other-c`, {
      body: {
        fleet: OTHER,
        role: "standalone",
        region: "europe-west1",
        releaseChannel: "REGULAR",
        version: "1.21.11-gke.1100",
      },
    });
    await api("PUT", "/v1/clusters/au-other-c/node-pools/p", { body: poolBody() });
    const operator = await token("au-op-prod", { role: "operator", fleets: [FLEET] });
    const everyFleet = await token("au-op-all", { role: "operator" });
    const viewer = await token("au-viewer-all", { role: "viewer" });

    const mine = await readAll(operator, "", 1);
    expect(mine.length).toBeGreaterThan(0);
    for (const entry of mine) expect(entry.fleets).toContain(FLEET);
    const all = await readAll();
    const fleetEntries = all.filter((e) => e.fleets.length > 0);
    expect(fleetEntries.some((e) => e.fleets.includes(OTHER))).toBe(true);
    expect(await readAll(everyFleet)).toEqual(fleetEntries);

    // An admin's cursor, resumed by the operator, still shows only the operator's fleets.
    const adminPage = await api("GET", "/v1/audit?limit=1");
    const resumed = await api(
      "GET",
      `/v1/audit?limit=500&cursor=${encodeURIComponent(adminPage.body.nextCursor)}`,
      { token: operator },
    );
    expect(resumed.status).toBe(200);
    for (const entry of resumed.body.items as Entry[]) expect(entry.fleets).toContain(FLEET);

    const refused = await api("GET", "/v1/audit", { token: viewer });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/^SEC-11: /);
  });

  it("SEC-11 the filters: since, actor (token id or name) and resource prefix", async () => {
    const all = await readAll();
    const someone = all.find((e) => e.actor?.name === "au-viewer")!;
    const byName = await readAll(undefined, "&actor=au-viewer");
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.every((e) => e.actor?.name === "au-viewer")).toBe(true);
    expect(await readAll(undefined, `&actor=${someone.actor!.tokenId}`)).toEqual(byName);
    const tokens = await readAll(undefined, "&resource=/v1/tokens");
    expect(tokens.every((e) => e.resource.startsWith("/v1/tokens"))).toBe(true);
    const newest = all[0]!;
    const since = await readAll(undefined, `&since=${encodeURIComponent(newest.at)}`);
    expect(since.every((e) => Date.parse(e.at) >= Date.parse(newest.at))).toBe(true);
    expect(since.length).toBeLessThan(all.length + 2);
  });

  it("SEC-11 a gate approval names the approving token (name and id, as the trail shows it) in the run status; a separateApprover gate refuses the token that started the run", async () => {
    await cluster("au-g1", { updateGroup: "au-gated" });
    const starter = await token("au-starter", { role: "operator", fleets: [FLEET] });
    const approver = await token("au-approver", { role: "operator", fleets: [FLEET] });
    const created = await createRun({
      name: "au-gated",
      upgrade: { type: "Full", kubernetesVersion: NEW },
      stages: [
        {
          name: "canary",
          groups: [
            { name: "au-gated", beforeGates: [{ type: "Approval", separateApprover: true }] },
          ],
        },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const run = "/v1/fleets/prod/update-runs/au-gated";
    expect((await api("POST", `${run}/start`, { token: starter })).status).toBe(200);
    const approve = `${run}/gates/group-au-gated-before-0/approve`;

    const own = await api("POST", approve, { token: starter });
    expect(own.status, JSON.stringify(own.body)).toBe(422);
    expect(own.body.rule).toBe("EXT-1");
    expect(own.body.detail).toMatch(/SEC-11 separateApprover\); au-starter started it$/);
    const approved = await api("POST", approve, { token: approver });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const gate = approved.body.stages[0].groups[0].gates[0];
    expect(gate).toMatchObject({
      state: "Completed",
      approvedBy: "au-approver",
      separateApprover: true,
    });

    const entries = await readAll(undefined, `&resource=${encodeURIComponent(approve)}`);
    const byId = (res: { headers: Headers }) =>
      entries.find((e) => e.requestId === res.headers.get("x-request-id"));
    expect(byId(own)).toMatchObject({ actor: { name: "au-starter" }, status: 422 });
    expect(byId(approved)).toMatchObject({
      actor: { name: "au-approver", role: "operator", tokenId: gate.approvedByToken },
      method: "POST",
      fleets: [FLEET],
      status: 200,
    });
  });

  it("SEC-11 a cluster PUT commits its entry with the cluster in one batch: created 201, replaced 200, a refused PUT 422, one entry each", async () => {
    const body = (version: string) => clusterBody({ fleet: FLEET, version });
    const sent = [
      await send("create", "PUT", "/v1/clusters/au-put", body(OLD)),
      await send("replace", "PUT", "/v1/clusters/au-put", body(OLD)),
      await send("refused", "PUT", "/v1/clusters/au-put", body("1.23.1-gke.100")),
    ];
    expect(sent.map((s) => s.status)).toEqual([201, 200, 422]);
    const entries = await readAll(undefined, "&resource=/v1/clusters/au-put");
    for (const s of sent) {
      const found = entries.filter((e) => e.requestId === s.requestId);
      expect(found, s.kind).toHaveLength(1);
      expect(found[0], s.kind).toMatchObject({ method: "PUT", status: s.status, fleets: [FLEET] });
    }
  });

  it("SEC-11 an entry committed with its change is corrected when the answer turned out otherwise, and appended when the change's batch rolled back", async () => {
    const db = openInventory(env.DB);
    // The middleware corrects an entry under the instant it was committed with.
    const at = Date.now();
    const entry = (requestId: string, status: number) => ({
      at,
      requestId,
      actorTokenId: null,
      actorName: "au-batch",
      actorRole: "admin" as const,
      method: "PUT",
      resource: "/v1/clusters/au-batch",
      fleets: [FLEET],
      status,
      replayed: false,
    });
    await db.batch([auditStatement(db, entry("au-committed", 201))]);
    await correctAudit(db, entry("au-committed", 409));
    await correctAudit(db, entry("au-rolled-back", 500));
    const kept = await readAll(undefined, "&actor=au-batch");
    expect(kept.map((e) => [e.requestId, e.status])).toEqual([
      ["au-rolled-back", 500],
      ["au-committed", 409],
    ]);
  });

  it("SEC-11 the cron deletes entries older than 90 wall-clock days and keeps at most AUDIT_MAX_ENTRIES", async () => {
    const db = openInventory(env.DB);
    const now = Date.now() + 1000 * DAY;
    const entry = (requestId: string, at: number) => ({
      at,
      requestId,
      actorTokenId: null,
      actorName: "au-old",
      actorRole: "admin" as const,
      method: "PUT",
      resource: "/v1/zones/z",
      fleets: [],
      status: 200,
      replayed: false,
    });
    await recordAudit(db, entry("au-91-days", now - 91 * DAY));
    await recordAudit(db, entry("au-89-days", now - 89 * DAY));
    await runScheduled(env, now);
    const kept = (await readAll(undefined, "&actor=au-old")).map((e) => e.requestId);
    expect(kept).toEqual(["au-89-days"]);

    for (const id of ["au-1", "au-2", "au-3"]) await recordAudit(db, entry(id, now));
    await runScheduled({ ...env, AUDIT_MAX_ENTRIES: "2" } as Env, now);
    expect((await readAll()).map((e) => e.requestId)).toEqual(["au-3", "au-2"]);

    // Entries without a token keep a tenth of the cap: a flood of them pushes out only theirs.
    const anonymous = (id: string) => ({ ...entry(id, now), actorName: null, actorRole: null });
    for (const id of ["au-anon-1", "au-anon-2"]) await recordAudit(db, anonymous(id));
    await recordAudit(db, entry("au-4", now));
    await runScheduled({ ...env, AUDIT_MAX_ENTRIES: "10" } as Env, now);
    expect((await readAll()).map((e) => e.requestId)).toEqual([
      "au-4",
      "au-anon-2",
      "au-3",
      "au-2",
    ]);
  });
});
