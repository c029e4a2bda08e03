import { beforeAll, describe, expect, it } from "vitest";
import {
  cli,
  inventory,
  must,
  NEW,
  names,
  putRelease,
  useControlPlane,
  writeDocuments,
} from "./helpers.ts";

const { cp, dir } = useControlPlane();
const scene = names("gates");
const { fleet } = scene;

beforeAll(async () => {
  await putRelease(cp());
  const file = await writeDocuments(dir(), "inventory.yaml", inventory(scene));
  expect((await cli(cp(), ["apply", "-f", file])).code).toBe(0);
});

describe("runs gates | approve", () => {
  it("EXT-1 the CLI lists a run's gates and approves a Pending one; a gate that is not Pending exits 1 with the rule; SEC-11 `audit` shows the approval", async () => {
    await must(cp(), "POST", `/v1/fleets/${fleet}/update-runs`, {
      name: "gated",
      upgrade: { type: "Full", kubernetesVersion: NEW },
      stages: [
        { name: "canary", groups: [{ name: "canary", beforeGates: [{ type: "Approval" }] }] },
        { name: "rest", groups: [{ name: "rest" }], beforeGates: [{ type: "Approval" }] },
      ],
    });
    expect((await cli(cp(), ["runs", "start", fleet, "gated"])).code).toBe(0);
    const listed = await cli(cp(), ["runs", "gates", fleet, "gated"]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(
      /group canary\s+group-canary-before-0\s+Approval\s+Before\s+Pending/,
    );
    expect(listed.stdout).toMatch(
      /stage rest\s+stage-rest-before-0\s+Approval\s+Before\s+NotStarted/,
    );
    const early = await cli(cp(), ["runs", "approve", fleet, "gated", "stage-rest-before-0"]);
    expect(early.code).toBe(1);
    expect(early.stderr).toMatch(/EXT-1/);
    const approved = await cli(cp(), [
      "runs",
      "approve",
      fleet,
      "gated",
      "group-canary-before-0",
      "-o",
      "json",
    ]);
    expect(approved.code).toBe(0);
    const run = JSON.parse(approved.stdout);
    expect(run.stages[0].groups[0].gates[0]).toMatchObject({ state: "Completed" });
    expect(run.stages[0].groups[0].members[0].state).toBe("Running");

    const audit = await cli(cp(), [
      "audit",
      "--resource",
      `/v1/fleets/${fleet}/update-runs/gated/`,
    ]);
    expect(audit.code).toBe(0);
    expect(audit.stdout).toMatch(
      new RegExp(
        `bootstrap-admin\\s+admin\\s+POST\\s+/v1/fleets/${fleet}/update-runs/gated/gates/group-canary-before-0/approve\\s+200`,
      ),
    );
  });
});
