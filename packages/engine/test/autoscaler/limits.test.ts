import { describe, expect, it } from "vitest";
import { evaluateCluster, poolBounds, validateAutoscaling } from "../../src/index.ts";
import { CURRENT, input, node, pods, pool, T0, ZONES } from "./fixtures.ts";

describe("limits", () => {
  it("CA-1 seed example: 3 zones of 1..4 nodes bound the pool to 3..12; with one zone down 2..8", () => {
    const p = pool("web", { autoscaling: { enabled: true, minNodes: 1, maxNodes: 4 } });
    expect(poolBounds(p)).toMatchObject({ min: 3, max: 12 });
    expect(poolBounds(p, ["us-central1-f", ZONES[2] as string])).toMatchObject({ min: 2, max: 8 });
  });

  it("CA-1 seed example: totalMinNodes 3 / totalMaxNodes 12 bound the pool whatever the spread, zone down or not", () => {
    const p = pool("web", { autoscaling: { enabled: true, totalMinNodes: 3, totalMaxNodes: 12 } });
    expect(poolBounds(p)).toEqual({ min: 3, max: 12 });
    expect(poolBounds(p, [ZONES[2] as string])).toEqual({ min: 3, max: 12 });
  });

  it("CA-1 per-zone and total limits together, negative or min above max are refused", () => {
    const base = { machineType: "e2-standard-4", zones: ZONES };
    const both = validateAutoscaling(
      {
        ...base,
        autoscaling: { enabled: true, minNodes: 1, totalMaxNodes: 4 },
      },
      CURRENT,
    );
    expect(both).toMatchObject({ ok: false, error: { rule: "CA-1", kind: "refused" } });
    expect(
      validateAutoscaling(
        { ...base, autoscaling: { enabled: true, minNodes: 5, maxNodes: 4 } },
        CURRENT,
      ),
    ).toMatchObject({ ok: false, error: { rule: "CA-1" } });
    expect(
      validateAutoscaling({ ...base, autoscaling: { enabled: true, totalMinNodes: -1 } }, CURRENT),
    ).toMatchObject({ ok: false, error: { rule: "CA-1" } });
    expect(
      validateAutoscaling(
        { ...base, autoscaling: { enabled: true, minNodes: 1, maxNodes: 4 } },
        CURRENT,
      ),
    ).toEqual({ ok: true, value: true });
  });

  it("CA-1 a pool at its per-zone maximum in every zone gets no node; the record says why", () => {
    const p = pool("web", { autoscaling: { enabled: true, minNodes: 1, maxNodes: 1 } });
    const nodes = ZONES.map((z, i) => node(`web-${i}`, "web", z));
    const d = evaluateCluster(input({ pools: [p], nodes, pods: pods("p", 20, 3500) }), T0);
    expect(d.actions.filter((a) => a.type === "SCALE_UP")).toEqual([]);
    expect(d.records.find((r) => r.pool === "web" && r.blockedBy === "CA-1")?.reason).toMatch(
      /at its maximum of 3 nodes/,
    );
  });

  it("CA-1 with a zone down nothing is added there and its limits drop out", () => {
    const p = pool("web", { autoscaling: { enabled: true, minNodes: 1, maxNodes: 4 } });
    const d = evaluateCluster(
      input({
        pools: [p],
        pods: pods("p", 12, 3500),
        cluster: { zonesDown: [ZONES[2] as string] },
      }),
      T0,
    );
    const up = d.actions.find((a) => a.type === "SCALE_UP");
    expect(up?.type === "SCALE_UP" && up.zones).toEqual({ "us-central1-a": 4, "us-central1-b": 4 });
  });

  it("CA-16 a pool maximum past 15,000 nodes is refused", () => {
    expect(
      validateAutoscaling(
        {
          machineType: "e2-standard-4",
          zones: ZONES,
          autoscaling: { enabled: true, maxNodes: 5001 },
        },
        CURRENT,
      ),
    ).toMatchObject({ ok: false, error: { rule: "CA-16", kind: "refused" } });
    expect(
      validateAutoscaling(
        {
          machineType: "e2-standard-4",
          zones: ZONES,
          autoscaling: { enabled: true, totalMaxNodes: 15000 },
        },
        CURRENT,
      ),
    ).toMatchObject({ ok: true });
  });

  it("CA-16 a lower cluster cap is honoured too, and a higher one is clamped to 15,000", () => {
    const d = evaluateCluster(
      input({
        pools: [pool("web")],
        nodes: [node("w", "web", undefined, { state: "CORDONED" })],
        pods: pods("p", 10, 3500),
        cluster: { maxNodes: 4 },
      }),
      T0,
    );
    expect(d.actions[0]?.delta).toBe(3);
  });

  it("CA-16 the autoscaler never plans past the cluster cap of 15,000 nodes", () => {
    const p = pool("big", { autoscaling: { enabled: true, totalMaxNodes: 15000 } });
    const nodes = Array.from({ length: 14_998 }, (_, i) =>
      node(`n-${String(i).padStart(5, "0")}`, "big", ZONES[i % 3], { state: "CORDONED" }),
    );
    const d = evaluateCluster(input({ pools: [p], nodes, pods: pods("p", 10, 3500) }), T0);
    const up = d.actions.find((a) => a.type === "SCALE_UP");
    expect(up?.delta).toBe(2);
    const capped = evaluateCluster(
      input({
        pools: [p],
        nodes: [
          ...nodes,
          node("x1", "big", undefined, { state: "CORDONED" }),
          node("x2", "big", undefined, { state: "CORDONED" }),
        ],
        pods: pods("p", 10, 3500),
      }),
      T0,
    );
    expect(capped.actions.filter((a) => a.type === "SCALE_UP")).toEqual([]);
    expect(capped.records.find((r) => r.blockedBy === "CA-16")?.reason).toMatch(
      /cap of 15000 nodes/,
    );
  });
});
