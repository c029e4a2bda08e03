import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import {
  advance,
  DAY,
  rollout,
  sequencedCluster,
  upgradeOf,
  useRolloutFixtures,
} from "../rollout/helpers.ts";
import {
  eventually,
  expectOfficialCloudEvent,
  installReceiver,
  RECEIVER,
  receivedAt,
} from "./receiver.ts";

useRolloutFixtures(["canary"]);
installReceiver();

const TARGET = "1.21.14-gke.4300";

describe("notifications: rollout", () => {
  it("notifications: a rollout group sends rollout.group.started, soaking and completed for an upgrade, each dated when it happened", async () => {
    const sub = await api("PUT", "/v1/notifications/rollouts", {
      body: {
        url: `${RECEIVER}/rollouts`,
        secret: "a-subscriber-secret-0123",
        events: ["rollout.group.*"],
        fleets: ["canary"],
      },
    });
    expect(sub.status, JSON.stringify(sub.body)).toBe(201);
    await sequencedCluster("nr-1", "canary", "1.21.11-gke.1100");
    const put = await api("PUT", "/v1/fleets/canary/rollout", {
      body: { defaultSoakSeconds: DAY },
    });
    expect(put.status).toBe(201);
    await advance(2 * DAY, 3600);
    const cp = upgradeOf(await rollout("/v1/fleets/canary"), "CONTROL_PLANE", TARGET);
    expect(cp?.state).toBe("COMPLETE");
    const cpEvents = () =>
      receivedAt("/rollouts").filter(
        (r) => r.event.data.type === "CONTROL_PLANE" && r.event.data.version === TARGET,
      );
    await eventually(() =>
      cpEvents().some((r) => r.event.type === "dev.regatta.rollout.group.completed"),
    );
    const byType = new Map(cpEvents().map((r) => [r.event.type, r.event]));
    expect([...byType.keys()].sort()).toEqual([
      "dev.regatta.rollout.group.completed",
      "dev.regatta.rollout.group.soaking",
      "dev.regatta.rollout.group.started",
    ]);
    expect(byType.get("dev.regatta.rollout.group.started")).toMatchObject({
      subject: "fleets/canary/rollout",
      time: cp?.startedAt,
      data: { fleet: "canary", group: "canary", type: "CONTROL_PLANE", version: TARGET },
    });
    // The soak of a day began a day before it ended.
    const soaking = byType.get("dev.regatta.rollout.group.soaking")!;
    expect(Date.parse(soaking.time)).toBe(Date.parse(cp!.soakEndsAt!) - DAY * 1000);
    // Each is a CloudEvent the official SDK parses and validates.
    for (const delivery of cpEvents()) expectOfficialCloudEvent(delivery);
  });
});
