import { readFile } from "node:fs/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  cli,
  INVENTORY,
  must,
  NEW,
  OLD,
  putRelease,
  useControlPlane,
  writeDocuments,
} from "./helpers.ts";

const { cp, dir } = useControlPlane();

const DOCS = new URL("../../../docs/cli.md", import.meta.url);
/** The operation the operations test starts, for the docs' `get operation <id>`. */
let operationId = "";

const rows = (stdout: string) => stdout.trim().split("\n");
const json = (stdout: string) => JSON.parse(stdout);

beforeAll(async () => {
  await putRelease(cp());
  const file = await writeDocuments(dir(), "inventory.yaml", INVENTORY);
  expect((await cli(cp(), ["apply", "-f", file])).code).toBe(0);
  // A second fleet, and a labelled pool beside prod-a's unlabelled one.
  await must(cp(), "PUT", "/v1/fleets/lab", {});
  await must(cp(), "PUT", "/v1/clusters/lab-a", {
    fleet: "lab",
    role: "standalone",
    region: "europe-west1",
    releaseChannel: "REGULAR",
    version: OLD,
  });
  await must(cp(), "PUT", "/v1/clusters/prod-a/node-pools/web", {
    machineType: "e2-standard-4",
    zones: ["europe-west1-b"],
    nodeCount: 1,
    version: OLD,
    nodeImage: "cos-105",
    labels: { team: "web", tier: "frontend" },
  });
  await must(cp(), "POST", "/v1/fleets/prod/update-runs", {
    name: "nightly",
    strategy: "canary-first",
    upgrade: { type: "ControlPlaneOnly", kubernetesVersion: NEW },
  });
  await must(cp(), "PUT", "/v1/notifications/hooks", {
    url: "https://hooks.example.com/regatta",
    secret: "a-subscriber-secret-0123",
    events: ["updaterun.*"],
  });
  // Nodes come up on the sim clock.
  await must(cp(), "POST", "/v1/sim/advance", { seconds: 3600 });
});

describe("get <kind> [name]: kubectl-style reads", () => {
  it("get fleets and get clusters print a table with a header and a row each", async () => {
    const fleets = await cli(cp(), ["get", "fleets"]);
    expect(fleets.code, fleets.stderr).toBe(0);
    expect(rows(fleets.stdout)[0]).toMatch(/^NAME\s+CREATED$/);
    expect(
      rows(fleets.stdout)
        .slice(1)
        .map((r) => r.split(/\s+/)[0]),
    ).toEqual(["lab", "prod"]);
    const clusters = await cli(cp(), ["get", "clusters"]);
    expect(rows(clusters.stdout)[0]).toMatch(
      /^NAME\s+FLEET\s+ROLE\s+REGION\s+CHANNEL\s+VERSION\s+PHASE\s+GROUP$/,
    );
    expect(rows(clusters.stdout)).toContainEqual(
      expect.stringMatching(/^prod-a\s+prod\s+standalone\s+europe-west1\s+REGULAR\s+1\.21\.11/),
    );
  });

  it("list is get; kinds take their singular and short names", async () => {
    const list = await cli(cp(), ["list", "clusters", "-o", "json"]);
    const get = await cli(cp(), ["get", "cluster", "-o", "json"]);
    expect(list.code).toBe(0);
    expect(json(list.stdout)).toEqual(json(get.stdout));
    const np = await cli(cp(), ["get", "np", "-c", "prod-a"]);
    expect(np.code, np.stderr).toBe(0);
  });

  it("-o json and yaml print the API's objects: one by name, a list as {items, nextCursor}", async () => {
    const one = await cli(cp(), ["get", "cluster", "prod-a", "-o", "json"]);
    expect(one.code).toBe(0);
    const api = await must(cp(), "GET", "/v1/clusters/prod-a");
    expect(json(one.stdout)).toEqual(api);
    const all = await cli(cp(), ["get", "clusters", "-o", "yaml"]);
    const listed = parse(all.stdout);
    expect(listed.nextCursor).toBeNull();
    expect(listed.items.map((c: { name: string }) => c.name)).toEqual([
      "lab-a",
      "prod-a",
      "prod-b",
    ]);
    expect(listed.items[1]).toEqual(api);
  });

  it("--fleet filters clusters on the server and names the fleet of runs", async () => {
    const lab = await cli(cp(), ["get", "clusters", "--fleet", "lab", "-o", "json"]);
    expect(json(lab.stdout).items.map((c: { name: string }) => c.name)).toEqual(["lab-a"]);
    const runs = await cli(cp(), ["get", "runs", "--fleet", "prod"]);
    expect(rows(runs.stdout)[0]).toMatch(/^NAME\s+STATE\s+CREATED\s+MESSAGE$/);
    expect(rows(runs.stdout)[1]).toMatch(/^nightly\s+NotStarted\s/);
    const run = await cli(cp(), ["get", "run", "nightly", "--fleet", "prod", "-o", "json"]);
    expect(json(run.stdout)).toMatchObject({ name: "nightly", strategy: "canary-first" });
  });

  it("pools and nodes of a cluster: -c / --cluster, --pool, --state", async () => {
    const pools = await cli(cp(), ["get", "pools", "--cluster", "prod-a"]);
    expect(rows(pools.stdout)[0]).toMatch(
      /^NAME\s+MACHINE TYPE\s+ZONES\s+NODES\/ZONE\s+AUTOSCALING\s+VERSION\s+IMAGE$/,
    );
    expect(
      rows(pools.stdout)
        .slice(1)
        .map((r) => r.split(/\s+/)[0]),
    ).toEqual(["default", "web"]);
    const pool = await cli(cp(), ["get", "pool", "web", "-c", "prod-a", "-o", "json"]);
    expect(json(pool.stdout)).toMatchObject({ name: "web", labels: { team: "web" } });
    const nodes = await cli(cp(), [
      "get",
      "nodes",
      "-c",
      "prod-a",
      "--pool",
      "default",
      "-o",
      "json",
    ]);
    const items: { name: string; pool: string; state: string }[] = json(nodes.stdout).items;
    expect(items).toHaveLength(2);
    expect(items.every((n) => n.pool === "default" && n.state === "READY")).toBe(true);
    const ready = await cli(cp(), ["get", "nodes", "-c", "prod-a", "--state", "READY"]);
    expect(rows(ready.stdout)).toHaveLength(1 + 3);
    const none = await cli(cp(), ["get", "nodes", "-c", "prod-a", "--state", "DRAINING"]);
    expect(none).toMatchObject({ code: 0, stdout: "", stderr: "No nodes found.\n" });
    const byName = await cli(cp(), ["get", "node", items[0]?.name ?? "", "-c", "prod-a"]);
    expect(rows(byName.stdout)[1]).toMatch(/^prod-a-default-europe-west1-\S+\s+default\s/);
  });

  it("-l / --selector matches pools' labels, client-side: k=v, k!=v, k, !k", async () => {
    const names = async (selector: string) => {
      const ran = await cli(cp(), ["get", "pools", "-c", "prod-a", "-l", selector, "-o", "json"]);
      expect(ran.code, ran.stderr).toBe(0);
      return json(ran.stdout).items.map((p: { name: string }) => p.name);
    };
    expect(await names("team=web")).toEqual(["web"]);
    expect(await names("team==web,tier=frontend")).toEqual(["web"]);
    expect(await names("team!=web")).toEqual(["default"]);
    expect(await names("tier")).toEqual(["web"]);
    expect(await names("!tier")).toEqual(["default"]);
    expect(await names("team=db")).toEqual([]);
  });

  it("--field-selector compares fields by dotted path on any kind", async () => {
    const ran = await cli(cp(), [
      "get",
      "clusters",
      "--field-selector",
      "fleet=prod,updateGroup!=rest",
      "-o",
      "json",
    ]);
    expect(json(ran.stdout).items.map((c: { name: string }) => c.name)).toEqual(["prod-a"]);
    const phase = await cli(cp(), ["get", "clusters", "--field-selector", "status.phase=NOPE"]);
    expect(phase).toMatchObject({ code: 0, stdout: "", stderr: "No clusters found.\n" });
  });

  it("--limit stops early with the API's cursor; --cursor goes on from it, across pages", async () => {
    const first = await cli(cp(), ["get", "clusters", "--limit", "1", "-o", "json"]);
    const page = json(first.stdout);
    expect(page.items.map((c: { name: string }) => c.name)).toEqual(["lab-a"]);
    expect(page.nextCursor).toEqual(expect.any(String));
    const rest = await cli(cp(), ["get", "clusters", "--cursor", page.nextCursor, "-o", "json"]);
    expect(json(rest.stdout).items.map((c: { name: string }) => c.name)).toEqual([
      "prod-a",
      "prod-b",
    ]);
    // A filter that skips the first page's only item makes get ask for the next page.
    const filtered = await cli(cp(), [
      "get",
      "clusters",
      "--limit",
      "1",
      "--field-selector",
      "fleet=prod",
      "-o",
      "json",
    ]);
    expect(json(filtered.stdout).items.map((c: { name: string }) => c.name)).toEqual(["prod-a"]);
  });

  it("operations are read by id or listed per cluster; subscriptions list without their secret", async () => {
    const started = await must(cp(), "POST", "/v1/clusters/prod-a/node-pools/web/upgrade", {
      nodeImage: "cos-110",
      ignoreMaintenanceWindow: true,
    });
    operationId = started.id;
    const op = await cli(cp(), ["get", "operation", started.id]);
    expect(op.code, op.stderr).toBe(0);
    expect(rows(op.stdout)[0]).toMatch(/^OPERATION\s+KIND\s+TARGET\s+STATE/);
    expect(rows(op.stdout)[1]).toContain(`${started.id}  NODE_POOL_UPGRADE  prod-a/web`);
    const listed = await cli(cp(), ["get", "operations", "-c", "prod-a", "-o", "json"]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(json(listed.stdout).items).toContainEqual(
      expect.objectContaining({ id: started.id, kind: "NODE_POOL_UPGRADE" }),
    );
    const running = await cli(cp(), ["get", "ops", "-c", "prod-a", "--state", "RUNNING"]);
    expect(rows(running.stdout)[1]).toContain(started.id);
    const noCluster = await cli(cp(), ["get", "operations"]);
    expect(noCluster.code).toBe(2);
    expect(noCluster.stderr).toContain("operations are listed per cluster: add -c CLUSTER");
    const subs = await cli(cp(), ["get", "subscriptions", "-o", "json"]);
    expect(json(subs.stdout).items).toEqual([
      expect.objectContaining({ name: "hooks", url: "https://hooks.example.com/regatta" }),
    ]);
    expect(subs.stdout).not.toContain("a-subscriber-secret");
    const one = await cli(cp(), ["get", "notification", "hooks"]);
    expect(rows(one.stdout)[1]).toMatch(/^hooks\s+https:\/\/hooks\.example\.com\/regatta\s/);
  });
});

describe("docs/cli.md's get examples", () => {
  it("every `npm run regatta -- get|list …` line of docs/cli.md runs and prints something", async () => {
    const docs = await readFile(DOCS, "utf8");
    const examples = [...docs.matchAll(/^npm run regatta -- ((?:get|list) .+)$/gm)].map(
      (m) => m[1] ?? "",
    );
    expect(examples.length).toBeGreaterThanOrEqual(8);
    expect(operationId).not.toBe("");
    for (const example of examples) {
      // The docs' operation id is elided; the one the operations test started stands in.
      const argv = example.replace(/7f0c2a…/, operationId).split(/\s+/);
      const ran = await cli(cp(), argv);
      expect(ran.code, `${example}: ${ran.stderr}`).toBe(0);
      expect(ran.stdout, example).not.toBe("");
    }
  });
});

describe("get refuses what it cannot do before asking (exit 2), and reports the API's problems (exit 1)", () => {
  it.each([
    [["get", "widgets"], "unknown kind widgets: one of fleets, clusters, pools"],
    [["get", "pools"], "pools need --cluster (-c)"],
    [["get", "runs"], "runs need --fleet"],
    [["get", "fleets", "--pool", "x"], "--pool does not apply to fleets"],
    [["get", "clusters", "-l", "team=web"], "clusters carry no labels (pools do)"],
    [["get", "pools", "-c", "prod-a", "-l", "=x"], '--selector: cannot read "=x"'],
    [["get", "fleets", "--state", "READY"], "fleets have no state"],
    [["get", "clusters", "--limit", "0"], "--limit takes a count of at least 1, got 0"],
    [["get", "cluster", "prod-a", "--limit", "2"], "a name reads one resource"],
  ])("%j", async (argv, message) => {
    const ran = await cli(cp(), argv);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain(message);
    expect(ran.stdout).toBe("");
  });

  it("a 404 prints the problem's title and detail and exits 1", async () => {
    const ran = await cli(cp(), ["get", "cluster", "nope"]);
    expect(ran.code).toBe(1);
    expect(ran.stderr).toMatch(/^error: 404 Not Found: .*nope/);
    expect(ran.stderr).toContain("(GET /v1/clusters/nope)");
    const node = await cli(cp(), ["get", "node", "nope", "-c", "prod-a"]);
    expect(node.code).toBe(1);
    expect(node.stderr).toContain("error: 404 Not Found: cluster prod-a has no node nope");
  });

  it("a viewer outside the fleet is refused with the API's 403", async () => {
    const viewer = await must(cp(), "POST", "/v1/tokens", {
      name: "lab-viewer",
      role: "viewer",
      fleets: ["lab"],
    });
    const ran = await cli(cp(), ["get", "runs", "--fleet", "prod"], { token: viewer.token });
    expect(ran.code).toBe(1);
    expect(ran.stderr).toMatch(/^error: 403 Forbidden: /);
  });
});
