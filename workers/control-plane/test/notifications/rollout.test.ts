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

describe("notifications: rollout sequences with custom stages", () => {
  it("SEQ-21 SEQ-20 a sequence's stages send rollout.stage.started, soaking and completed to each fleet of the stage, and a pause and resume to each fleet of the sequence, naming no other fleet", async () => {
    for (const fleet of ["ns-lab", "ns-prod"]) {
      expect((await api("PUT", `/v1/fleets/${fleet}`, { body: {} })).status).toBeLessThan(300);
    }
    const sub = await api("PUT", "/v1/notifications/sequence-prod", {
      body: {
        url: `${RECEIVER}/sequence-prod`,
        secret: "a-subscriber-secret-0123",
        events: ["rollout.stage.*", "rollout.paused", "rollout.resumed"],
        fleets: ["ns-prod"],
      },
    });
    expect(sub.status, JSON.stringify(sub.body)).toBe(201);
    await sequencedCluster("ns-l1", "ns-lab", "1.21.11-gke.1100");
    await sequencedCluster("ns-p1", "ns-prod", "1.21.11-gke.1100");
    const put = await api("PUT", "/v1/rollout-sequences/ns-seq", {
      body: { stages: [{ fleets: ["ns-lab"], soakSeconds: DAY }, { fleets: ["ns-prod"] }] },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(201);
    const rollout = `control-plane-${TARGET}`;
    const paused = await api("POST", `/v1/rollout-sequences/ns-seq/rollouts/${rollout}/pause`);
    expect(paused.status).toBe(200);
    expect(
      (await api("POST", `/v1/rollout-sequences/ns-seq/rollouts/${rollout}/resume`)).status,
    ).toBe(200);
    await advance(3 * DAY, 3600);
    const got = () => receivedAt("/sequence-prod").map((r) => r.event);
    await eventually(() =>
      got().some(
        (e) => e.type === "dev.regatta.rollout.stage.completed" && e.data.rollout === rollout,
      ),
    );
    const mine = got().filter((e) => e.data.rollout === rollout);
    expect(new Set(mine.map((e) => e.type))).toEqual(
      new Set([
        "dev.regatta.rollout.paused",
        "dev.regatta.rollout.resumed",
        "dev.regatta.rollout.stage.started",
        "dev.regatta.rollout.stage.soaking",
        "dev.regatta.rollout.stage.completed",
      ]),
    );
    // ns-prod's subscribers hear of stage 2 (its own), not of the lab's stage 1.
    expect(
      mine.filter((e) => e.type.startsWith("dev.regatta.rollout.stage.")).map((e) => e.data.stage),
    ).toEqual([2, 2, 2]);
    expect(mine.find((e) => e.type === "dev.regatta.rollout.stage.started")).toMatchObject({
      subject: `rollout-sequences/ns-seq/rollouts/${rollout}`,
      data: { fleet: "ns-prod", sequence: "ns-seq", type: "CONTROL_PLANE", version: TARGET },
    });
    expect(JSON.stringify(mine)).not.toMatch(/ns-lab|ns-l1/);
    for (const delivery of receivedAt("/sequence-prod")) expectOfficialCloudEvent(delivery);
    expect((await api("DELETE", "/v1/rollout-sequences/ns-seq")).status).toBe(204);
  });
});
