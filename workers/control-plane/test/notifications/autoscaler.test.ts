import { describe, expect, it } from "vitest";
import { clusterWithPools, decisions, pods, useAutoscalerFixtures } from "../autoscaler/helpers.ts";
import { api } from "../helpers.ts";
import {
  eventually,
  expectOfficialCloudEvent,
  installReceiver,
  RECEIVER,
  receivedAt,
} from "./receiver.ts";

useAutoscalerFixtures();
installReceiver();

describe("notifications: autoscaler", () => {
  it("notifications: a pool refused for quota sends autoscaler.backoff once when it enters backoff, not on every pass that finds it backing off", async () => {
    const sub = await api("PUT", "/v1/notifications/scaling", {
      body: {
        url: `${RECEIVER}/scaling`,
        secret: "a-subscriber-secret-0123",
        events: ["autoscaler.*"],
        fleets: ["prod"],
      },
    });
    expect(sub.status, JSON.stringify(sub.body)).toBe(201);
    await clusterWithPools("nb-a", {
      spot: {
        zones: ["europe-west1-b"],
        nodeCount: 0,
        spot: true,
        autoscaling: { enabled: true, minNodes: 0, maxNodes: 10 },
      },
    });
    const fault = await api("PUT", "/v1/sim/faults/nb-a-spot", {
      body: { match: { cluster: "nb-a", pool: "spot" }, effect: "QUOTA_EXCEEDED" },
    });
    expect(fault.status).toBeLessThan(300);
    const put = await api("PUT", "/v1/clusters/nb-a/workloads", {
      body: { pods: pods("w", 2, 3000) },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    // Passes every 10 s while the pool backs off for 5 minutes.
    for (let i = 0; i < 6; i++) {
      expect((await api("POST", "/v1/sim/advance", { body: { seconds: 30 } })).status).toBe(200);
    }
    const backoffs = (await decisions("nb-a", "spot")).filter((d) => d.action === "BACKOFF");
    expect(backoffs.length).toBeGreaterThan(1);
    // The barrier instead of a wall-clock wait: a second pool of the same fleet enters
    // backoff after those passes, and the fleet's events reach the queue in order, so once
    // its event is in, any second event of nb-a's would have been delivered before it.
    await clusterWithPools("nb-b", {
      spot: {
        zones: ["europe-west1-b"],
        nodeCount: 0,
        spot: true,
        autoscaling: { enabled: true, minNodes: 0, maxNodes: 10 },
      },
    });
    await api("PUT", "/v1/sim/faults/nb-b-spot", {
      body: { match: { cluster: "nb-b", pool: "spot" }, effect: "QUOTA_EXCEEDED" },
    });
    await api("PUT", "/v1/clusters/nb-b/workloads", { body: { pods: pods("w", 2, 3000) } });
    await eventually(async () => {
      if (receivedAt("/scaling").some((r) => r.event.subject === "clusters/nb-b/node-pools/spot"))
        return true;
      await api("POST", "/v1/sim/advance", { body: { seconds: 10 } });
      return undefined;
    });
    const received = receivedAt("/scaling").filter(
      (r) => r.event.subject === "clusters/nb-a/node-pools/spot",
    );
    expect(received).toHaveLength(1);
    expect(received[0]!.event).toMatchObject({
      type: "dev.regatta.autoscaler.backoff",
      subject: "clusters/nb-a/node-pools/spot",
      data: { fleet: "prod", cluster: "nb-a", pool: "spot", blockedBy: "CA-4" },
    });
    expect(received[0]!.event.data.reason).toMatch(/quota/);
    // A CloudEvent the official SDK parses and validates.
    expectOfficialCloudEvent(received[0]!);
    await api("DELETE", "/v1/sim/faults/nb-a-spot");
    await api("DELETE", "/v1/sim/faults/nb-b-spot");
  });
});
