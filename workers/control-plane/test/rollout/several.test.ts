import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import { advance, rollout, sequencedCluster, upgradeOf, useRolloutFixtures } from "./helpers.ts";

useRolloutFixtures(["s12a", "s12b"]);

const put = (fleet: string, body: unknown) => api("PUT", `/v1/fleets/${fleet}/rollout`, { body });
const release = (name: string, target: string) =>
  api("PUT", `/v1/releases/${name}`, {
    body: { channel: "REGULAR", targets: { "1.24": target }, versions: ["1.24.3-gke.100"] },
  });

describe("SEQ-12 several upgrades in flight", () => {
  it("SEQ-12 the upstream starts a newer target (a later release) while the downstream still rolls the previous one", async () => {
    expect((await release("2022-R30", "1.24.5-gke.600")).status).toBe(201);
    await sequencedCluster("s12a-1", "s12a", "1.24.3-gke.100");
    await sequencedCluster("s12b-1", "s12b", "1.24.3-gke.100");
    expect((await put("s12a", { defaultSoakSeconds: 3 * 3600 })).status).toBe(201);
    expect((await put("s12b", { upstreamFleet: "s12a", defaultSoakSeconds: 0 })).status).toBe(201);
    // s12a soaks 3 hours; then s12b starts 1.24.5-gke.600.
    let downstream = upgradeOf(await rollout("/v1/fleets/s12b"), "CONTROL_PLANE", "1.24.5-gke.600");
    for (let step = 0; step < 60 && downstream?.state !== "IN_PROGRESS"; step++) {
      await advance(1200, 1200);
      downstream = upgradeOf(await rollout("/v1/fleets/s12b"), "CONTROL_PLANE", "1.24.5-gke.600");
    }
    expect(downstream?.state).toBe("IN_PROGRESS");
    // A later release: the upstream starts the newer target at once (the release wakes it).
    expect((await release("2022-R31", "1.24.6-gke.100")).status).toBe(201);
    const upstream = upgradeOf(await rollout("/v1/fleets/s12a"), "CONTROL_PLANE", "1.24.6-gke.100");
    expect(upstream?.state).toBe("IN_PROGRESS");
    expect(
      upgradeOf(await rollout("/v1/fleets/s12b"), "CONTROL_PLANE", "1.24.5-gke.600")?.state,
    ).toBe("IN_PROGRESS");
    // Once the upstream's word that it started 1.24.6 arrived, the downstream's next
    // target waits for the upstream to qualify it.
    await advance(0);
    const next = upgradeOf(await rollout("/v1/fleets/s12b"), "CONTROL_PLANE", "1.24.6-gke.100");
    expect(next).toMatchObject({
      state: "PENDING",
      reason:
        "SEQ-5: waiting for upstream s12a to qualify 1.24.6-gke.100 and finish its control-plane soak",
    });
  }, 120_000);
});
