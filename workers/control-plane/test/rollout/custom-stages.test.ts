import { env } from "cloudflare:test";
import { openInventory } from "@regatta/inventory";
import { describe, expect, it } from "vitest";
import { putSequence, removeSequence, storedFleets } from "../../src/services/rollout/sequences.ts";
import { clusterBody } from "../fixtures.ts";
import { api } from "../helpers.ts";
import { useRolloutFixtures } from "./helpers.ts";

useRolloutFixtures(["cs-staging", "cs-prod", "cs-other", "cs-chain"]);

const canary = { matchLabels: { canary: "true" } };

async function cluster(name: string, fleet: string, labels?: Record<string, string>) {
  const put = await api("PUT", `/v1/clusters/${name}`, {
    body: clusterBody({ fleet, ...(labels === undefined ? {} : { labels }) }),
  });
  expect(put.status, JSON.stringify(put.body)).toBeLessThan(300);
}

async function token(name: string, grants: Record<string, unknown>): Promise<string> {
  const res = await api("POST", "/v1/tokens", { body: { name, ...grants } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.token;
}

const canaryFirst = {
  displayName: "staging, then prod's canaries, then the rest of prod",
  stages: [
    { fleets: ["cs-staging"], soakSeconds: 3600 },
    { fleets: ["cs-prod"], clusterSelector: canary, soakSeconds: 86_400 },
    { fleets: ["cs-prod"] },
  ],
};

describe("rollout sequences with custom stages (configuration)", () => {
  it("SEQ-15 a sequence is created, read and replaced whole; its stages keep their order and soaks", async () => {
    const created = await api("PUT", "/v1/rollout-sequences/cs-a", { body: canaryFirst });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      name: "cs-a",
      displayName: canaryFirst.displayName,
      stages: [
        { stage: 1, fleets: ["cs-staging"], soakSeconds: 3600 },
        { stage: 2, fleets: ["cs-prod"], clusterSelector: canary, soakSeconds: 86_400 },
        { stage: 3, fleets: ["cs-prod"], soakSeconds: 0 },
      ],
    });
    const read = await api("GET", "/v1/rollout-sequences/cs-a");
    expect(read.status).toBe(200);
    expect(read.body.stages).toHaveLength(3);
    const replaced = await api("PUT", "/v1/rollout-sequences/cs-a", {
      body: { stages: [{ fleets: ["cs-staging"] }], labels: { team: "platform" } },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ labels: { team: "platform" }, stages: [{ stage: 1 }] });
    expect(replaced.body.displayName).toBeUndefined();
    const listed = await api("GET", "/v1/rollout-sequences");
    expect(listed.body.items.map((s: { name: string }) => s.name)).toContain("cs-a");
    expect((await api("DELETE", "/v1/rollout-sequences/cs-a")).status).toBe(204);
    expect((await api("GET", "/v1/rollout-sequences/cs-a")).status).toBe(404);
    expect((await api("DELETE", "/v1/rollout-sequences/cs-a")).status).toBe(404);
  });

  it("SEQ-15 bad sequences are refused with the rule and nothing is stored", async () => {
    const cases: [unknown, number, RegExp][] = [
      [{ stages: [] }, 422, /^SEQ-15: a rollout sequence has 1 to 10 stages/],
      [
        { stages: [{ fleets: ["cs-prod"], soakSeconds: 2_592_001 }] },
        422,
        /^SEQ-15: .*soakSeconds/,
      ],
      [{ stages: [{ fleets: ["cs-prod", "cs-prod"] }] }, 422, /names fleet cs-prod twice/],
      [
        {
          stages: [
            {
              fleets: ["cs-prod"],
              clusterSelector: { matchExpressions: [{ key: "a", operator: "In" }] },
            },
          ],
        },
        422,
        /uses In on a with no values/,
      ],
      [{ stages: [{ fleets: ["cs-prod"] }, { fleets: ["cs-prod"] }] }, 422, /^SEQ-16: /],
      [{ stages: [{ fleets: ["cs-nowhere"] }] }, 404, /fleet cs-nowhere does not exist/],
      [
        { stages: [{ fleets: ["cs-prod"], clusterSelector: { matchLabels: { "-bad": "x" } } }] },
        400,
        /./,
      ],
      [{ stages: [{ fleets: ["cs-prod"] }], surprise: true }, 400, /./],
    ];
    for (const [body, status, detail] of cases) {
      const res = await api("PUT", "/v1/rollout-sequences/cs-bad", { body });
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.headers.get("content-type")).toMatch(/application\/problem\+json/);
      expect(res.body.detail).toMatch(detail);
    }
    expect((await api("GET", "/v1/rollout-sequences/cs-bad")).status).toBe(404);
  });

  it("SEQ-16 GET shows which clusters each stage selects now, the first stage that selects one takes it, and a label change moves it", async () => {
    await cluster("cs-s1", "cs-staging");
    await cluster("cs-p1", "cs-prod", { canary: "true" });
    await cluster("cs-p2", "cs-prod");
    await cluster("cs-o1", "cs-other");
    const put = await api("PUT", "/v1/rollout-sequences/cs-b", {
      body: {
        stages: [
          { fleets: ["cs-staging"] },
          { fleets: ["cs-prod", "cs-other"], clusterSelector: canary },
          { fleets: ["cs-prod"] },
        ],
      },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(201);
    const selected = (body: { stages: { clusters: string[]; clusterCount: number }[] }) =>
      body.stages.map((stage) => stage.clusters);
    expect(selected(put.body)).toEqual([["cs-s1"], ["cs-p1"], ["cs-p2"]]);
    expect(put.body.stages.map((s: { clusterCount: number }) => s.clusterCount)).toEqual([1, 1, 1]);
    // cs-other's clusters are selected only by the canary stage: the rest are not upgraded.
    expect(put.body.unselected).toEqual(["cs-o1"]);
    await cluster("cs-p2", "cs-prod", { canary: "true" });
    await cluster("cs-o1", "cs-other", { canary: "true" });
    const moved = await api("GET", "/v1/rollout-sequences/cs-b");
    expect(selected(moved.body)).toEqual([["cs-s1"], ["cs-o1", "cs-p1", "cs-p2"], []]);
    expect(moved.body.unselected).toEqual([]);
    expect((await api("DELETE", "/v1/rollout-sequences/cs-b")).status).toBe(204);
  });

  it("SEQ-16 a stage whose selector matches nothing is kept and shows no clusters", async () => {
    const put = await api("PUT", "/v1/rollout-sequences/cs-empty", {
      body: {
        stages: [
          { fleets: ["cs-prod"], clusterSelector: { matchLabels: { ring: "never" } } },
          { fleets: ["cs-prod"] },
        ],
      },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(201);
    expect(put.body.stages[0]).toMatchObject({ clusters: [], clusterCount: 0 });
    expect((await api("DELETE", "/v1/rollout-sequences/cs-empty")).status).toBe(204);
  });

  it("SEQ-17 a fleet is in one sequence of one kind: another rollout sequence, a fleet chain either way, and deleting the fleet are refused", async () => {
    const first = await api("PUT", "/v1/rollout-sequences/cs-one", {
      body: { stages: [{ fleets: ["cs-other"] }] },
    });
    expect(first.status).toBe(201);
    const second = await api("PUT", "/v1/rollout-sequences/cs-two", {
      body: { stages: [{ fleets: ["cs-staging"] }, { fleets: ["cs-other"] }] },
    });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ rule: "SEQ-17" });
    expect(second.body.detail).toMatch(/fleet cs-other is already in rollout sequence cs-one/);
    expect((await api("GET", "/v1/rollout-sequences/cs-two")).status).toBe(404);

    const chain = await api("PUT", "/v1/fleets/cs-other/rollout", {
      body: { defaultSoakSeconds: 0 },
    });
    expect(chain.status).toBe(409);
    expect(chain.body.detail).toMatch(/^SEQ-17: fleet cs-other is in rollout sequence cs-one/);
    const deleted = await api("DELETE", "/v1/fleets/cs-other");
    expect(deleted.status).toBe(409);
    expect(deleted.body.rule).toBe("SEQ-17");

    expect(
      (await api("PUT", "/v1/fleets/cs-chain/rollout", { body: { defaultSoakSeconds: 0 } })).status,
    ).toBe(201);
    const chained = await api("PUT", "/v1/rollout-sequences/cs-two", {
      body: { stages: [{ fleets: ["cs-chain"] }] },
    });
    expect(chained.status).toBe(409);
    expect(chained.body.detail).toMatch(/fleet cs-chain is sequenced by its own rollout chain/);

    // Replacing a sequence with the fleets it already has is no conflict with itself.
    expect(
      (
        await api("PUT", "/v1/rollout-sequences/cs-one", {
          body: { stages: [{ fleets: ["cs-other"] }] },
        })
      ).status,
    ).toBe(200);
    expect((await api("DELETE", "/v1/rollout-sequences/cs-one")).status).toBe(204);
    expect((await api("DELETE", "/v1/fleets/cs-chain/rollout")).status).toBe(204);
    const freed = await api("PUT", "/v1/rollout-sequences/cs-two", {
      body: { stages: [{ fleets: ["cs-other"] }, { fleets: ["cs-chain"] }] },
    });
    expect(freed.status).toBe(201);
    expect((await api("DELETE", "/v1/rollout-sequences/cs-two")).status).toBe(204);
  });

  it("SEQ-18 writing a sequence needs write access to every fleet it names and it named; reading shows only the stages, fleets and clusters the caller may read", async () => {
    await cluster("cs-s2", "cs-staging");
    await cluster("cs-p3", "cs-prod", { canary: "true" });
    const put = await api("PUT", "/v1/rollout-sequences/cs-auth", {
      body: {
        stages: [
          { fleets: ["cs-staging"] },
          { fleets: ["cs-prod"], clusterSelector: canary },
          { fleets: ["cs-prod"] },
        ],
      },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(201);
    const prodOperator = await token("cs-prod-operator", { role: "operator", fleets: ["cs-prod"] });
    const prodViewer = await token("cs-prod-viewer", { role: "viewer", fleets: ["cs-prod"] });
    const outsider = await token("cs-outsider", { role: "operator", fleets: ["cs-chain"] });

    const seen = await api("GET", "/v1/rollout-sequences/cs-auth", { token: prodViewer });
    expect(seen.status).toBe(200);
    expect(seen.body.stages.map((s: { stage: number }) => s.stage)).toEqual([2, 3]);
    const everyCluster = JSON.stringify(seen.body);
    expect(everyCluster).not.toMatch(/cs-staging|cs-s1|cs-s2/);
    const listed = await api("GET", "/v1/rollout-sequences", { token: prodViewer });
    expect(JSON.stringify(listed.body)).not.toMatch(/cs-staging/);

    for (const tok of [outsider]) {
      expect((await api("GET", "/v1/rollout-sequences/cs-auth", { token: tok })).status).toBe(404);
      expect((await api("DELETE", "/v1/rollout-sequences/cs-auth", { token: tok })).status).toBe(
        404,
      );
      const list = await api("GET", "/v1/rollout-sequences", { token: tok });
      expect(list.body.items.map((s: { name: string }) => s.name)).not.toContain("cs-auth");
    }
    // It may write cs-prod but the sequence also spans cs-staging: no replace, no delete, no
    // word of which fleet.
    const replace = await api("PUT", "/v1/rollout-sequences/cs-auth", {
      token: prodOperator,
      body: { stages: [{ fleets: ["cs-prod"] }] },
    });
    expect(replace.status).toBe(403);
    expect(replace.body.detail).not.toMatch(/cs-staging/);
    expect(
      (await api("DELETE", "/v1/rollout-sequences/cs-auth", { token: prodOperator })).status,
    ).toBe(403);
    const naming = await api("PUT", "/v1/rollout-sequences/cs-new", {
      token: prodOperator,
      body: { stages: [{ fleets: ["cs-prod"] }, { fleets: ["cs-staging"] }] },
    });
    expect(naming.status).toBe(403);
    expect((await api("GET", "/v1/rollout-sequences/cs-new")).status).toBe(404);
    expect(
      (
        await api("PUT", "/v1/rollout-sequences/cs-auth", {
          token: prodViewer,
          body: { stages: [{ fleets: ["cs-prod"] }] },
        })
      ).status,
    ).toBe(403);
    expect((await api("DELETE", "/v1/rollout-sequences/cs-auth")).status).toBe(204);
    const own = await api("PUT", "/v1/rollout-sequences/cs-own", {
      token: prodOperator,
      body: { stages: [{ fleets: ["cs-prod"], clusterSelector: canary }, { fleets: ["cs-prod"] }] },
    });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expect(
      (await api("DELETE", "/v1/rollout-sequences/cs-own", { token: prodOperator })).status,
    ).toBe(204);
  });

  it("SEQ-18 a replace or delete authorized against a sequence that changed meanwhile is refused with 409 and writes nothing", async () => {
    const db = openInventory(env.DB);
    const everything = () => true;
    const created = await api("PUT", "/v1/rollout-sequences/cs-race", {
      body: { stages: [{ fleets: ["cs-staging"] }] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // What a writer of cs-staging was authorized against, before an admin moved the
    // sequence onto a fleet that writer may not touch.
    const authorized = await storedFleets(db, "cs-race");
    expect(authorized.fleets).toEqual(["cs-staging"]);
    const moved = await api("PUT", "/v1/rollout-sequences/cs-race", {
      body: { stages: [{ fleets: ["cs-other"] }] },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    const input = { stages: [{ fleets: ["cs-staging"], soakSeconds: 0 }] };
    const replaced = await putSequence(db, "cs-race", input, 0, everything, authorized.asRead);
    expect(replaced).toMatchObject({ ok: false, error: { kind: "conflict", rule: "SEQ-18" } });
    const removed = await removeSequence(db, "cs-race", true, everything, authorized.asRead);
    expect(removed).toMatchObject({ ok: false, error: { kind: "conflict", rule: "SEQ-18" } });
    // The writer of cs-staging may not read where it went: for it, it is gone (no 409 to
    // tell it a sequence it cannot read still exists).
    const stagingOnly = (fleet: string) => fleet === "cs-staging";
    const unseen = await removeSequence(db, "cs-race", true, stagingOnly, authorized.asRead);
    expect(unseen).toMatchObject({ ok: false, error: { kind: "missing" } });
    const now = await api("GET", "/v1/rollout-sequences/cs-race");
    expect(now.body.stages).toMatchObject([{ stage: 1, fleets: ["cs-other"] }]);
    // cs-other is still taken by it, and cs-staging is free again.
    const other = await api("PUT", "/v1/rollout-sequences/cs-race-2", {
      body: { stages: [{ fleets: ["cs-other"] }] },
    });
    expect(other.status).toBe(409);
    const staging = await api("PUT", "/v1/rollout-sequences/cs-race-2", {
      body: { stages: [{ fleets: ["cs-staging"] }] },
    });
    expect(staging.status, JSON.stringify(staging.body)).toBe(201);

    // Two creates of one name: the one that read "none" after the other wrote loses.
    const none = await storedFleets(db, "cs-race-3");
    const first = await api("PUT", "/v1/rollout-sequences/cs-race-3", {
      body: { stages: [{ fleets: ["cs-chain"] }] },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const chainOnly = { stages: [{ fleets: ["cs-chain"], soakSeconds: 60 }] };
    const second = await putSequence(db, "cs-race-3", chainOnly, 0, everything, none.asRead);
    expect(second).toMatchObject({ ok: false, error: { kind: "conflict", rule: "SEQ-18" } });
    const kept = await api("GET", "/v1/rollout-sequences/cs-race-3");
    expect(kept.body.stages).toMatchObject([{ fleets: ["cs-chain"], soakSeconds: 0 }]);

    // Read again, the same writes land.
    const fresh = await storedFleets(db, "cs-race");
    expect((await removeSequence(db, "cs-race", true, everything, fresh.asRead)).ok).toBe(true);
    for (const name of ["cs-race-2", "cs-race-3"]) {
      expect((await api("DELETE", `/v1/rollout-sequences/${name}`)).status).toBe(204);
    }
  });
});
