import { describe, expect, it } from "vitest";
import { evaluateCluster } from "../../src/index.ts";
import { input, node, pod, pods, pool, T0 } from "./fixtures.ts";

describe("scale up", () => {
  it("CA-3 pending pods that fit no node are bin-packed onto new nodes of the pool, requested together", () => {
    const d = evaluateCluster(
      input({
        pools: [pool("web")],
        nodes: [node("web-1", "web")],
        pods: [pod("a", 3000, 1024, { node: "web-1" }), ...pods("p", 3, 3000)],
      }),
      T0,
    );
    expect(d.actions).toHaveLength(1);
    const up = d.actions[0];
    expect(up?.type).toBe("SCALE_UP");
    expect(up?.delta).toBe(3);
    expect(d.records.find((r) => r.action === "SCALE_UP")?.reason).toMatch(
      /3 pods of 3 CPU pending; pool web chosen/,
    );
  });
});
