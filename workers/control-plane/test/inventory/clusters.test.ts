import { beforeAll, describe, expect, it } from "vitest";
import { clusterBody, poolBody, seedBasics } from "../fixtures.ts";
import { api, freezeClock } from "../helpers.ts";

beforeAll(async () => {
  await seedBasics();
  // Monday 2026-01-05 00:00 UTC.
  await freezeClock(Date.parse("2026-01-05T00:00:00Z"));
});

describe("clusters", () => {
  it("PUT registers a cluster at the version it runs; GET shows spec and status", async () => {
    const put = await api("PUT", "/v1/clusters/c-basic", { body: clusterBody() });
    expect(put.status).toBe(201);
    expect(put.body).toMatchObject({
      name: "c-basic",
      fleet: "prod",
      version: "1.21.11-gke.1100",
      status: { version: "1.21.11-gke.1100", specVersion: "1.21.11-gke.1100", phase: "RUNNING" },
    });
    const again = await api("PUT", "/v1/clusters/c-basic", { body: clusterBody() });
    expect(again.status).toBe(200);
    const get = await api("GET", "/v1/clusters/c-basic");
    expect(get.status).toBe(200);
    expect(get.body.status.version).toBe("1.21.11-gke.1100");
  });

  it("VER-1 an unparseable version is a 400 quoting it", async () => {
    const res = await api("PUT", "/v1/clusters/c-bad", { body: clusterBody({ version: "1.21" }) });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('"1.21"');
    expect((await api("GET", "/v1/clusters/c-bad")).status).toBe(404);
  });

  it("VER-2 lowering the version of a cluster is a 422 and changes nothing", async () => {
    await api("PUT", "/v1/clusters/c-down", { body: clusterBody() });
    const res = await api("PUT", "/v1/clusters/c-down", {
      body: clusterBody({ version: "1.20.15-gke.100" }),
    });
    expect(res.status).toBe(422);
    expect(res.body.rule).toBe("VER-2");
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect((await api("GET", "/v1/clusters/c-down")).body.version).toBe("1.21.11-gke.1100");
  });

  it("VER-4 skipping a minor is a 422 citing VER-4", async () => {
    await api("PUT", "/v1/clusters/c-skip", { body: clusterBody() });
    const res = await api("PUT", "/v1/clusters/c-skip", {
      body: clusterBody({ version: "1.23.8-gke.1900" }),
    });
    expect(res.status).toBe(422);
    expect(res.body.rule).toBe("VER-4");
    expect(res.body.detail).toContain("1.22");
  });

  it("VER-3 VER-8 a patch upgrade sets spec.version only; status.version waits for the upgrade", async () => {
    await api("PUT", "/v1/clusters/c-patch", { body: clusterBody() });
    const res = await api("PUT", "/v1/clusters/c-patch", {
      body: clusterBody({ version: "1.21.14-gke.4300" }),
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toMatchObject({
      version: "1.21.11-gke.1100",
      specVersion: "1.21.14-gke.4300",
      phase: "UPGRADE_PENDING",
    });
    expect(res.body.status.reason).toMatch(/^VER-8/);
  });

  it("VER-4 a next-minor target in the catalogue is accepted", async () => {
    await api("PUT", "/v1/clusters/c-minor", { body: clusterBody({ version: "1.22.3-gke.100" }) });
    const res = await api("PUT", "/v1/clusters/c-minor", {
      body: clusterBody({ version: "1.23.8-gke.1900" }),
    });
    expect(res.status).toBe(200);
    expect(res.body.status.specVersion).toBe("1.23.8-gke.1900");
  });

  it("VER-6 a target no release publishes is a 422", async () => {
    await api("PUT", "/v1/clusters/c-unknown", { body: clusterBody() });
    const res = await api("PUT", "/v1/clusters/c-unknown", {
      body: clusterBody({ version: "1.21.99-gke.1" }),
    });
    expect(res.status).toBe(422);
    expect(res.body.rule).toBe("VER-6");
  });

  it("MW-3 the cluster reports the next opening of its window, in its time zone", async () => {
    const maintenance = {
      windows: [
        {
          start: "19:00",
          durationSeconds: 36_000,
          days: ["MON", "TUE", "WED", "THU", "FRI"],
          timeZone: "Asia/Jakarta",
        },
      ],
      exclusions: [],
    };
    const res = await api("PUT", "/v1/clusters/c-window", { body: clusterBody({ maintenance }) });
    expect(res.status).toBe(201);
    // 2026-01-05 00:00 UTC is Monday 07:00 in Jakarta (UTC+7): next opening Monday 19:00 WIB.
    expect(res.body.status.nextWindowOpen).toBe("2026-01-05T12:00:00.000Z");
  });

  it("MW-1 a window with a bad time zone or time is a 400", async () => {
    const bad = {
      windows: [{ start: "25:00", durationSeconds: 3600, days: ["MON"], timeZone: "Mars/Olympus" }],
      exclusions: [],
    };
    const res = await api("PUT", "/v1/clusters/c-badwin", {
      body: clusterBody({ maintenance: bad }),
    });
    expect(res.status).toBe(400);
    const paths = res.body.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "json.maintenance.windows.0.start",
        "json.maintenance.windows.0.timeZone",
      ]),
    );
  });

  it("an unknown fleet is a 422; unknown fields and wrong types are 400", async () => {
    expect(
      (await api("PUT", "/v1/clusters/c-x", { body: clusterBody({ fleet: "nope" }) })).status,
    ).toBe(422);
    expect(
      (await api("PUT", "/v1/clusters/c-x", { body: clusterBody({ colour: "blue" }) })).status,
    ).toBe(400);
    expect(
      (await api("PUT", "/v1/clusters/c-x", { body: clusterBody({ autopilot: "yes" }) })).status,
    ).toBe(400);
    expect((await api("PUT", "/v1/clusters/C_X", { body: clusterBody() })).status).toBe(400);
    expect((await api("PUT", "/v1/clusters/c-x")).status).toBe(400);
  });

  it("lists page with a cursor", async () => {
    const first = await api("GET", "/v1/clusters?limit=2&fleet=prod");
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await api(
      "GET",
      `/v1/clusters?limit=2&fleet=prod&cursor=${first.body.nextCursor}`,
    );
    expect(second.body.items[0].name > first.body.items[1].name).toBe(true);
  });

  it("DELETE removes a cluster with its pools and nodes", async () => {
    await api("PUT", "/v1/clusters/c-del", { body: clusterBody() });
    expect(
      (await api("PUT", "/v1/clusters/c-del/node-pools/p1", { body: poolBody() })).status,
    ).toBe(201);
    expect((await api("DELETE", "/v1/clusters/c-del")).status).toBe(204);
    expect((await api("GET", "/v1/clusters/c-del/node-pools/p1")).status).toBe(404);
    expect((await api("DELETE", "/v1/clusters/c-del")).status).toBe(404);
  });
});

describe("admin and user clusters", () => {
  it("VER-5 a user cluster may not be newer than its admin nor two minors behind it", async () => {
    await api("PUT", "/v1/clusters/adm-1", {
      body: clusterBody({ role: "admin", version: "1.22.3-gke.100" }),
    });
    const newer = await api("PUT", "/v1/clusters/usr-new", {
      body: clusterBody({ role: "user", adminCluster: "adm-1", version: "1.23.8-gke.1900" }),
    });
    expect(newer.status).toBe(422);
    expect(newer.body.rule).toBe("VER-5");
    const ok = await api("PUT", "/v1/clusters/usr-1", {
      body: clusterBody({ role: "user", adminCluster: "adm-1", version: "1.21.11-gke.1100" }),
    });
    expect(ok.status).toBe(201);
    expect(
      (
        await api("PUT", "/v1/clusters/usr-ok", {
          body: clusterBody({ role: "user", adminCluster: "adm-1", version: "1.22.3-gke.100" }),
        })
      ).status,
    ).toBe(201);
  });

  it("VER-5 an admin moves to a new minor only when every user cluster is on its minor; the refusal names them", async () => {
    const res = await api("PUT", "/v1/clusters/adm-1", {
      body: clusterBody({ role: "admin", version: "1.23.8-gke.1900" }),
    });
    expect(res.status).toBe(422);
    expect(res.body.rule).toBe("VER-5");
    expect(res.body.detail).toContain("usr-1 (1.21.11-gke.1100)");
    expect(res.body.detail).not.toContain("usr-ok");
    // A patch of the admin needs nothing of its users.
    expect((await api("GET", "/v1/clusters/adm-1")).body.version).toBe("1.22.3-gke.100");
  });

  it("LIFE-1 only an admin or hybrid cluster can manage user clusters", async () => {
    await api("PUT", "/v1/clusters/solo", { body: clusterBody() });
    const res = await api("PUT", "/v1/clusters/usr-x", {
      body: clusterBody({ role: "user", adminCluster: "solo" }),
    });
    expect(res.status).toBe(422);
    expect(res.body.rule).toBe("LIFE-1");
  });
});

describe("node pools and nodes", () => {
  it("PUT creates the pool's nodes, nodeCount per zone, listed on GET …/nodes", async () => {
    await api("PUT", "/v1/clusters/c-pool", { body: clusterBody() });
    const put = await api("PUT", "/v1/clusters/c-pool/node-pools/default", {
      body: poolBody({ nodeCount: 3 }),
    });
    expect(put.status).toBe(201);
    expect(put.body).toMatchObject({
      cluster: "c-pool",
      name: "default",
      nodeCount: 3,
      maxPodsPerNode: 110,
    });
    const nodes = await api("GET", "/v1/clusters/c-pool/nodes?limit=500");
    expect(nodes.status).toBe(200);
    expect(nodes.body.items).toHaveLength(6);
    expect(nodes.body.items[0]).toMatchObject({
      pool: "default",
      state: "READY",
      version: "1.21.11-gke.1100",
    });
    expect(nodes.body.items[0].color).toBeUndefined();
    const pools = await api("GET", "/v1/clusters/c-pool/node-pools");
    expect(pools.body.items.map((p: { name: string }) => p.name)).toEqual(["default"]);
  });

  it("VER-7 a pool newer than its control plane is a 422", async () => {
    await api("PUT", "/v1/clusters/c-ver7", { body: clusterBody() });
    const res = await api("PUT", "/v1/clusters/c-ver7/node-pools/p", {
      body: poolBody({ version: "1.21.14-gke.4300" }),
    });
    expect(res.status).toBe(422);
    expect(res.body.rule).toBe("VER-7");
  });

  it("NUP-2 maxSurge and maxUnavailable both 0 is a 422 citing NUP-2", async () => {
    await api("PUT", "/v1/clusters/c-nup2", { body: clusterBody() });
    const res = await api("PUT", "/v1/clusters/c-nup2/node-pools/p", {
      body: poolBody({ upgradeStrategy: { type: "SURGE", maxSurge: 0, maxUnavailable: 0 } }),
    });
    expect(res.status).toBe(422);
    expect(res.body.rule).toBe("NUP-2");
  });

  it("changing an existing pool's version through PUT is a 409 pointing to the upgrade", async () => {
    await api("PUT", "/v1/clusters/c-pv", { body: clusterBody({ version: "1.21.11-gke.1100" }) });
    await api("PUT", "/v1/clusters/c-pv/node-pools/p", {
      body: poolBody({ version: "1.21.11-gke.1100" }),
    });
    const res = await api("PUT", "/v1/clusters/c-pv/node-pools/p", {
      body: poolBody({ nodeImage: "cos-105" }),
    });
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain("/upgrade");
  });

  it("unknown machine type or zone is a 422 and nothing is written", async () => {
    await api("PUT", "/v1/clusters/c-ref", { body: clusterBody() });
    expect(
      (
        await api("PUT", "/v1/clusters/c-ref/node-pools/p", {
          body: poolBody({ machineType: "m9" }),
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await api("PUT", "/v1/clusters/c-ref/node-pools/p", {
          body: poolBody({ zones: ["mars-1a"] }),
        })
      ).status,
    ).toBe(422);
    expect((await api("GET", "/v1/clusters/c-ref/node-pools/p")).status).toBe(404);
    expect((await api("GET", "/v1/clusters/c-ref/nodes")).body.items).toEqual([]);
  });

  it("a pool of 500 nodes per zone is written in one batch within D1's parameter limit", async () => {
    await api("PUT", "/v1/clusters/c-big", { body: clusterBody() });
    const res = await api("PUT", "/v1/clusters/c-big/node-pools/big", {
      body: poolBody({ nodeCount: 500 }),
    });
    expect(res.status).toBe(201);
    const page = await api("GET", "/v1/clusters/c-big/nodes?limit=500");
    expect(page.body.items).toHaveLength(500);
    expect(page.body.nextCursor).toEqual(expect.any(String));
  });

  it("an unknown cluster is a 404", async () => {
    expect((await api("GET", "/v1/clusters/nope/nodes")).status).toBe(404);
    expect((await api("PUT", "/v1/clusters/nope/node-pools/p", { body: poolBody() })).status).toBe(
      404,
    );
  });
});

describe("fleet scoping", () => {
  it("a viewer of another fleet cannot read or write this fleet's clusters", async () => {
    await api("PUT", "/v1/clusters/c-scope", { body: clusterBody() });
    const viewer = await api("POST", "/v1/tokens", {
      body: { name: "other-viewer", role: "viewer", fleets: ["other"] },
    });
    const token = viewer.body.token;
    expect((await api("GET", "/v1/clusters/c-scope", { token })).status).toBe(403);
    expect((await api("PUT", "/v1/clusters/c-scope", { token, body: clusterBody() })).status).toBe(
      403,
    );
    const listed = await api("GET", "/v1/clusters", { token });
    expect(listed.body.items).toEqual([]);

    const operator = await api("POST", "/v1/tokens", {
      body: { name: "prod-operator", role: "operator", fleets: ["prod"] },
    });
    expect(
      (
        await api("PUT", "/v1/clusters/c-scope", {
          token: operator.body.token,
          body: clusterBody(),
        })
      ).status,
    ).toBe(200);
    const prodViewer = await api("POST", "/v1/tokens", {
      body: { name: "prod-viewer", role: "viewer", fleets: ["prod"] },
    });
    expect(
      (await api("GET", "/v1/clusters/c-scope", { token: prodViewer.body.token })).status,
    ).toBe(200);
    expect(
      (
        await api("PUT", "/v1/clusters/c-scope", {
          token: prodViewer.body.token,
          body: clusterBody(),
        })
      ).status,
    ).toBe(403);
  });
});
