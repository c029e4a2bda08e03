import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import { advance, rollout, sequencedCluster, upgradeOf, useRolloutFixtures } from "./helpers.ts";

useRolloutFixtures(["pooldel"]);

const R21 = "1.21.14-gke.4300";

function nodeState(status: Awaited<ReturnType<typeof rollout>>, cluster: string) {
  return upgradeOf(status, "NODE", R21)?.clusters.find((c) => c.cluster === cluster);
}

describe("rollout sequencing when what it upgrades goes away", () => {
  it("SEQ-6 a node pool deleted during its group's node phase ends that cluster's node upgrade (with the reason) instead of holding the phase", async () => {
    await sequencedCluster("pd-1", "pooldel", "1.21.11-gke.1100");
    const put = await api("PUT", "/v1/fleets/pooldel/rollout", {
      body: { defaultSoakSeconds: 0 },
    });
    expect(put.status).toBe(201);
    let state: string | undefined;
    for (let i = 0; i < 120 && state !== "IN_PROGRESS"; i++) {
      await advance(60, 60);
      state = nodeState(await rollout("/v1/fleets/pooldel"), "pd-1")?.state;
    }
    expect(state).toBe("IN_PROGRESS");
    expect((await api("DELETE", "/v1/clusters/pd-1/node-pools/p")).status).toBe(204);
    await advance(3600, 600);
    const after = nodeState(await rollout("/v1/fleets/pooldel"), "pd-1");
    expect(after?.state).not.toBe("IN_PROGRESS");
    expect(after?.reason ?? "").toMatch(/node pool deleted/);
  });
});
