import { beforeAll, describe, expect, it } from "vitest";
import { api, freezeClock } from "../helpers.ts";
import { expectProblem, tokenFor, walkPages } from "./problems.ts";

const e2 = { cpuMillis: 4000, memoryMiB: 16_384, pricePerHour: 0.134, spotPricePerHour: 0.04 };
const euB = { region: "europe-west1", quota: { nodes: 100, cpuMillis: 400_000 } };

let viewer: string;
let operator: string;

beforeAll(async () => {
  await freezeClock();
  viewer = await tokenFor("catalog-viewer", "viewer");
  operator = await tokenFor("catalog-operator", "operator", { fleets: ["prod"] });
});

describe("machine types", () => {
  it("PUT creates (201) then replaces (200); GET shows the stored type with gpus defaulted", async () => {
    const created = await api("PUT", "/v1/machine-types/mt-basic", { body: e2 });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ name: "mt-basic", gpus: 0, ...e2 });

    const replaced = await api("PUT", "/v1/machine-types/mt-basic", {
      body: { cpuMillis: 8000, memoryMiB: 32_768, gpus: 1, pricePerHour: 0.5 },
    });
    expect(replaced.status).toBe(200);
    // A replace is the whole document: the spot price not sent is gone.
    expect(replaced.body).toEqual({
      name: "mt-basic",
      cpuMillis: 8000,
      memoryMiB: 32_768,
      gpus: 1,
      pricePerHour: 0.5,
    });
    const got = await api("GET", "/v1/machine-types/mt-basic");
    expect(got.status).toBe(200);
    expect(got.body).toEqual(replaced.body);
  });

  it("PUT is idempotent: the same body twice leaves the same type", async () => {
    const first = await api("PUT", "/v1/machine-types/mt-idem", { body: e2 });
    const second = await api("PUT", "/v1/machine-types/mt-idem", { body: e2 });
    expect([first.status, second.status]).toEqual([201, 200]);
    expect(second.body).toEqual(first.body);
  });

  it("bad bodies are 400 with field paths: wrong types, unknown fields, oversized values", async () => {
    const cases: [unknown, string][] = [
      [{ ...e2, cpuMillis: "4000" }, "json.cpuMillis"],
      [{ ...e2, cpuMillis: 1.5 }, "json.cpuMillis"],
      [{ ...e2, cpus: 4 }, "json"],
      [{ ...e2, cpuMillis: 10_000_001 }, "json.cpuMillis"],
      [{ ...e2, pricePerHour: -0.01 }, "json.pricePerHour"],
      [{ ...e2, gpus: 2048 }, "json.gpus"],
      [{ ...e2, memoryMiB: null }, "json.memoryMiB"],
      [[e2], "json"],
    ];
    for (const [body, path] of cases) {
      const res = await api("PUT", "/v1/machine-types/mt-bad", { body });
      expectProblem(res, 400);
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    expectProblem(await api("GET", "/v1/machine-types/mt-bad"), 404);
  });

  it("a missing body, malformed JSON, a non-JSON body and a huge body are refused as problems", async () => {
    const missing = await api("PUT", "/v1/machine-types/mt-none");
    expectProblem(missing, 400);
    expect(missing.body.errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(["json.cpuMillis", "json.memoryMiB", "json.pricePerHour"]),
    );
    expectProblem(await api("PUT", "/v1/machine-types/mt-none", { body: "{cpuMillis:" }), 400);
    const text = await api("PUT", "/v1/machine-types/mt-none", {
      body: "cpuMillis=1",
      headers: { "content-type": "text/plain" },
    });
    expectProblem(text, 415);
    const huge = await api("PUT", "/v1/machine-types/mt-none", {
      body: { ...e2, padding: "x".repeat(1024 * 1024 + 1) },
    });
    expectProblem(huge, 413);
    expectProblem(await api("GET", "/v1/machine-types/mt-none"), 404);
  });

  it("bad names in the path are 400", async () => {
    for (const name of ["Upper", "under_score", "-lead", "trail-", "a".repeat(64), "a%20b"]) {
      const res = await api("PUT", `/v1/machine-types/${name}`, { body: e2 });
      expectProblem(res, 400);
      expect(res.body.errors[0].path).toBe("param.name");
      expectProblem(await api("GET", `/v1/machine-types/${name}`), 400);
    }
  });

  it("GET and DELETE of an unknown type are 404; DELETE answers 204 and the type is gone", async () => {
    expectProblem(await api("GET", "/v1/machine-types/nope"), 404, /machine type nope/);
    expectProblem(await api("DELETE", "/v1/machine-types/nope"), 404, /machine type nope/);
    await api("PUT", "/v1/machine-types/mt-gone", { body: e2 });
    const deleted = await api("DELETE", "/v1/machine-types/mt-gone");
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    expectProblem(await api("GET", "/v1/machine-types/mt-gone"), 404);
  });

  it("lists page by name with a small limit; a forged cursor or a bad limit is 400", async () => {
    for (const name of ["pg-a", "pg-b", "pg-c", "pg-d", "pg-e"]) {
      await api("PUT", `/v1/machine-types/${name}`, { body: e2 });
    }
    const pages = await walkPages("/v1/machine-types", 2, (t) => t.name);
    const names = pages.flat();
    expect(names.filter((n) => n.startsWith("pg-"))).toEqual([
      "pg-a",
      "pg-b",
      "pg-c",
      "pg-d",
      "pg-e",
    ]);
    expect(names).toEqual([...names].sort());
    expect(new Set(names).size).toBe(names.length);
    expect(pages.slice(0, -1).every((page) => page.length === 2)).toBe(true);

    expectProblem(await api("GET", "/v1/machine-types?cursor=forged"), 400, /cursor/);
    expectProblem(await api("GET", "/v1/machine-types?limit=0"), 400);
    expectProblem(await api("GET", "/v1/machine-types?limit=501"), 400);
    expectProblem(await api("GET", "/v1/machine-types?limit=two"), 400);
  });
});

describe("zones", () => {
  it("PUT creates then replaces a zone; absent quotas are unlimited and omitted", async () => {
    const created = await api("PUT", "/v1/zones/europe-west1-b", { body: euB });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ name: "europe-west1-b", ...euB });
    const replaced = await api("PUT", "/v1/zones/europe-west1-b", {
      body: { region: "europe-west1" },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toEqual({ name: "europe-west1-b", region: "europe-west1", quota: {} });
    expect((await api("GET", "/v1/zones/europe-west1-b")).body).toEqual(replaced.body);
  });

  it("bad zone bodies are 400: unknown quota, negative quota, bad region, missing region", async () => {
    const cases: [unknown, string][] = [
      [{ region: "europe-west1", quota: { gpus: 1 } }, "json.quota"],
      [{ region: "europe-west1", quota: { nodes: -1 } }, "json.quota.nodes"],
      [{ region: "europe-west1", quota: { nodes: 2_000_000_000 } }, "json.quota.nodes"],
      [{ region: "Europe West" }, "json.region"],
      [{ quota: {} }, "json.region"],
      [{ region: "europe-west1", zone: "b" }, "json"],
    ];
    for (const [body, path] of cases) {
      const res = await api("PUT", "/v1/zones/zone-bad", { body });
      expectProblem(res, 400);
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    expectProblem(await api("PUT", "/v1/zones/Zone_B", { body: euB }), 400);
    expectProblem(await api("GET", "/v1/zones/zone-bad"), 404, /zone zone-bad/);
  });

  it("lists zones across pages", async () => {
    for (const zone of ["zp-1", "zp-2", "zp-3"])
      await api("PUT", `/v1/zones/${zone}`, { body: euB });
    const names = (await walkPages("/v1/zones", 1, (z) => z.name)).flat();
    expect(names).toEqual(expect.arrayContaining(["zp-1", "zp-2", "zp-3"]));
    expect(names).toEqual([...names].sort());
  });

  it("DELETE of an unknown zone is 404; of a free zone 204", async () => {
    expectProblem(await api("DELETE", "/v1/zones/zone-nope"), 404);
    await api("PUT", "/v1/zones/zone-free", { body: euB });
    expect((await api("DELETE", "/v1/zones/zone-free")).status).toBe(204);
    expectProblem(await api("GET", "/v1/zones/zone-free"), 404);
  });
});

describe("reservations", () => {
  beforeAll(async () => {
    await api("PUT", "/v1/zones/res-zone", { body: euB });
    await api("PUT", "/v1/machine-types/res-type", { body: e2 });
  });

  it("PUT creates then replaces a reservation; GET and the list show it", async () => {
    const body = { zone: "res-zone", machineType: "res-type", count: 3 };
    const created = await api("PUT", "/v1/reservations/res-1", { body });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: "res-1", ...body });
    const replaced = await api("PUT", "/v1/reservations/res-1", { body: { ...body, count: 5 } });
    expect(replaced.status).toBe(200);
    expect(replaced.body.count).toBe(5);
    expect((await api("GET", "/v1/reservations/res-1")).body).toEqual(replaced.body);
    const list = await api("GET", "/v1/reservations");
    expect(list.body.items).toContainEqual(replaced.body);
    expect(list.body.nextCursor).toBeNull();
  });

  it("an unknown zone or machine type is 422 naming it, and nothing is written", async () => {
    const zone = await api("PUT", "/v1/reservations/res-new", {
      body: { zone: "no-such-zone", machineType: "res-type", count: 1 },
    });
    expectProblem(zone, 422, /unknown zone no-such-zone/);
    const type = await api("PUT", "/v1/reservations/res-new", {
      body: { zone: "res-zone", machineType: "no-such-type", count: 1 },
    });
    expectProblem(type, 422, /unknown machine type no-such-type/);
    const both = await api("PUT", "/v1/reservations/res-new", {
      body: { zone: "zz", machineType: "tt", count: 1 },
    });
    expectProblem(both, 422, /zone zz.*machine type tt/);
    expectProblem(await api("GET", "/v1/reservations/res-new"), 404);
  });

  it("a refused replace leaves the previous reservation unchanged", async () => {
    const body = { zone: "res-zone", machineType: "res-type", count: 2 };
    expect((await api("PUT", "/v1/reservations/res-keep", { body })).status).toBe(201);
    const refused = await api("PUT", "/v1/reservations/res-keep", {
      body: { ...body, zone: "gone-zone", count: 9 },
    });
    expectProblem(refused, 422);
    const bad = await api("PUT", "/v1/reservations/res-keep", { body: { ...body, count: 0 } });
    expectProblem(bad, 400);
    expect((await api("GET", "/v1/reservations/res-keep")).body).toEqual({
      id: "res-keep",
      ...body,
    });
  });

  it("bad reservation bodies are 400: count out of range, wrong type, unknown field", async () => {
    const base = { zone: "res-zone", machineType: "res-type", count: 1 };
    for (const body of [
      { ...base, count: 15_001 },
      { ...base, count: "1" },
      { ...base, machineType: "E2 Standard" },
      { ...base, priority: 1 },
      { zone: "res-zone", count: 1 },
    ]) {
      expectProblem(await api("PUT", "/v1/reservations/res-bad", { body }), 400);
    }
  });

  it("a zone or machine type a reservation holds cannot be deleted (409) until it is released", async () => {
    await api("PUT", "/v1/zones/fk-zone", { body: euB });
    await api("PUT", "/v1/machine-types/fk-type", { body: e2 });
    const body = { zone: "fk-zone", machineType: "fk-type", count: 1 };
    expect((await api("PUT", "/v1/reservations/fk-res", { body })).status).toBe(201);

    expectProblem(await api("DELETE", "/v1/zones/fk-zone"), 409, /zone fk-zone is still used/);
    expectProblem(
      await api("DELETE", "/v1/machine-types/fk-type"),
      409,
      /machine type fk-type is still used/,
    );
    expect((await api("GET", "/v1/zones/fk-zone")).status).toBe(200);

    expect((await api("DELETE", "/v1/reservations/fk-res")).status).toBe(204);
    expectProblem(await api("DELETE", "/v1/reservations/fk-res"), 404);
    expect((await api("DELETE", "/v1/zones/fk-zone")).status).toBe(204);
    expect((await api("DELETE", "/v1/machine-types/fk-type")).status).toBe(204);
  });
});

describe("catalog authorization", () => {
  it("every token reads the catalog; only admins write it", async () => {
    await api("PUT", "/v1/zones/auth-zone", { body: euB });
    await api("PUT", "/v1/machine-types/auth-type", { body: e2 });
    for (const token of [viewer, operator]) {
      expect((await api("GET", "/v1/zones/auth-zone", { token })).status).toBe(200);
      expect((await api("GET", "/v1/machine-types", { token })).status).toBe(200);
      expect((await api("GET", "/v1/reservations", { token })).status).toBe(200);
      expectProblem(await api("PUT", "/v1/zones/auth-zone", { token, body: euB }), 403);
      expectProblem(await api("PUT", "/v1/machine-types/auth-2", { token, body: e2 }), 403);
      expectProblem(await api("DELETE", "/v1/machine-types/auth-type", { token }), 403);
      expectProblem(
        await api("PUT", "/v1/reservations/auth-res", {
          token,
          body: { zone: "auth-zone", machineType: "auth-type", count: 1 },
        }),
        403,
      );
    }
    expectProblem(await api("GET", "/v1/zones", { token: null }), 401);
    expectProblem(await api("GET", "/v1/zones", { token: "rgt_wrong" }), 401);
    // The refused writes changed nothing.
    expect((await api("GET", "/v1/zones/auth-zone")).body).toEqual({ name: "auth-zone", ...euB });
    expect((await api("GET", "/v1/machine-types/auth-type")).status).toBe(200);
  });

  it("the OpenAPI document describes every catalog endpoint", async () => {
    const doc = await api("GET", "/openapi.json", { token: null });
    const paths = doc.body.paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        "/v1/machine-types",
        "/v1/machine-types/{name}",
        "/v1/zones",
        "/v1/zones/{zone}",
        "/v1/reservations",
        "/v1/reservations/{id}",
      ]),
    );
    expect(Object.keys(paths["/v1/machine-types/{name}"]).sort()).toEqual(["delete", "get", "put"]);
    expect(Object.keys(paths["/v1/reservations/{id}"].put.responses)).toEqual(
      expect.arrayContaining(["200", "201", "400", "403", "422"]),
    );
  });
});
