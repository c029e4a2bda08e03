import { describe, expect, it } from "vitest";
import { MachineTypeInput } from "./machine-types.ts";
import { Node } from "./nodes.ts";
import { ListQuery, page } from "./page.ts";
import { Channel, ReleaseInput } from "./releases.ts";
import { ReservationInput } from "./reservations.ts";
import { TokenInput } from "./tokens.ts";
import { ZoneInput } from "./zones.ts";

describe("catalog inputs", () => {
  it("machine types: sizes positive, prices not negative, gpus default 0", () => {
    const type = { cpuMillis: 4000, memoryMiB: 16_384, pricePerHour: 0.134 };
    expect(MachineTypeInput.parse(type)).toEqual({ ...type, gpus: 0 });
    expect(MachineTypeInput.safeParse({ ...type, pricePerHour: -1 }).success).toBe(false);
    expect(MachineTypeInput.safeParse({ ...type, spotPricePerHour: 0 }).success).toBe(true);
    expect(MachineTypeInput.safeParse({ ...type, cpuMillis: 0 }).success).toBe(false);
    expect(MachineTypeInput.safeParse({ ...type, price: 1 }).success).toBe(false);
  });

  it("CA-15 machine types: gpuType names the model of the GPUs (a DNS label) and needs gpus", () => {
    const g2 = { cpuMillis: 24_000, memoryMiB: 98_304, gpus: 2, pricePerHour: 2 };
    expect(MachineTypeInput.parse({ ...g2, gpuType: "nvidia-l4" }).gpuType).toBe("nvidia-l4");
    expect(MachineTypeInput.parse(g2).gpuType).toBeUndefined();
    expect(MachineTypeInput.safeParse({ ...g2, gpuType: "NVIDIA L4" }).success).toBe(false);
    const none = MachineTypeInput.safeParse({ ...g2, gpus: 0, gpuType: "nvidia-l4" });
    expect(none.error?.issues[0]?.message).toMatch(/^CA-15: /);
  });

  it("zones: region and optional quotas, nothing else", () => {
    expect(ZoneInput.parse({ region: "europe-west1", quota: { nodes: 100 } })).toEqual({
      region: "europe-west1",
      quota: { nodes: 100 },
    });
    expect(ZoneInput.safeParse({ region: "europe-west1", quota: { gpus: 1 } }).success).toBe(false);
    expect(ZoneInput.safeParse({ region: "europe-west1", quota: { nodes: -1 } }).success).toBe(
      false,
    );
  });

  it("reservations: a zone, a machine type and a positive count", () => {
    const reservation = { zone: "europe-west1-b", machineType: "e2-standard-4", count: 3 };
    expect(ReservationInput.parse(reservation)).toEqual(reservation);
    expect(ReservationInput.safeParse({ ...reservation, count: 0 }).success).toBe(false);
  });
});

describe("releases", () => {
  it("CH-1 targets are keyed by minor and point at versions", () => {
    const release = {
      channel: "REGULAR",
      targets: { "1.20": "1.21.14-gke.4300", "1.22": "1.23.8-gke.1900" },
    };
    expect(ReleaseInput.parse(release)).toEqual({
      ...release,
      versions: [],
      nodeImages: [],
      regions: {},
      endOfLife: {},
    });
    expect(
      ReleaseInput.safeParse({ ...release, targets: { "1.20.1": "1.21.14-gke.4300" } }).success,
    ).toBe(false);
    expect(ReleaseInput.safeParse({ ...release, targets: { "1.20": "latest" } }).success).toBe(
      false,
    );
    expect(ReleaseInput.safeParse({ ...release, channel: "EXTENDED" }).success).toBe(false);
  });

  it("CH-2 a release dates each minor's end of life (RFC 3339, keyed by minor)", () => {
    const release = { channel: "REGULAR", targets: {} };
    const dated = { ...release, endOfLife: { "1.23": "2023-07-31T00:00:00Z" } };
    expect(ReleaseInput.parse(dated).endOfLife).toEqual({ "1.23": "2023-07-31T00:00:00Z" });
    expect(ReleaseInput.safeParse({ ...release, endOfLife: { "1.23": "soon" } }).success).toBe(
      false,
    );
    expect(
      ReleaseInput.safeParse({ ...release, endOfLife: { "1.23.4": "2023-07-31T00:00:00Z" } })
        .success,
    ).toBe(false);
  });

  it("CH-3 node images and versions carry their regions", () => {
    const release = {
      channel: "RAPID",
      targets: {},
      nodeImages: [{ version: "cos-1.21.14-gke.4300", regions: ["europe-west1"] }],
      regions: { "1.21.14-gke.4300": ["europe-west1", "us-east1"] },
    };
    expect(ReleaseInput.safeParse(release).success).toBe(true);
    expect(
      ReleaseInput.safeParse({ ...release, regions: { "1.21": ["europe-west1"] } }).success,
    ).toBe(false);
  });

  it("a channel answer may have no release yet", () => {
    expect(Channel.safeParse({ channel: "STABLE", release: null, targets: {} }).success).toBe(true);
  });
});

describe("tokens", () => {
  it("roles are admin, operator and viewer; scope grants are fleet/scope", () => {
    expect(TokenInput.parse({ name: "ci", role: "operator" })).toEqual({
      name: "ci",
      role: "operator",
    });
    expect(TokenInput.safeParse({ name: "ci", role: "owner" }).success).toBe(false);
    const grant = (scopes: string[]) =>
      TokenInput.safeParse({ name: "ci", role: "viewer", scopes });
    expect(grant(["prod/payments"]).success).toBe(true);
    expect(grant(["payments"]).success).toBe(false);
    expect(TokenInput.safeParse({ name: "ci", role: "viewer", secret: "x" }).success).toBe(false);
  });
});

describe("lists", () => {
  it("limit comes from the query string, 1..500, 50 by default", () => {
    expect(ListQuery.parse({})).toEqual({ limit: 50 });
    expect(ListQuery.parse({ limit: "20", cursor: "abc" })).toEqual({ limit: 20, cursor: "abc" });
    for (const limit of ["0", "501", "2.5", "ten"]) {
      expect(ListQuery.safeParse({ limit }).success).toBe(false);
    }
  });

  it("a page is items plus a nullable next cursor", () => {
    const NodeList = page(Node);
    const node = {
      name: "c1-default-europe-west1-b-0000",
      pool: "default",
      zone: "europe-west1-b",
      version: "1.21.14-gke.4300",
      nodeImage: "cos-1.21",
      state: "CORDONED",
      color: "BLUE",
    };
    expect(NodeList.safeParse({ items: [node], nextCursor: null }).success).toBe(true);
    expect(
      NodeList.safeParse({ items: [{ ...node, state: "GONE" }], nextCursor: null }).success,
    ).toBe(false);
    expect(NodeList.safeParse({ items: [] }).success).toBe(false);
  });
});
