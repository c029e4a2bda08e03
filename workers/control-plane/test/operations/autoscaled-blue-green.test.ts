import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import { clusterWithPool, useNodePoolFixtures } from "./helpers.ts";

useNodePoolFixtures();

describe("node-pool upgrades through the API: autoscaled blue-green (NUP-10)", () => {
  it("NUP-10 autoscaled blue-green refuses rollback and needs control plane ≥ 1.34.0-gke.2201000", async () => {
    const abg = {
      nodeCount: 1,
      zones: ["europe-west1-b"],
      autoscaling: { enabled: true, minNodes: 0, maxNodes: 3 },
      upgradeStrategy: { type: "AUTOSCALED_BLUE_GREEN" },
    };
    await clusterWithPool("u-abg-old", abg);
    const refused = await api("POST", "/v1/clusters/u-abg-old/node-pools/p/upgrade", { body: {} });
    expect(refused.status).toBe(422);
    expect(refused.body.rule).toBe("NUP-10");
  });
});
