import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  cli,
  inventory,
  must,
  names,
  putRelease,
  useControlPlane,
  writeDocuments,
} from "./helpers.ts";

const { cp, dir } = useControlPlane();
const scene = names("output");
const { fleet } = scene;
const HOOKS = scene.named("hooks");

beforeAll(async () => {
  await putRelease(cp());
  const file = await writeDocuments(dir(), "inventory.yaml", inventory(scene));
  expect((await cli(cp(), ["apply", "-f", file])).code).toBe(0);
  await must(cp(), "POST", `/v1/fleets/${fleet}/update-runs`, {
    name: "shown",
    strategy: "canary-first",
    upgrade: { type: "ControlPlaneOnly", kubernetesVersion: "1.21.14-gke.4300" },
  });
});

describe("--output json | yaml | table", () => {
  it("json and yaml print the API's answer; table prints columns", async () => {
    const json = await cli(cp(), ["runs", "get", fleet, "shown", "--output", "json"]);
    expect(json.code).toBe(0);
    const run = JSON.parse(json.stdout);
    expect(run).toMatchObject({ name: "shown", state: "NotStarted", strategy: "canary-first" });
    const yaml = await cli(cp(), ["-o", "yaml", "runs", "get", fleet, "shown"]);
    expect(parse(yaml.stdout)).toEqual(run);
    const table = await cli(cp(), ["runs", "get", fleet, "shown"]);
    const lines = table.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^STAGE\s+GROUP\s+MEMBER\s+STATE\s+STARTED\s+ENDED\s+MESSAGE$/);
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^canary\\s+canary\\s+${scene.a}\\s+NotStarted`)),
    );
    const list = await cli(cp(), ["runs", "list", fleet, "-o", "json"]);
    expect(JSON.parse(list.stdout).items[0]).toMatchObject({ name: "shown" });
  });

  it("rollout status and autoscaler decisions answer in every format", async () => {
    await must(cp(), "PUT", `/v1/fleets/${fleet}/rollout`, { defaultSoakSeconds: 3600 });
    const rollout = await cli(cp(), ["rollout", "status", fleet, "-o", "json"]);
    expect(rollout.code).toBe(0);
    expect(JSON.parse(rollout.stdout).config).toMatchObject({ defaultSoakSeconds: 3600 });
    const table = await cli(cp(), ["rollout", "status", fleet]);
    expect(table.stdout).toMatch(/^TYPE\s+VERSION\s+STATE/);
    const decisions = await cli(cp(), ["autoscaler", "decisions", scene.a, "-o", "yaml"]);
    expect(decisions.code).toBe(0);
    expect(parse(decisions.stdout)).toHaveProperty("items");
  });

  it("an unknown --output is a usage error (exit 2) and nothing is asked", async () => {
    const ran = await cli(cp(), ["runs", "get", fleet, "shown", "-o", "xml"]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain("argument 'xml' is invalid");
  });
});

describe("problems from the API are printed readably, exit non-zero", () => {
  it("401 without a valid token, with a hint", async () => {
    const ran = await cli(cp(), ["runs", "list", fleet], { token: "wrong" });
    expect(ran.code).toBe(1);
    expect(ran.stderr).toMatch(/^error: 401 Unauthorized: /);
    expect(ran.stderr).toContain(`(GET /v1/fleets/${fleet}/update-runs)`);
    expect(ran.stderr).toContain("hint: set REGATTA_TOKEN or pass --token");
  });

  it("403 for a viewer asking to start a run; --output json also puts the problem on stdout", async () => {
    const viewer = await must(cp(), "POST", "/v1/tokens", {
      name: scene.named("viewer"),
      role: "viewer",
      fleets: [fleet],
    });
    const ran = await cli(cp(), ["runs", "start", fleet, "shown", "-o", "json"], {
      token: viewer.token,
    });
    expect(ran.code).toBe(1);
    expect(ran.stderr).toMatch(/^error: 403 Forbidden: /);
    expect(JSON.parse(ran.stdout)).toMatchObject({ status: 403 });
  });

  it("404 for a run that does not exist", async () => {
    const ran = await cli(cp(), ["runs", "watch", fleet, "nope", "--interval", "0.05"]);
    expect(ran.code).toBe(1);
    expect(ran.stderr).toMatch(/^error: 404 Not Found: /);
  });

  it("a missing token or argument is a usage error, exit 2", async () => {
    const noToken = await cli(cp(), ["runs", "list", fleet], { token: "" });
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toBe("error: no token: set REGATTA_TOKEN or pass --token\n");
    const noArg = await cli(cp(), ["runs", "get", fleet]);
    expect(noArg.code).toBe(2);
    expect(noArg.stderr).toContain("missing required argument 'run'");
  });
});

describe("flags that share a name", () => {
  it("`notifications put --url` names the subscriber; the control plane is `--server`", async () => {
    const put = await cli(cp(), [
      "--server",
      cp().url,
      "notifications",
      "put",
      HOOKS,
      "--url",
      "https://hooks.example.com/regatta",
      "--secret",
      "a-subscriber-secret-0123",
      "--event",
      "updaterun.*",
      "--fleet",
      fleet,
    ]);
    expect(put.code, put.stderr).toBe(0);
    const got = await cli(cp(), ["notifications", "get", HOOKS, "-o", "json"]);
    expect(JSON.parse(got.stdout)).toMatchObject({
      name: HOOKS,
      url: "https://hooks.example.com/regatta",
      events: ["updaterun.*"],
      fleets: [fleet],
    });
    const wrong = await cli(cp(), ["--server", "ftp://nowhere", "runs", "get", fleet, "shown"]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("--server must be an http(s) URL");
  });
});
