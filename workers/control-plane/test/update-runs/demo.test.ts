import { env, runInDurableObject } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { communityBank } from "../../../../scripts/demo/community-bank.ts";
import { api, freezeClock } from "../helpers.ts";
import type { RunBody } from "./helpers.ts";

const demo = communityBank();

beforeAll(async () => {
  await freezeClock(Date.parse("2026-01-05T00:00:00Z"));
  const put = async (path: string, body: unknown) => {
    const res = await api("PUT", path, { body });
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  };
  for (const { name, ...body } of demo.zones) await put(`/v1/zones/${name}`, body);
  for (const { name, ...body } of demo.machineTypes) await put(`/v1/machine-types/${name}`, body);
  for (const { id, ...body } of demo.reservations) await put(`/v1/reservations/${id}`, body);
  for (const fleet of demo.fleets) await put(`/v1/fleets/${fleet}`, {});
  for (const { name, body } of demo.releases) await put(`/v1/releases/${name}`, body);
  for (const { name, body } of demo.clusters) await put(`/v1/clusters/${name}`, body);
  for (const { cluster, name, body } of demo.nodePools) {
    await put(`/v1/clusters/${cluster}/node-pools/${name}`, body);
  }
  for (const { fleet, name, body } of demo.updateStrategies) {
    await put(`/v1/fleets/${fleet}/update-strategies/${name}`, body);
  }
  // The whole demo inventory through the API: well over the default 10 s on a busy machine.
}, 60_000);

afterEach(async () => {
  for (const fleet of demo.fleets) {
    await runInDurableObject(env.FLEET.get(env.FLEET.idFromName(fleet)), (_i, state) =>
      state.storage.deleteAlarm(),
    );
  }
});

describe("the demo's update run", () => {
  it("RUN-2 RUN-3 RUN-5 a ControlPlaneOnly run over the production fleet with the demo's by-region strategy completes in accelerated (virtual) time", async () => {
    const runs = "/v1/fleets/production/update-runs";
    const created = await api("POST", runs, {
      body: {
        name: "prod-2022-r25",
        strategy: "by-region",
        upgrade: { type: "ControlPlaneOnly", kubernetesVersion: "1.21.14-gke.4300" },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.stages.map((s: { name: string }) => s.name)).toEqual([
      "asia-southeast2",
      "europe-west3",
    ]);
    const started = await api("POST", `${runs}/prod-2022-r25/start`);
    let run = started.body as RunBody;
    let hours = 0;
    for (; hours < 24 * 14 && ["Running", "Pending"].includes(run.state); hours += 2) {
      await api("POST", "/v1/sim/advance", { body: { seconds: 7200 } });
      run = (await api("GET", `${runs}/prod-2022-r25`)).body as RunBody;
    }
    expect(run.state, JSON.stringify(run)).toBe("Completed");
    console.log(`demo run: Completed after about ${hours} virtual hours`);
    for (const stage of run.stages) {
      for (const member of stage.groups[0]!.members) {
        expect(member.state).toBe("Completed");
      }
    }
  });
});
