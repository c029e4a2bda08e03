import { beforeAll, describe, expect, it } from "vitest";
import { advanceClock, api, freezeClock } from "../helpers.ts";
import { expectProblem, tokenFor, walkPages } from "./problems.ts";

// Seed 000: release 2022-R25, Regular channel.
const R25_TARGETS = {
  "1.20": "1.21.14-gke.4300",
  "1.21": "1.21.14-gke.4300",
  "1.22": "1.23.8-gke.1900",
  "1.24": "1.24.5-gke.600",
};
const r25 = { channel: "REGULAR", targets: R25_TARGETS };

let viewer: string;

beforeAll(async () => {
  await freezeClock();
  viewer = await tokenFor("release-viewer", "viewer", { fleets: ["prod"] });
});

describe("a channel before any release", () => {
  // Runs first in this file (storage is shared by the file's tests): nothing is published yet.
  it("CH-2 shows no release and no targets: no minor has a target", async () => {
    for (const channel of ["RAPID", "REGULAR", "STABLE"]) {
      const res = await api("GET", `/v1/channels/${channel}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ channel, release: null, targets: {} });
    }
  });
});

describe("releases", () => {
  it("PUT publishes a release (201) with defaults; PUT again replaces it (200) and keeps createdAt", async () => {
    const created = await api("PUT", "/v1/releases/2022-R25", { body: r25 });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      name: "2022-R25",
      ...r25,
      versions: [],
      nodeImages: [],
      regions: {},
      // CH-2: no minor's end of life is dated unless the release says so.
      endOfLife: {},
      createdAt: "2026-01-05T00:00:00.000Z",
    });
    await advanceClock(3600);
    const full = {
      ...r25,
      versions: ["1.21.11-gke.1100"],
      nodeImages: [{ version: "cos-1.21.14-gke.4300", regions: ["europe-west1"] }],
      regions: { "1.21.14-gke.4300": ["europe-west1", "us-east1"] },
    };
    const replaced = await api("PUT", "/v1/releases/2022-R25", { body: full });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toEqual({
      name: "2022-R25",
      ...full,
      endOfLife: {},
      createdAt: created.body.createdAt,
    });
    expect((await api("GET", "/v1/releases/2022-R25")).body).toEqual(replaced.body);
  });

  it("VER-4 a target that skips a minor is 422 naming the key, and the stored release is unchanged", async () => {
    const before = await api("GET", "/v1/releases/2022-R25");
    const res = await api("PUT", "/v1/releases/2022-R25", {
      body: { channel: "REGULAR", targets: { ...R25_TARGETS, "1.22": "1.24.5-gke.600" } },
    });
    expectProblem(res, 422, /^VER-4: target 1\.24\.5-gke\.600 for minor 1\.22 .*skips minor 1\.23/);
    expect(res.body.rule).toBe("VER-4");
    expect(res.body.type).toContain("VER-4");
    expect((await api("GET", "/v1/releases/2022-R25")).body).toEqual(before.body);
  });

  it("VER-4 a target changing the major version or skipping several minors is refused", async () => {
    const major = await api("PUT", "/v1/releases/2030-R1", {
      body: { channel: "RAPID", targets: { "1.99": "2.0.0" } },
    });
    expectProblem(major, 422, /minor 1\.99/);
    expect(major.body.rule).toBe("VER-4");
    const far = await api("PUT", "/v1/releases/2030-R1", {
      body: { channel: "RAPID", targets: { "1.20": "1.24.0" } },
    });
    expectProblem(far, 422, /minors 1\.21 to 1\.23/);
    expectProblem(await api("GET", "/v1/releases/2030-R1"), 404);
  });

  it("VER-2 a target below its own minor is refused (it could never be an upgrade)", async () => {
    const res = await api("PUT", "/v1/releases/2030-R2", {
      body: { channel: "STABLE", targets: { "1.22": "1.21.14-gke.4300" } },
    });
    expectProblem(res, 422, /minor 1\.22/);
    expect(res.body.rule).toBe("VER-2");
  });

  it("CH-1 a target may be a patch of its minor or any version of the next minor", async () => {
    const res = await api("PUT", "/v1/releases/2010-R3", {
      body: { channel: "STABLE", targets: { "1.22": "1.22.0", "1.23": "1.24.99-gke.1" } },
    });
    expect(res.status).toBe(201);
  });

  it("VER-1 versions that do not parse canonically are 400 quoting them", async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ targets: { "1.20": "1.21.014" } }, /"1\.21\.014"/],
      [{ targets: { "1.20": "1.21.1234567890123456" } }, /VER-1/],
      [{ targets: {}, versions: ["01.21.1"] }, /"01\.21\.1"/],
      [{ targets: {}, regions: { "1.21.01": ["europe-west1"] } }, /"1\.21\.01"/],
    ];
    for (const [body, detail] of cases) {
      const res = await api("PUT", "/v1/releases/2031-R1", { body: { channel: "RAPID", ...body } });
      expectProblem(res, 400, detail);
      expect(res.body.rule).toBe("VER-1");
    }
    const key = await api("PUT", "/v1/releases/2031-R1", {
      body: { channel: "RAPID", targets: { "01.20": "1.21.1" } },
    });
    expectProblem(key, 400, /"01\.20" is not a minor/);
    expectProblem(await api("GET", "/v1/releases/2031-R1"), 404);
  });

  it("CH-1 a release name must be YYYY-R<N>: other names are 400", async () => {
    for (const name of ["R25", "2022-r25", "2022-R025", "2022-R0"]) {
      const res = await api("PUT", `/v1/releases/${name}`, { body: r25 });
      expectProblem(res, 400, /YYYY-R<N>/);
      expect(res.body.rule).toBe("CH-1");
    }
    expectProblem(await api("PUT", "/v1/releases/bad%20name", { body: r25 }), 400);
    expectProblem(await api("PUT", `/v1/releases/${"9".repeat(70)}`, { body: r25 }), 400);
  });

  it("bad release bodies are 400 with field paths", async () => {
    const cases: [unknown, string][] = [
      [{ ...r25, channel: "EXTENDED" }, "json.channel"],
      [{ ...r25, channel: "regular" }, "json.channel"],
      [{ ...r25, targets: { "1.20.1": "1.21.1" } }, "json.targets.1.20.1"],
      [{ ...r25, targets: { "1.20": "latest" } }, "json.targets.1.20"],
      [{ ...r25, targets: ["1.21.1"] }, "json.targets"],
      [{ ...r25, versions: "1.21.1" }, "json.versions"],
      [{ ...r25, versions: Array.from({ length: 1001 }, (_, i) => `1.21.${i}`) }, "json.versions"],
      [{ ...r25, notes: "hello" }, "json"],
      [{ targets: R25_TARGETS }, "json.channel"],
      [
        { ...r25, nodeImages: [{ version: "cos", regions: ["eu"], extra: 1 }] },
        "json.nodeImages.0",
      ],
    ];
    for (const [body, path] of cases) {
      const res = await api("PUT", "/v1/releases/2032-R1", { body });
      expectProblem(res, 400);
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    expectProblem(await api("PUT", "/v1/releases/2032-R1"), 400);
    expectProblem(await api("GET", "/v1/releases/2032-R1"), 404, /release 2032-R1/);
  });

  it("lists releases across pages", async () => {
    for (const name of ["2019-R1", "2019-R2", "2019-R3"]) {
      await api("PUT", `/v1/releases/${name}`, { body: { channel: "RAPID", targets: {} } });
    }
    const pages = await walkPages("/v1/releases", 2, (r) => r.name);
    const names = pages.flat();
    expect(names).toEqual(expect.arrayContaining(["2019-R1", "2019-R2", "2019-R3", "2022-R25"]));
    expect(new Set(names).size).toBe(names.length);
    expect(pages.slice(0, -1).every((page) => page.length === 2)).toBe(true);
  });
});

describe("channels", () => {
  it("CH-1 seed 000: after 2022-R25 the Regular channel has the release's targets", async () => {
    // 2022-R25 was published in the releases tests above (same storage per file).
    const res = await api("GET", "/v1/channels/REGULAR");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ channel: "REGULAR", release: "2022-R25", targets: R25_TARGETS });
  });

  it("CH-2 a minor with no entry in the channel has no target (1.23 in 2022-R25)", async () => {
    const { body } = await api("GET", "/v1/channels/REGULAR");
    expect(Object.keys(body.targets)).not.toContain("1.23");
  });

  it("CH-1 a later release wins per minor and keeps the minors it does not mention", async () => {
    const r26 = {
      channel: "REGULAR",
      targets: { "1.24": "1.24.6-gke.1500", "1.25": "1.25.3-gke.800" },
    };
    expect((await api("PUT", "/v1/releases/2022-R26", { body: r26 })).status).toBe(201);
    const res = await api("GET", "/v1/channels/REGULAR");
    expect(res.body).toEqual({
      channel: "REGULAR",
      release: "2022-R26",
      targets: { ...R25_TARGETS, "1.24": "1.24.6-gke.1500", "1.25": "1.25.3-gke.800" },
    });
  });

  it("CH-1 release order is by name (2022-R9 < 2022-R10), not by when a release was published", async () => {
    await api("PUT", "/v1/releases/2022-R10", {
      body: { channel: "STABLE", targets: { "1.21": "1.22.0" } },
    });
    await advanceClock(60);
    // Published later, but an earlier release: it does not override 2022-R10.
    await api("PUT", "/v1/releases/2022-R9", {
      body: { channel: "STABLE", targets: { "1.21": "1.21.9", "1.20": "1.21.0" } },
    });
    const res = await api("GET", "/v1/channels/STABLE");
    expect(res.body.release).toBe("2022-R10");
    expect(res.body.targets["1.21"]).toBe("1.22.0");
    expect(res.body.targets["1.20"]).toBe("1.21.0");
  });

  it("CH-1 replacing a release changes the channel; each channel sees only its own releases", async () => {
    await api("PUT", "/v1/releases/2040-R1", {
      body: { channel: "RAPID", targets: { "1.30": "1.31.0" } },
    });
    expect((await api("GET", "/v1/channels/RAPID")).body.targets["1.30"]).toBe("1.31.0");
    expect((await api("GET", "/v1/channels/REGULAR")).body.targets["1.30"]).toBeUndefined();
    // Moved to another channel, the release no longer counts for RAPID.
    await api("PUT", "/v1/releases/2040-R1", {
      body: { channel: "REGULAR", targets: { "1.30": "1.30.5" } },
    });
    expect((await api("GET", "/v1/channels/RAPID")).body.targets["1.30"]).toBeUndefined();
    expect((await api("GET", "/v1/channels/REGULAR")).body).toMatchObject({
      release: "2040-R1",
      targets: { "1.30": "1.30.5" },
    });
  });

  it("CH-1 a refused release leaves the channel's targets as they were", async () => {
    const before = (await api("GET", "/v1/channels/REGULAR")).body;
    const res = await api("PUT", "/v1/releases/2050-R1", {
      body: { channel: "REGULAR", targets: { "1.24": "1.26.0" } },
    });
    expectProblem(res, 422);
    expect((await api("GET", "/v1/channels/REGULAR")).body).toEqual(before);
  });

  it("unknown channel names are 400 (channels are RAPID, REGULAR, STABLE)", async () => {
    expectProblem(await api("GET", "/v1/channels/EXTENDED"), 400);
    expectProblem(await api("GET", "/v1/channels/regular"), 400);
  });
});

describe("release authorization", () => {
  it("every token reads releases and channels; only admins publish", async () => {
    expect((await api("GET", "/v1/releases/2022-R25", { token: viewer })).status).toBe(200);
    expect((await api("GET", "/v1/releases", { token: viewer })).status).toBe(200);
    expect((await api("GET", "/v1/channels/REGULAR", { token: viewer })).status).toBe(200);
    const operator = await tokenFor("release-operator", "operator");
    for (const token of [viewer, operator]) {
      expectProblem(await api("PUT", "/v1/releases/2060-R1", { token, body: r25 }), 403);
    }
    expectProblem(await api("GET", "/v1/channels/REGULAR", { token: null }), 401);
    expectProblem(await api("GET", "/v1/releases/2060-R1"), 404);
  });

  it("the OpenAPI document describes the release and channel endpoints", async () => {
    const { paths } = (await api("GET", "/openapi.json", { token: null })).body;
    expect(Object.keys(paths["/v1/releases/{release}"]).sort()).toEqual(["get", "put"]);
    expect(paths["/v1/releases"].get).toBeDefined();
    expect(paths["/v1/channels/{channel}"].get).toBeDefined();
  });
});

describe("the release catalogue", () => {
  // Last in the file: it publishes a release that would otherwise become a channel's latest.
  it("VER-6 a version a release lists becomes installable; before that the upgrade is refused", async () => {
    await api("PUT", "/v1/fleets/cat-fleet");
    const cluster = {
      fleet: "cat-fleet",
      role: "standalone",
      region: "europe-west1",
      releaseChannel: "RAPID",
      version: "1.26.1",
    };
    expect((await api("PUT", "/v1/clusters/cat-1", { body: cluster })).status).toBe(201);
    const upgrade = { ...cluster, version: "1.26.3" };
    const refused = await api("PUT", "/v1/clusters/cat-1", { body: upgrade });
    expectProblem(refused, 422);
    expect(refused.body.rule).toBe("VER-6");

    const release = { channel: "RAPID", targets: {}, versions: ["1.26.3"] };
    expect((await api("PUT", "/v1/releases/2070-R1", { body: release })).status).toBe(201);
    expect((await api("PUT", "/v1/clusters/cat-1", { body: upgrade })).status).toBe(200);
  });
});
