import { describe, expect, it } from "vitest";
import {
  HOST_MACHINES,
  type HostedEnd,
  type HostMachines,
  type JobEnd,
  SimFleet,
} from "../../src/hosting/index.ts";
import { T0 } from "../lifecycle/driver.ts";
import { request, userCluster } from "../lifecycle/fixtures.ts";

/**
 * The hosting core (issue 28: one core the planner and the benchmarks run): a cluster
 * upgrade with two worker pools, each through its own strategy, to its end; a caller's
 * machines are the ones run, and the observer hears each operation end once, the pools
 * before the cluster upgrade that waited for them.
 */
describe("the hosting core", () => {
  it("LIFE-3 runs the machines it is given and tells each operation's end once, pools first", () => {
    const calls: Record<keyof HostMachines, number> = {
      startClusterUpgrade: 0,
      decideClusterUpgradeAll: 0,
      startNodePoolUpgrade: 0,
      decideAll: 0,
      simSubmit: 0,
      simAdvance: 0,
      simNextEventAt: 0,
    };
    const counted = Object.fromEntries(
      Object.entries(HOST_MACHINES).map(([name, machine]) => [
        name,
        (...args: unknown[]) => {
          calls[name as keyof HostMachines] += 1;
          return (machine as (...a: unknown[]) => unknown)(...args);
        },
      ]),
    ) as unknown as HostMachines;
    const ends: HostedEnd[] = [];
    const fleet = new SimFleet({ seed: 3 }, T0, {
      machines: counted,
      observer: { ended: (end) => ends.push(end) },
    });
    const { operationId: _, ...upgrade } = request(userCluster({ workerPools: "STRATEGY" }));
    expect(fleet.startCluster("member-1", upgrade, undefined, T0)).toBeUndefined();

    const jobs: JobEnd[] = [];
    for (let at = fleet.nextAt(); at !== undefined && jobs.length === 0; at = fleet.nextAt()) {
      jobs.push(...fleet.advance(at));
    }
    expect(jobs).toEqual([{ job: "member-1", succeeded: true, at: expect.any(Number) }]);
    expect(ends.map((end) => (end.kind === "pool" ? end.op.header.pool : end.kind))).toEqual([
      expect.stringMatching(/^np-/),
      expect.stringMatching(/^np-/),
      "cluster",
    ]);
    const cluster = ends[2]!;
    expect(cluster.endedAt).toBe(jobs[0]!.at);
    expect(cluster.startedAt).toBe(T0);
    for (const end of ends.slice(0, 2)) {
      expect(end.startedAt).toBeGreaterThan(T0);
      expect(end.endedAt).toBeLessThanOrEqual(cluster.endedAt);
    }
    expect(calls.startClusterUpgrade).toBe(1);
    expect(calls.startNodePoolUpgrade).toBe(2);
    for (const name of ["decideClusterUpgradeAll", "decideAll", "simSubmit", "simAdvance"] as const)
      expect(calls[name], name).toBeGreaterThan(0);
    // Nothing is left to wake for once everything ended.
    expect(fleet.nextAt()).toBeUndefined();
    expect(fleet.running).toBe(0);
  });
});
