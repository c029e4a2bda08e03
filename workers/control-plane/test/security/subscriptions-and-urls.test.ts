import { env } from "cloudflare:test";
import {
  getNotificationSubscription,
  openInventory,
  putNotificationSubscription,
} from "@regatta/inventory";
import { beforeAll, describe, expect, it } from "vitest";
import { clusterBody, seedBasics } from "../fixtures.ts";
import { api } from "../helpers.ts";
import { expectProblem, tokenFor } from "../inventory/problems.ts";

const A = "sec-a";
const B = "sec-b";
const SECRET = "a-subscriber-secret-0123";
const tokens = { opA: "", viewerA: "" };

const subscription = (fleets: string[] | undefined, url = "https://hooks.example.com/x") => ({
  url,
  secret: SECRET,
  events: ["*"],
  ...(fleets === undefined ? {} : { fleets }),
});

beforeAll(async () => {
  await seedBasics(A);
  await seedBasics(B);
  tokens.opA = await tokenFor("sec-op-a", "operator", { fleets: [A] });
  tokens.viewerA = await tokenFor("sec-viewer-a", "viewer", { fleets: [A] });
});

describe("SEC-5 a subscription outside the caller's reach is answered as missing, and never taken over", () => {
  it("SEC-5 PUT over another fleet's (or an admin's) subscription answers exactly as a GET of a missing name, and changes nothing", async () => {
    expect((await api("PUT", "/v1/notifications/sec3-b", { body: subscription([B]) })).status).toBe(
      201,
    );
    expect(
      (await api("PUT", "/v1/notifications/sec3-all", { body: subscription(undefined) })).status,
    ).toBe(201);
    const missing = await api("GET", "/v1/notifications/sec3-none", { token: tokens.opA });
    expectProblem(missing, 404);
    for (const name of ["sec3-b", "sec3-all"]) {
      const put = await api("PUT", `/v1/notifications/${name}`, {
        body: subscription([A], "https://attacker.example.com/x"),
        token: tokens.opA,
      });
      const get = await api("GET", `/v1/notifications/${name}`, { token: tokens.opA });
      for (const answer of [put, get]) {
        expectProblem(answer, 404);
        expect(answer.body).toEqual({
          ...missing.body,
          detail: missing.body.detail.replace("sec3-none", name),
          ...(missing.body.instance === undefined ? {} : { instance: answer.body.instance }),
        });
      }
      const kept = await api("GET", `/v1/notifications/${name}`);
      expect(kept.body.url).toBe("https://hooks.example.com/x");
    }
    expect((await api("GET", "/v1/notifications/sec3-b")).body.fleets).toEqual([B]);
  });

  it("SEC-5 the ownership check is part of the write: a row that another fleet holds by the time of the write is left as it is", async () => {
    const db = openInventory(env.DB);
    expect(
      (await api("PUT", "/v1/notifications/sec3-race", { body: subscription([B]) })).status,
    ).toBe(201);
    const before = await getNotificationSubscription(db, "sec3-race");
    // What an operator of A writes after its check found no such name, once B's exists.
    const taken = await putNotificationSubscription(
      db,
      {
        name: "sec3-race",
        url: "https://attacker.example.com/x",
        secretBox: "v1.x",
        events: ["*"],
        fleets: [A],
        createdBy: null,
      },
      Date.now(),
      { kind: "within", fleets: [A] },
    );
    expect(taken).toBeUndefined();
    expect(await getNotificationSubscription(db, "sec3-race")).toEqual(before);
  });

  it("SEC-5 PUTs racing for one name never leave it with the fleet that was not allowed to take it", async () => {
    for (let i = 0; i < 8; i++) {
      const name = `sec3-race-${i}`;
      const [admin, operator] = await Promise.all([
        api("PUT", `/v1/notifications/${name}`, { body: subscription([B]) }),
        api("PUT", `/v1/notifications/${name}`, { body: subscription([A]), token: tokens.opA }),
      ]);
      expect([200, 201]).toContain(admin.status);
      expect([201, 404]).toContain(operator.status);
      const stored = await api("GET", `/v1/notifications/${name}`);
      // Either the admin's write came last, or the operator's was refused.
      expect(stored.body.fleets).toEqual([B]);
    }
  });
});

describe("SEC-10 configured URLs are shown in full only to those who may write them", () => {
  const WITH_TOKEN = "https://hooks.example.com/regatta?token=s3cret-value";
  const REDACTED = "https://hooks.example.com/regatta?REDACTED";

  it("SEC-10 a subscription's URL: a viewer sees scheme://host/path with the query replaced, an operator sees it in full", async () => {
    const put = await api("PUT", "/v1/notifications/sec4-sub", {
      body: subscription([A], WITH_TOKEN),
      token: tokens.opA,
    });
    expect(put.status).toBe(201);
    expect(put.body.url).toBe(WITH_TOKEN);
    const asViewer = await api("GET", "/v1/notifications/sec4-sub", { token: tokens.viewerA });
    expect(asViewer.body.url).toBe(REDACTED);
    const listed = await api("GET", "/v1/notifications", { token: tokens.viewerA });
    expect(listed.body.items.find((s: { name: string }) => s.name === "sec4-sub").url).toBe(
      REDACTED,
    );
    expect(JSON.stringify(listed.body)).not.toContain("s3cret");
    const asOperator = await api("GET", "/v1/notifications/sec4-sub", { token: tokens.opA });
    expect(asOperator.body.url).toBe(WITH_TOKEN);
    const operatorList = await api("GET", "/v1/notifications", { token: tokens.opA });
    expect(operatorList.body.items.find((s: { name: string }) => s.name === "sec4-sub").url).toBe(
      WITH_TOKEN,
    );
  });

  it("SEC-10 a health gate's URL in a strategy and in a run's status: redacted for a viewer, in full for an operator, never in messages", async () => {
    const check = "https://status.example.com/ok?key=s3cret-value";
    const stages = [{ name: "s", groups: [{ name: "sec4-g", healthCheck: { url: check } }] }];
    const strategy = await api("PUT", `/v1/fleets/${A}/update-strategies/sec4`, {
      body: { stages },
      token: tokens.opA,
    });
    expect(strategy.status, JSON.stringify(strategy.body)).toBe(201);
    const path = `/v1/fleets/${A}/update-strategies/sec4`;
    const viewed = await api("GET", path, { token: tokens.viewerA });
    expect(viewed.body.stages[0].groups[0].healthCheck.url).toBe(
      "https://status.example.com/ok?REDACTED",
    );
    expect(
      (await api("GET", path, { token: tokens.opA })).body.stages[0].groups[0].healthCheck.url,
    ).toBe(check);

    const cluster = await api("PUT", "/v1/clusters/sec4-c", {
      body: clusterBody({ fleet: A, version: "1.21.11-gke.1100", updateGroup: "sec4-g" }),
    });
    expect(cluster.status, JSON.stringify(cluster.body)).toBe(201);
    const run = await api("POST", `/v1/fleets/${A}/update-runs`, {
      body: { name: "sec4-run", upgrade: { type: "NodeImageOnly" }, strategy: "sec4" },
      token: tokens.opA,
    });
    expect(run.status, JSON.stringify(run.body)).toBe(201);
    const runPath = `/v1/fleets/${A}/update-runs/sec4-run`;
    const asViewer = await api("GET", runPath, { token: tokens.viewerA });
    expect(asViewer.status).toBe(200);
    expect(asViewer.body.stages[0].groups[0].healthCheck.url).toBe(
      "https://status.example.com/ok?REDACTED",
    );
    expect(JSON.stringify(asViewer.body)).not.toContain("s3cret");
    const asOperator = await api("GET", runPath, { token: tokens.opA });
    expect(asOperator.body.stages[0].groups[0].healthCheck.url).toBe(check);
  });
});
