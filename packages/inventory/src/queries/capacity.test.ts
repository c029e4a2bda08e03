import { describe, expect, it } from "vitest";
import { roomInZones, type ZoneNodeCapacity } from "./capacity.ts";

const unlimited: ZoneNodeCapacity = {
  quotaNodes: null,
  quotaCpuMillis: null,
  quotaIps: null,
  reservedNodes: 0,
  usedNodes: 0,
  usedCpuMillis: 0,
};

describe("roomInZones", () => {
  it("NUP-8 each of the pool's zones with a quota has room for what its tightest quota leaves", () => {
    const capacity: Record<string, ZoneNodeCapacity> = {
      a: { ...unlimited, quotaNodes: 10, reservedNodes: 2, usedNodes: 9 },
      b: { ...unlimited, quotaCpuMillis: 16_000, usedCpuMillis: 8_000 },
      other: { ...unlimited, quotaNodes: 1 },
    };
    expect(roomInZones(capacity, ["a", "b"], 4_000)).toEqual({
      a: { nodes: 3, limitedBy: "NODES" },
      b: { nodes: 2, limitedBy: "CPU" },
    });
  });

  it("CA-9 a zone without a quota, or not in the inventory, is absent: unlimited", () => {
    expect(roomInZones({ a: unlimited }, ["a", "missing"], 4_000)).toEqual({});
  });

  it("NUP-6 a full zone has no room, never less; an unknown machine type skips the CPU quota", () => {
    const capacity = {
      a: { ...unlimited, quotaIps: 3, usedNodes: 5 },
      b: { ...unlimited, quotaCpuMillis: 1_000 },
    };
    expect(roomInZones(capacity, ["a", "b"], undefined)).toEqual({
      a: { nodes: 0, limitedBy: "IPS" },
    });
  });
});
