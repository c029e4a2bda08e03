import { env } from "cloudflare:test";
import { openInventory, putZone } from "@regatta/inventory";
import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import {
  advanceRunUntil,
  cluster,
  createRun,
  FLEET,
  memberOf,
  NEW,
  type RunBody,
  useRunFixtures,
} from "./helpers.ts";

useRunFixtures();

const settled = (r: RunBody) => !["Running", "Pending", "NotStarted"].includes(r.state);
const start = (run: string) => api("POST", `/v1/fleets/${FLEET}/update-runs/${run}/start`);
const poolImage = async (cluster: string, pool: string) =>
  (await api("GET", `/v1/clusters/${cluster}/node-pools/${pool}`)).body.nodeImage as string;

describe("RUN-6 node images per node pool through the API", () => {
  it("RUN-6 Latest gives each node pool the newest image of its own OS family in the member's region: a cos pool and an ubuntu pool do not both end on the ubuntu image (NodeImageOnly and Full)", async () => {
    // Published after 2022-R26's cos images: the newest images overall are ubuntu ones.
    const ubuntu = await api("PUT", "/v1/releases/2022-R27", {
      body: {
        channel: "REGULAR",
        targets: {},
        nodeImages: [
          { version: "ubuntu-2204-v1", regions: ["europe-west1"] },
          { version: "ubuntu-2204-v2", regions: ["europe-west1"] },
        ],
      },
    });
    expect(ubuntu.status, JSON.stringify(ubuntu.body)).toBeLessThan(300);
    const pools = { c: { nodeImage: "cos-97" }, u: { nodeImage: "ubuntu-2004-v1" } };
    await cluster("os-image", { updateGroup: "os-image" }, pools);
    await cluster("os-full", { updateGroup: "os-full" }, pools);
    for (const [name, upgrade] of [
      ["os-image-run", { type: "NodeImageOnly" }],
      ["os-full-run", { type: "Full", kubernetesVersion: NEW }],
    ] as const) {
      const group = name.replace(/-run$/, "");
      const created = await createRun({
        name,
        stages: [{ name: group, groups: [{ name: group }] }],
        upgrade,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect((await start(name)).status).toBe(200);
      const done = await advanceRunUntil(name, settled);
      expect(done.state, JSON.stringify(done)).toBe("Completed");
      const member = memberOf(done, group);
      expect(member).toMatchObject({
        state: "Completed",
        nodeImages: [
          { pool: "c", nodeImage: "cos-110" },
          { pool: "u", nodeImage: "ubuntu-2204-v2" },
        ],
      });
      expect(member.nodeImage).toBeUndefined();
      expect(await poolImage(group, "c")).toBe("cos-110");
      expect(await poolImage(group, "u")).toBe("ubuntu-2204-v2");
    }
    expect((await api("GET", "/v1/clusters/os-full")).body.status.version).toBe(NEW);
  });

  it("RUN-9 Consistent with no image common to the members' regions starts (no 422): the members without a consistent image are Skipped, the others complete", async () => {
    await putZone(
      openInventory(env.DB),
      {
        name: "us-east1-b",
        region: "us-east1",
        quotaNodes: 100,
        quotaCpuMillis: null,
        quotaIps: null,
      },
      Date.parse("2026-01-01T00:00:00Z"),
    );
    await cluster(
      "far-1",
      { updateGroup: "far", region: "us-east1" },
      {
        np: { zones: ["us-east1-b"] },
      },
    );
    await cluster("far-2", { updateGroup: "far" }, { np: {} });
    await cluster("far-3", { updateGroup: "far" });
    const created = await createRun({
      name: "far-run",
      stages: [{ name: "far", groups: [{ name: "far" }] }],
      upgrade: { type: "Full", kubernetesVersion: NEW },
      nodeImageSelection: "Consistent",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const started = await start("far-run");
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const done = await advanceRunUntil("far-run", settled, { stepSeconds: 1800 });
    expect(done.state, JSON.stringify(done)).toBe("Completed");
    for (const name of ["far-1", "far-2"]) {
      expect(memberOf(done, name)).toMatchObject({
        state: "Skipped",
        message:
          "RUN-9: no cos node image is published in every region of the run's members, so node pool np (cos-97) has no consistent image",
      });
    }
    expect(memberOf(done, "far-3").state).toBe("Completed");
    expect((await api("GET", "/v1/clusters/far-3")).body.status.version).toBe(NEW);
  });
});
