import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN, api, fetchWorker, freezeClock } from "../helpers.ts";
import { expectProblem, tokenFor } from "../inventory/problems.ts";

interface StoredKey {
  key: string;
  principal: string;
  status: number;
  body: string;
  created_at: number;
}

async function storedKeys(key: string): Promise<StoredKey[]> {
  const rows = await env.DB.prepare("SELECT * FROM idempotency_keys WHERE key = ?")
    .bind(key)
    .all<StoredKey>();
  return rows.results;
}

async function simNow(): Promise<number> {
  return Date.parse((await api("GET", "/v1/sim")).body.now);
}

beforeAll(async () => {
  await freezeClock();
});

describe("Idempotency-Key replay safety", () => {
  it("a replayed Idempotency-Key never hands a token secret to another holder (issue 7 item 1)", async () => {
    // An admin token named N creates a token with key K.
    const first = await tokenFor("replay-holder", "admin");
    const created = await api("POST", "/v1/tokens", {
      token: first,
      headers: { "idempotency-key": "K-shared" },
      body: { name: "replay-target", role: "admin" },
    });
    expect(created.status).toBe(201);
    const secret: string = created.body.token;
    // N is revoked; a viewer token takes the same name and repeats the request with K.
    expect((await api("DELETE", "/v1/tokens/replay-holder")).status).toBe(204);
    const viewer = await tokenFor("replay-holder", "viewer");
    const replay = await api("POST", "/v1/tokens", {
      token: viewer,
      headers: { "idempotency-key": "K-shared" },
      body: { name: "replay-target", role: "admin" },
    });
    expect(replay.status).not.toBe(201);
    expect(JSON.stringify(replay.body)).not.toContain(secret);
    // The viewer is judged as itself: not an admin.
    expectProblem(replay, 403);
  });

  it("the stored answer to POST /v1/tokens holds no secret; its replay says so instead of repeating it", async () => {
    const headers = { "idempotency-key": "K-no-secret" };
    const created = await api("POST", "/v1/tokens", {
      headers,
      body: { name: "no-secret-stored", role: "viewer" },
    });
    expect(created.status).toBe(201);
    const secret: string = created.body.token;
    const rows = await storedKeys("K-no-secret");
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(secret);
    // Keyed by the token's identity, not by a name another token could take later.
    expect(rows[0]!.principal).not.toContain("bootstrap-admin");

    const replay = await api("POST", "/v1/tokens", {
      headers,
      body: { name: "no-secret-stored", role: "viewer" },
    });
    expectProblem(replay, 409, /secret .*shown once/);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(JSON.stringify(replay.body)).not.toContain(secret);
    // The token itself still works: the replay did not create or rotate anything.
    expect((await api("GET", "/v1/sim", { token: secret })).status).toBe(200);
  });

  it("keys are per token: another token's identical key and body runs on its own", async () => {
    const a = await tokenFor("idem-admin-a", "admin");
    const b = await tokenFor("idem-admin-b", "admin");
    const headers = { "idempotency-key": "K-per-token" };
    const before = await simNow();
    const first = await api("POST", "/v1/sim/advance", { token: a, headers, body: { seconds: 5 } });
    expect(first.status).toBe(200);
    const again = await api("POST", "/v1/sim/advance", { token: a, headers, body: { seconds: 5 } });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    const other = await api("POST", "/v1/sim/advance", { token: b, headers, body: { seconds: 5 } });
    expect(other.status).toBe(200);
    expect(other.headers.get("idempotent-replayed")).toBeNull();
    expect((await simNow()) - before).toBe(10_000);
  });
});

describe("Idempotency-Key reservation (issue 7 item 10)", () => {
  it("two concurrent requests with one Idempotency-Key: exactly one runs, the other is 409 or the replay", async () => {
    const before = await simNow();
    const send = () =>
      fetchWorker("/v1/sim/advance", {
        method: "POST",
        headers: {
          authorization: `Bearer ${ADMIN}`,
          "content-type": "application/json",
          "idempotency-key": "K-concurrent",
        },
        body: JSON.stringify({ seconds: 60 }),
      });
    const answers = await Promise.all([send(), send(), send()]);
    const statuses = answers.map((a) => a.status).sort();
    for (const answer of answers) {
      if (answer.status === 409) {
        const problem = (await answer.json()) as { detail: string };
        expect(problem.detail).toMatch(/still in progress/);
      } else {
        expect(answer.status, String(statuses)).toBe(200);
        await answer.text();
      }
    }
    // Exactly one ran: one fresh answer, every other one a 409 or a replay of it.
    const fresh = answers.filter((a) => a.status === 200 && !a.headers.has("idempotent-replayed"));
    expect(fresh, String(statuses)).toHaveLength(1);
    expect((await simNow()) - before).toBe(60_000);
    const [row] = await storedKeys("K-concurrent");
    expect(row!.status).toBe(200);
  });

  it("a reservation still in progress answers 409; one older than the bound is taken over", async () => {
    // Learn this token's stored identity from a first request.
    const token = await tokenFor("idem-stale", "admin");
    await api("POST", "/v1/sim/advance", {
      token,
      headers: { "idempotency-key": "K-learn" },
      body: { seconds: 0 },
    });
    const [learned] = await storedKeys("K-learn");
    const principal = learned!.principal;
    const body = { seconds: 1 };
    const hash = await requestHash("/v1/sim/advance", body);
    const reserve = (key: string, at: number) =>
      env.DB.prepare(
        "INSERT INTO idempotency_keys (key, principal, method, path, body_hash, status, body, created_at) VALUES (?, ?, 'POST', '/v1/sim/advance', ?, 0, '', ?)",
      )
        .bind(key, principal, hash, at)
        .run();

    await reserve("K-fresh-pending", Date.now());
    expectProblem(
      await api("POST", "/v1/sim/advance", {
        token,
        headers: { "idempotency-key": "K-fresh-pending" },
        body,
      }),
      409,
      /still in progress/,
    );

    const stale = "K-stale-pending";
    await reserve(stale, Date.now() - 120_000);
    const taken = await api("POST", "/v1/sim/advance", {
      token,
      headers: { "idempotency-key": stale },
      body,
    });
    expect(taken.status).toBe(200);
    expect(taken.headers.get("idempotent-replayed")).toBeNull();
    const [row] = await storedKeys(stale);
    expect(row!.status).toBe(200);
  });

  it("a refused request is remembered; its replay is the same refusal", async () => {
    const headers = { "idempotency-key": "K-refused" };
    const first = await api("POST", "/v1/sim/advance", { headers, body: { seconds: -1 } });
    expectProblem(first, 400);
    const again = await api("POST", "/v1/sim/advance", { headers, body: { seconds: -1 } });
    expectProblem(again, 400);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
  });
});

/** The request fingerprint the idempotency middleware compares (method, path and body). */
async function requestHash(path: string, body: unknown): Promise<string> {
  const text = `POST ${path}\n${JSON.stringify(body)}`;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
