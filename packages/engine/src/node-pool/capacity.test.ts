import { describe, expect, it } from "vitest";
import { markReserved, zoneRoom } from "./capacity.ts";

const NONE = { nodes: null, cpuMillis: null, ips: null, reservedNodes: 0 };

describe("zone room for more nodes", () => {
  it("NUP-8 no quota at all: the zone is not limited", () => {
    expect(zoneRoom(NONE, { nodes: 50, cpuMillis: 200_000 }, 4_000)).toBeUndefined();
  });

  it("NUP-8 node quota plus reservations, minus the nodes running", () => {
    expect(
      zoneRoom({ ...NONE, nodes: 10, reservedNodes: 2 }, { nodes: 9, cpuMillis: 0 }, 4_000),
    ).toEqual({ nodes: 3, limitedBy: "NODES" });
  });

  it("NUP-8 CPU quota counts in the machine type's size, rounded down", () => {
    const quota = { ...NONE, nodes: 100, cpuMillis: 30_000 };
    expect(zoneRoom(quota, { nodes: 2, cpuMillis: 8_000 }, 4_000)).toEqual({
      nodes: 5,
      limitedBy: "CPU",
    });
    // Without the machine type's size the CPU quota cannot be applied.
    expect(zoneRoom(quota, { nodes: 2, cpuMillis: 8_000 }, undefined)).toEqual({
      nodes: 98,
      limitedBy: "NODES",
    });
  });

  it("NUP-8 one IP address per node; the tightest quota wins and room is never negative", () => {
    expect(
      zoneRoom(
        { nodes: 20, cpuMillis: 400_000, ips: 6, reservedNodes: 0 },
        { nodes: 5, cpuMillis: 20_000 },
        4_000,
      ),
    ).toEqual({ nodes: 1, limitedBy: "IPS" });
    expect(zoneRoom({ ...NONE, ips: 3 }, { nodes: 5, cpuMillis: 0 }, 4_000)).toEqual({
      nodes: 0,
      limitedBy: "IPS",
    });
  });
});

describe("reserved nodes", () => {
  it("NUP-4 the first nodes of each zone up to its reserved count run on the reservation", () => {
    const node = (name: string, zone: string) => ({ name, zone });
    const marked = markReserved(
      [node("b-1", "b"), node("a-2", "a"), node("a-1", "a"), node("b-0", "b")],
      { a: 1, b: 5 },
    );
    expect(marked.filter((n) => "reserved" in n).map((n) => n.name)).toEqual(["b-1", "a-1", "b-0"]);
  });
});
