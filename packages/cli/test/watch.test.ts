import { beforeAll, describe, expect, it } from "vitest";
import {
  api,
  cli,
  driveWhile,
  inventory,
  must,
  NEW,
  names,
  OLD,
  putRelease,
  useControlPlane,
  writeDocuments,
} from "./helpers.ts";

const { cp, dir } = useControlPlane();
const scene = names("watch");
const { fleet } = scene;
/** Clusters of the fleet beside the inventory's: c in group `doomed`, d with pool `web`. */
const C = `${fleet}-c`;
const D = `${fleet}-d`;
const WATCH = ["--interval", "0.05"];
const CLUSTER = {
  fleet,
  role: "standalone",
  region: "europe-west1",
  releaseChannel: "REGULAR",
  version: OLD,
};
const ENDED = new Set(["Completed", "Failed", "Stopped", "Skipped"]);

const runEnded = (run: string) => async () =>
  ENDED.has((await must(cp(), "GET", `/v1/fleets/${fleet}/update-runs/${run}`)).state);

beforeAll(async () => {
  await putRelease(cp());
  const file = await writeDocuments(dir(), "inventory.yaml", inventory(scene));
  expect((await cli(cp(), ["apply", "-f", file])).code).toBe(0);
});

describe("runs create | start | watch", () => {
  it("RUN-1 a run created from a strategy and watched to Completed exits 0 with a line per change", async () => {
    const created = await cli(cp(), [
      "runs",
      "create",
      fleet,
      "run-ok",
      "--strategy",
      "canary-first",
      "--kubernetes-version",
      NEW,
    ]);
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/run run-ok\s+NotStarted/);
    expect((await cli(cp(), ["runs", "start", fleet, "run-ok"])).code).toBe(0);
    const watched = await driveWhile(
      cp(),
      cli(cp(), ["runs", "watch", fleet, "run-ok", ...WATCH]),
      runEnded("run-ok"),
    );
    expect(watched.stderr).toBe("");
    expect(watched.code).toBe(0);
    const lines = watched.stdout.split("\n");
    expect(lines[0]).toBe("run run-ok: Running");
    expect(lines).toContain("  stage canary: 1/1 Completed");
    expect(lines).toContain("  stage rest: 1/1 Completed");
    expect(lines).toContain(`  member ${scene.a} (canary/canary): Completed`);
    expect(lines).toContain("run run-ok: Completed");
    expect(lines.at(-2)).toBe("run run-ok ended Completed");
  });

  it("RUN-11 a run whose member fails under an injected sim fault ends Failed: watch exits 1", async () => {
    await must(cp(), "PUT", `/v1/clusters/${C}`, { ...CLUSTER, updateGroup: "doomed" });
    await must(cp(), "PUT", `/v1/sim/faults/${scene.named("cp-fail")}`, {
      match: { cluster: C, operation: "UPGRADE_CONTROL_PLANE" },
      effect: "FAIL",
    });
    await must(cp(), "POST", `/v1/fleets/${fleet}/update-runs`, {
      name: "run-bad",
      stages: [{ name: "rest", groups: [{ name: "doomed" }] }],
      upgrade: { type: "ControlPlaneOnly", kubernetesVersion: NEW },
    });
    const watched = await driveWhile(
      cp(),
      cli(cp(), ["runs", "start", fleet, "run-bad", "--watch", ...WATCH]),
      runEnded("run-bad"),
    );
    await api(cp(), "DELETE", `/v1/sim/faults/${scene.named("cp-fail")}`);
    expect(watched.code).toBe(1);
    expect(watched.stdout).toContain("run run-bad: Failed");
    expect(watched.stdout).toContain("stage rest: 0/1 Failed, 1 failed");
    expect(watched.stderr).toMatch(/^error: run run-bad ended Failed: RUN-11/);
  });

  it("--output json prints each changed state as one JSON line", async () => {
    const watched = await cli(cp(), ["runs", "watch", fleet, "run-ok", "-o", "json", ...WATCH]);
    expect(watched.code).toBe(0);
    const states = watched.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(states).toHaveLength(1);
    expect(states[0]).toMatchObject({ name: "run-ok", state: "Completed" });
  });
});

describe("pools upgrade | watch", () => {
  it("NUP-2 a surge upgrade watched to SUCCEEDED shows steps and nodes per zone, exits 0", async () => {
    const pool = await writeDocuments(
      dir(),
      "pool.yaml",
      `apiVersion: regatta.dev/v1
kind: Cluster
metadata: { name: ${D} }
spec: { fleet: ${fleet}, role: standalone, region: europe-west1, releaseChannel: REGULAR, version: "${OLD}" }
---
apiVersion: regatta.dev/v1
kind: NodePool
metadata: { name: web, cluster: ${D} }
spec:
  machineType: e2-standard-4
  zones: [europe-west1-b, europe-west1-c]
  nodeCount: 2
  version: "${OLD}"
  nodeImage: cos-105
`,
    );
    expect((await cli(cp(), ["apply", "-f", pool])).code).toBe(0);
    const started = await cli(cp(), [
      "pools",
      "upgrade",
      D,
      "web",
      "--node-image",
      "cos-110",
      "--ignore-maintenance-window",
      "-o",
      "json",
    ]);
    expect(started.stderr).toBe("");
    expect(started.code).toBe(0);
    const operation = JSON.parse(started.stdout);
    expect(operation.id).toMatch(/^op-/);
    const watched = await driveWhile(
      cp(),
      cli(cp(), ["pools", "watch", operation.id, ...WATCH]),
      async () => (await must(cp(), "GET", `/v1/operations/${operation.id}`)).state !== "RUNNING",
      { stepSeconds: 60 },
    );
    expect(watched.stderr).toBe("");
    expect(watched.code).toBe(0);
    expect(watched.stdout).toMatch(new RegExp(`^operation op-\\S+ \\(${D}/web → \\S+\\): RUNNING`));
    expect(watched.stdout).toContain("  zone europe-west1-b: 0/2 ");
    expect(watched.stdout).toContain("  zone europe-west1-b: 2/2 ");
    expect(watched.stdout).toContain("  zone europe-west1-c: 2/2 ");
    expect(watched.stdout).toContain(`operation ${operation.id} ended SUCCEEDED`);
  });

  it("a control on a pool with nothing to control is the API's 409, exit 1", async () => {
    const ran = await cli(cp(), ["pools", "complete", D, "web"]);
    expect(ran.code).toBe(1);
    expect(ran.stderr).toMatch(/^error: (409|404|422) /);
  });
});
