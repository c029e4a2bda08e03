import { describe, expect, it } from "vitest";
import { evaluateCluster } from "../../src/index.ts";
import { input, MIN, pods, pool, T0, ZONES } from "./fixtures.ts";
import { apply, podsPerPool, sizes } from "./world.ts";

const [A, B, C] = ZONES as [string, string, string];

describe("the seed's stories", () => {
  it("CA-9 seed: ten pods, spot unavailable then back — 10 on demand, 2 removed, 2 spot added, 8 stay on demand", () => {
    const machine = {
      machineType: "e2-standard-4",
      cpuMillis: 4000,
      memoryMiB: 16384,
      pricePerHour: 1,
      spotPricePerHour: 0.3,
    };
    const onDemand = pool("on-demand", {
      machine,
      autoscaling: { enabled: true, totalMinNodes: 0, totalMaxNodes: 20 },
    });
    const spotGone = pool("spot", {
      machine,
      spot: true,
      autoscaling: { enabled: true, totalMinNodes: 0, totalMaxNodes: 20 },
      zoneCapacity: { [A]: 0, [B]: 0, [C]: 0 },
    });
    const ten = pods("app", 10, 3000);
    // 1. Ten pods start on on-demand VMs: spot is not available.
    let world = input({ pools: [onDemand, spotGone], pods: ten });
    let d = evaluateCluster(world, T0);
    expect(d.actions).toMatchObject([{ type: "SCALE_UP", pool: "on-demand", delta: 10 }]);
    world = apply(world, d);
    expect(podsPerPool(world)).toEqual({ "on-demand": 10 });
    // 2. Two pods are not needed: the autoscaler removes the extra on-demand VMs.
    world = { ...world, pods: world.pods.slice(0, 8) };
    let now = T0 + 11 * MIN;
    d = evaluateCluster(world, now);
    expect(d.actions).toEqual([]);
    now += 10 * MIN;
    d = evaluateCluster({ ...world, state: d.state }, now);
    expect(d.actions).toMatchObject([{ type: "SCALE_DOWN", pool: "on-demand", delta: -2 }]);
    world = apply(world, d);
    expect(sizes(world)).toEqual({ "on-demand": 8 });
    // 3. Ten pods again, spot is back: spot VMs are added (cheaper) for the two new pods.
    const spotBack = { ...spotGone, zoneCapacity: {} };
    world = { ...world, pools: [onDemand, spotBack], pods: [...world.pods, ...ten.slice(8)] };
    now += MIN;
    d = evaluateCluster(world, now);
    expect(d.actions).toMatchObject([{ type: "SCALE_UP", pool: "spot", delta: 2 }]);
    world = apply(world, d);
    expect(podsPerPool(world)).toEqual({ "on-demand": 8, spot: 2 });
  });

  it("CA-1 seed: 3 zones of 1..4 nodes — scale up stops at 12, with a zone down at 8", () => {
    const p = pool("web", { autoscaling: { enabled: true, minNodes: 1, maxNodes: 4 } });
    const world = input({ pools: [p], pods: pods("p", 30, 3500) });
    const up = evaluateCluster(world, T0);
    expect(up.actions).toMatchObject([
      { type: "SCALE_UP", delta: 12, zones: { [A]: 4, [B]: 4, [C]: 4 } },
    ]);
    const down = evaluateCluster({ ...world, cluster: { ...world.cluster, zonesDown: [C] } }, T0);
    expect(down.actions).toMatchObject([{ type: "SCALE_UP", delta: 8, zones: { [A]: 4, [B]: 4 } }]);
  });
});
