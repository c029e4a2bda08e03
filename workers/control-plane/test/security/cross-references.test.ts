import { beforeAll, describe, expect, it } from "vitest";
import { clusterBody } from "../fixtures.ts";
import { api, freezeClock } from "../helpers.ts";
import { expectProblem, tokenFor } from "../inventory/problems.ts";

/** A cluster as the admin sees it, without the times a refused write must not touch. */
async function snapshot(name: string) {
  const res = await api("GET", `/v1/clusters/${name}`);
  return res.status === 200 ? { ...res.body, status: undefined } : res.status;
}

async function adminPut(name: string, body: Record<string, unknown>): Promise<void> {
  const res = await api("PUT", `/v1/clusters/${name}`, { body: clusterBody(body) });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
}

beforeAll(async () => {
  await freezeClock();
  for (const fleet of ["xr-a", "xr-b", "xr-s"]) await api("PUT", `/v1/fleets/${fleet}`);
  for (const scope of ["team-x", "team-y", "team-z"])
    await api("PUT", `/v1/fleets/xr-s/scopes/${scope}`);
  await adminPut("xr-a-admin", { fleet: "xr-a", role: "admin" });
  await adminPut("xr-b-admin", { fleet: "xr-b", role: "admin" });
  await adminPut("xr-a-user", { fleet: "xr-a", role: "user", adminCluster: "xr-a-admin" });
  // Linked across fleets by an admin, on purpose.
  await adminPut("xr-a-linked", { fleet: "xr-a", role: "user", adminCluster: "xr-b-admin" });
  await adminPut("xr-shared", { fleet: "xr-s", scopes: ["team-x", "team-y"] });
});

describe("cross-fleet references are authorized (issue 7 item 3)", () => {
  let operatorA: string;
  beforeAll(async () => {
    operatorA = await tokenFor("xr-operator-a", "operator", { fleets: ["xr-a"] });
  });

  it("VER-5 an operator of fleet A may not name fleet B's admin cluster as adminCluster", async () => {
    const body = clusterBody({ fleet: "xr-a", role: "user", adminCluster: "xr-b-admin" });
    expectProblem(
      await api("PUT", "/v1/clusters/xr-a-new", { token: operatorA, body }),
      403,
      /xr-b-admin/,
    );
    expect(await snapshot("xr-a-new")).toBe(404);

    const before = await snapshot("xr-a-user");
    expectProblem(await api("PUT", "/v1/clusters/xr-a-user", { token: operatorA, body }), 403);
    expect(await snapshot("xr-a-user")).toEqual(before);
    // B's admin cluster is not held by A's user cluster: B may still delete it.
    expect((await api("GET", "/v1/clusters/xr-b-admin")).body.status.phase).toBe("RUNNING");
  });

  it("moving a cluster away from another fleet's admin cluster needs write access to that fleet too", async () => {
    const before = await snapshot("xr-a-linked");
    const body = clusterBody({ fleet: "xr-a", role: "user", adminCluster: "xr-a-admin" });
    expectProblem(await api("PUT", "/v1/clusters/xr-a-linked", { token: operatorA, body }), 403);
    expect(await snapshot("xr-a-linked")).toEqual(before);
  });

  it("references within the caller's fleets, or unchanged ones, need nothing more", async () => {
    const own = clusterBody({ fleet: "xr-a", role: "user", adminCluster: "xr-a-admin" });
    expect(
      (await api("PUT", "/v1/clusters/xr-a-own", { token: operatorA, body: own })).status,
    ).toBe(201);
    const linked = clusterBody({
      fleet: "xr-a",
      role: "user",
      adminCluster: "xr-b-admin",
      deprecatedApiUsage: true,
    });
    const res = await api("PUT", "/v1/clusters/xr-a-linked", { token: operatorA, body: linked });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

describe("team-scope changes are authorized per scope (issue 7 item 3)", () => {
  let operatorX: string;
  beforeAll(async () => {
    operatorX = await tokenFor("xr-operator-x", "operator", { scopes: ["xr-s/team-x"] });
  });

  it("an operator of one team scope may not remove another team's scope from a shared cluster", async () => {
    const before = await snapshot("xr-shared");
    const body = clusterBody({ fleet: "xr-s", scopes: ["team-x"] });
    expectProblem(
      await api("PUT", "/v1/clusters/xr-shared", { token: operatorX, body }),
      403,
      /team-y/,
    );
    expect(await snapshot("xr-shared")).toEqual(before);
  });

  it("an operator of one team scope may not add another team's scope", async () => {
    const before = await snapshot("xr-shared");
    const body = clusterBody({ fleet: "xr-s", scopes: ["team-x", "team-y", "team-z"] });
    expectProblem(
      await api("PUT", "/v1/clusters/xr-shared", { token: operatorX, body }),
      403,
      /team-z/,
    );
    expect(await snapshot("xr-shared")).toEqual(before);
    const created = clusterBody({ fleet: "xr-s", scopes: ["team-x", "team-z"] });
    expectProblem(
      await api("PUT", "/v1/clusters/xr-s-new", { token: operatorX, body: created }),
      403,
    );
    expect(await snapshot("xr-s-new")).toBe(404);
  });

  it("an operator of one team scope may not delete a cluster shared with another team", async () => {
    expectProblem(await api("DELETE", "/v1/clusters/xr-shared", { token: operatorX }), 403);
    expect((await api("GET", "/v1/clusters/xr-shared")).status).toBe(200);
  });

  it("unchanged scopes need no access: the shared cluster stays readable and writable by either team", async () => {
    expect((await api("GET", "/v1/clusters/xr-shared", { token: operatorX })).status).toBe(200);
    const body = clusterBody({ fleet: "xr-s", scopes: ["team-x", "team-y"], autopilot: true });
    const res = await api("PUT", "/v1/clusters/xr-shared", { token: operatorX, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.scopes).toEqual(["team-x", "team-y"]);
    const own = clusterBody({ fleet: "xr-s", scopes: ["team-x"] });
    expect(
      (await api("PUT", "/v1/clusters/xr-x-own", { token: operatorX, body: own })).status,
    ).toBe(201);
  });
});
