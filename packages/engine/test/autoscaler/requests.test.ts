import { describe, expect, it } from "vitest";
import { effectiveRequests, evaluateCluster } from "../../src/index.ts";
import { input, node, pod, pods, pool, T0 } from "./fixtures.ts";

describe("requests", () => {
  it("CA-2 a pod's request is max(largest init container, sum of containers) per resource", () => {
    expect(
      effectiveRequests({
        containers: [
          { cpuMillis: 100, memoryMiB: 64 },
          { cpuMillis: 200, memoryMiB: 64 },
        ],
        initContainers: [
          { cpuMillis: 500, memoryMiB: 32 },
          { cpuMillis: 50, memoryMiB: 100 },
        ],
      }),
    ).toEqual({ cpuMillis: 500, memoryMiB: 128, accelerators: 0 });
  });

  it("CA-2 decisions use requests, not usage: an init container larger than the node asks for a bigger pool", () => {
    const small = pool("small", {
      machine: {
        machineType: "e2-standard-2",
        cpuMillis: 2000,
        memoryMiB: 8192,
        pricePerHour: 0.5,
      },
    });
    const big = pool("big");
    const d = evaluateCluster(
      input({
        pools: [small, big],
        pods: [
          pod("init-heavy", 500, 256, { initContainers: [{ cpuMillis: 3000, memoryMiB: 256 }] }),
        ],
      }),
      T0,
    );
    expect(d.actions.map((a) => a.pool)).toEqual(["big"]);
  });

  it("CA-2 DaemonSet pods reduce what a new node can hold", () => {
    const p = pool("web");
    const ds = pod("ds-web-1", 1000, 512, {
      daemonSet: true,
      controller: "DaemonSet",
      node: "web-1",
    });
    const busy = pod("busy", 2900, 512, { node: "web-1" });
    // 4 pods of 1.6 CPU: 2 per 4-CPU node without the DaemonSet, 1 per node with 1 CPU taken by it.
    const d = evaluateCluster(
      input({ pools: [p], nodes: [node("web-1", "web")], pods: [ds, busy, ...pods("p", 4, 1600)] }),
      T0,
    );
    expect(d.actions[0]?.delta).toBe(4);
    const without = evaluateCluster(
      input({ pools: [p], nodes: [node("web-1", "web")], pods: [busy, ...pods("p", 4, 1600)] }),
      T0,
    );
    expect(without.actions[0]?.delta).toBe(2);
  });
});
