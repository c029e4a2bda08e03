import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import {
  advanceRunUntil,
  cluster,
  createRun,
  FLEET,
  memberOf,
  NEW,
  useRunFixtures,
} from "./helpers.ts";

useRunFixtures();

const runPath = (run: string) => `/v1/fleets/${FLEET}/update-runs/${run}`;
const settled = (r: { state: string }) => r.state === "Completed" || r.state === "Failed";

describe("update-run retry through the API (EXT-4)", () => {
  it("EXT-4 a Failed NodeImageOnly run is retried: the Failed member runs again with the image it first got although a newer one was published, and the run completes", async () => {
    await cluster("rt-a", { updateGroup: "rt" }, { np: { nodeImage: "cos-97" } });
    await cluster("rt-b", { updateGroup: "rt" }, { np: { nodeImage: "cos-97" } });
    const fault = await api("PUT", "/v1/sim/faults/rt-fail", {
      body: { match: { cluster: "rt-a", operation: "CREATE_NODE" }, effect: "FAIL" },
    });
    expect(fault.status).toBeLessThan(300);
    const created = await createRun({
      name: "rt-run",
      upgrade: { type: "NodeImageOnly" },
      stages: [{ name: "s", groups: [{ name: "rt" }] }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await api("POST", `${runPath("rt-run")}/retry`)).status).toBe(409);
    await api("POST", `${runPath("rt-run")}/start`);
    const failed = await advanceRunUntil("rt-run", settled, { stepSeconds: 300 });
    expect(failed.state).toBe("Failed");
    expect(memberOf(failed, "rt-a")).toMatchObject({ state: "Failed", nodeImage: "cos-110" });
    // A newer image is published, and the fault is cleared.
    const release = await api("PUT", "/v1/releases/2022-R27", {
      body: {
        channel: "REGULAR",
        targets: { "1.21": NEW },
        nodeImages: [{ version: "cos-120", regions: ["europe-west1"] }],
      },
    });
    expect(release.status, JSON.stringify(release.body)).toBeLessThan(300);
    expect((await api("DELETE", "/v1/sim/faults/rt-fail")).status).toBe(204);
    const retried = await api("POST", `${runPath("rt-run")}/retry`);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(memberOf(retried.body, "rt-a")).toMatchObject({
      state: "Running",
      nodeImage: "cos-110",
    });
    const done = await advanceRunUntil("rt-run", settled, { stepSeconds: 300 });
    expect(done.state, JSON.stringify(done.message)).toBe("Completed");
    expect(memberOf(done, "rt-a").nodeImage).toBe("cos-110");
  });
});
