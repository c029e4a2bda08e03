import { readFile } from "node:fs/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  cli,
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
const scene = names("get");
const { fleet, a: A, b: B } = scene;
/** A second fleet beside the scene's, with one cluster. */
const LAB = scene.named("lab");
const LAB_A = `${LAB}-a`;
const HOOKS = scene.named("hooks");

const DOCS = new URL("../../../docs/cli.md", import.meta.url);
/** The operation the operations test starts, for the docs' `get operation <id>`. */
let operationId = "";

const rows = (stdout: string) => stdout.trim().split("\n");
const json = (stdout: string) => JSON.parse(stdout);
const named = (items: { name: string }[]) => items.map((item) => item.name);

beforeAll(async () => {
  await putRelease(cp());
  const file = await writeDocuments(dir(), "inventory.yaml", inventory(scene));
  expect((await cli(cp(), ["apply", "-f", file])).code).toBe(0);
  // A second fleet, and a labelled pool beside A's unlabelled one.
  await must(cp(), "PUT", `/v1/fleets/${LAB}`, {});
  await must(cp(), "PUT", `/v1/clusters/${LAB_A}`, {
    fleet: LAB,
    role: "standalone",
    region: "europe-west1",
    releaseChannel: "REGULAR",
    version: OLD,
  });
  await must(cp(), "PUT", `/v1/clusters/${A}/node-pools/web`, {
    machineType: "e2-standard-4",
    zones: ["europe-west1-b"],
    nodeCount: 1,
    version: OLD,
    nodeImage: "cos-105",
    labels: { team: "web", tier: "frontend" },
  });
  await must(cp(), "POST", `/v1/fleets/${fleet}/update-runs`, {
    name: "nightly",
    strategy: "canary-first",
    upgrade: { type: "ControlPlaneOnly", kubernetesVersion: NEW },
  });
  // Of this file's fleets only: the other files' runs, on the same control plane, are
  // not this file's to send anywhere.
  await must(cp(), "PUT", `/v1/notifications/${HOOKS}`, {
    url: "https://hooks.example.com/regatta",
    secret: "a-subscriber-secret-0123",
    events: ["updaterun.*"],
    fleets: [fleet, LAB],
  });
  // Nodes come up on the sim clock.
  await must(cp(), "POST", "/v1/sim/advance", { seconds: 3600 });
});

describe("get <kind> [name]: kubectl-style reads", () => {
  it("get fleets and get clusters print a table with a header and a row each", async () => {
    const fleets = await cli(cp(), ["get", "fleets"]);
    expect(fleets.code, fleets.stderr).toBe(0);
    expect(rows(fleets.stdout)[0]).toMatch(/^NAME\s+CREATED$/);
    // The other files' fleets are listed too; this file's are its two, in name order.
    expect(
      rows(fleets.stdout)
        .slice(1)
        .map((r) => r.split(/\s+/)[0] ?? "")
        .filter(scene.mine),
    ).toEqual([LAB, fleet]);
    const clusters = await cli(cp(), ["get", "clusters"]);
    expect(rows(clusters.stdout)[0]).toMatch(
      /^NAME\s+FLEET\s+ROLE\s+REGION\s+CHANNEL\s+VERSION\s+PHASE\s+GROUP$/,
    );
    expect(rows(clusters.stdout)).toContainEqual(
      expect.stringMatching(
        new RegExp(`^${A}\\s+${fleet}\\s+standalone\\s+europe-west1\\s+REGULAR\\s+1\\.21\\.11`),
      ),
    );
  });

  it("list is get; kinds take their singular and short names", async () => {
    const list = await cli(cp(), ["list", "clusters", "-o", "json"]);
    const get = await cli(cp(), ["get", "cluster", "-o", "json"]);
    expect(list.code).toBe(0);
    expect(json(list.stdout)).toEqual(json(get.stdout));
    const np = await cli(cp(), ["get", "np", "-c", A]);
    expect(np.code, np.stderr).toBe(0);
  });

  it("-o json and yaml print the API's objects: one by name, a list as {items, nextCursor}", async () => {
    const one = await cli(cp(), ["get", "cluster", A, "-o", "json"]);
    expect(one.code).toBe(0);
    const api = await must(cp(), "GET", `/v1/clusters/${A}`);
    expect(json(one.stdout)).toEqual(api);
    const all = await cli(cp(), ["get", "clusters", "-o", "yaml"]);
    const listed = parse(all.stdout);
    expect(listed.nextCursor).toBeNull();
    const mine = listed.items.filter((c: { name: string }) => scene.mine(c.name));
    expect(named(mine)).toEqual([LAB_A, A, B]);
    expect(mine[1]).toEqual(api);
  });

  it("--fleet filters clusters on the server and names the fleet of runs", async () => {
    const lab = await cli(cp(), ["get", "clusters", "--fleet", LAB, "-o", "json"]);
    expect(named(json(lab.stdout).items)).toEqual([LAB_A]);
    const runs = await cli(cp(), ["get", "runs", "--fleet", fleet]);
    expect(rows(runs.stdout)[0]).toMatch(/^NAME\s+STATE\s+CREATED\s+MESSAGE$/);
    expect(rows(runs.stdout)[1]).toMatch(/^nightly\s+NotStarted\s/);
    const run = await cli(cp(), ["get", "run", "nightly", "--fleet", fleet, "-o", "json"]);
    expect(json(run.stdout)).toMatchObject({ name: "nightly", strategy: "canary-first" });
  });

  it("pools and nodes of a cluster: -c / --cluster, --pool, --state", async () => {
    const pools = await cli(cp(), ["get", "pools", "--cluster", A]);
    expect(rows(pools.stdout)[0]).toMatch(
      /^NAME\s+MACHINE TYPE\s+ZONES\s+NODES\/ZONE\s+AUTOSCALING\s+VERSION\s+IMAGE$/,
    );
    expect(
      rows(pools.stdout)
        .slice(1)
        .map((r) => r.split(/\s+/)[0]),
    ).toEqual(["default", "web"]);
    const pool = await cli(cp(), ["get", "pool", "web", "-c", A, "-o", "json"]);
    expect(json(pool.stdout)).toMatchObject({ name: "web", labels: { team: "web" } });
    const nodes = await cli(cp(), ["get", "nodes", "-c", A, "--pool", "default", "-o", "json"]);
    const items: { name: string; pool: string; state: string }[] = json(nodes.stdout).items;
    expect(items).toHaveLength(2);
    expect(items.every((n) => n.pool === "default" && n.state === "READY")).toBe(true);
    const ready = await cli(cp(), ["get", "nodes", "-c", A, "--state", "READY"]);
    expect(rows(ready.stdout)).toHaveLength(1 + 3);
    const none = await cli(cp(), ["get", "nodes", "-c", A, "--state", "DRAINING"]);
    expect(none).toMatchObject({ code: 0, stdout: "", stderr: "No nodes found.\n" });
    const byName = await cli(cp(), ["get", "node", items[0]?.name ?? "", "-c", A]);
    expect(rows(byName.stdout)[1]).toMatch(
      new RegExp(`^${A}-default-europe-west1-\\S+\\s+default\\s`),
    );
  });

  it("-l / --selector matches pools' labels, client-side: k=v, k!=v, k, !k", async () => {
    const names = async (selector: string) => {
      const ran = await cli(cp(), ["get", "pools", "-c", A, "-l", selector, "-o", "json"]);
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
      `fleet=${fleet},updateGroup!=rest`,
      "-o",
      "json",
    ]);
    expect(named(json(ran.stdout).items)).toEqual([A]);
    const phase = await cli(cp(), ["get", "clusters", "--field-selector", "status.phase=NOPE"]);
    expect(phase).toMatchObject({ code: 0, stdout: "", stderr: "No clusters found.\n" });
  });

  it("--limit stops early with the API's cursor; --cursor goes on from it, across pages", async () => {
    // The other files' clusters share the list, so its pages are held to the whole of it:
    // the first page is its first cluster, and the cursor goes on with all the others.
    const whole = named(json((await cli(cp(), ["get", "clusters", "-o", "json"])).stdout).items);
    expect(whole.filter(scene.mine)).toEqual([LAB_A, A, B]);
    const first = await cli(cp(), ["get", "clusters", "--limit", "1", "-o", "json"]);
    const page = json(first.stdout);
    expect(named(page.items)).toEqual(whole.slice(0, 1));
    expect(page.nextCursor).toEqual(expect.any(String));
    const rest = await cli(cp(), ["get", "clusters", "--cursor", page.nextCursor, "-o", "json"]);
    expect(named(json(rest.stdout).items)).toEqual(whole.slice(1));
    // A filter that skips the first page's only item (never A: LAB_A sorts before it)
    // makes get ask for the next page.
    const filtered = await cli(cp(), [
      "get",
      "clusters",
      "--limit",
      "1",
      "--field-selector",
      `fleet=${fleet}`,
      "-o",
      "json",
    ]);
    expect(named(json(filtered.stdout).items)).toEqual([A]);
  });

  it("operations are read by id or listed per cluster; subscriptions list without their secret", async () => {
    const started = await must(cp(), "POST", `/v1/clusters/${A}/node-pools/web/upgrade`, {
      nodeImage: "cos-110",
      ignoreMaintenanceWindow: true,
    });
    operationId = started.id;
    const op = await cli(cp(), ["get", "operation", started.id]);
    expect(op.code, op.stderr).toBe(0);
    expect(rows(op.stdout)[0]).toMatch(/^OPERATION\s+KIND\s+TARGET\s+STATE/);
    expect(rows(op.stdout)[1]).toContain(`${started.id}  NODE_POOL_UPGRADE  ${A}/web`);
    const listed = await cli(cp(), ["get", "operations", "-c", A, "-o", "json"]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(json(listed.stdout).items).toContainEqual(
      expect.objectContaining({ id: started.id, kind: "NODE_POOL_UPGRADE" }),
    );
    const running = await cli(cp(), ["get", "ops", "-c", A, "--state", "RUNNING"]);
    expect(rows(running.stdout)[1]).toContain(started.id);
    const noCluster = await cli(cp(), ["get", "operations"]);
    expect(noCluster.code).toBe(2);
    expect(noCluster.stderr).toContain("operations are listed per cluster: add -c CLUSTER");
    const subs = await cli(cp(), ["get", "subscriptions", "-o", "json"]);
    // Other files' subscriptions are listed too; this file has the one.
    expect(json(subs.stdout).items.filter((s: { name: string }) => scene.mine(s.name))).toEqual([
      expect.objectContaining({ name: HOOKS, url: "https://hooks.example.com/regatta" }),
    ]);
    expect(subs.stdout).not.toContain("a-subscriber-secret");
    const one = await cli(cp(), ["get", "notification", HOOKS]);
    expect(rows(one.stdout)[1]).toMatch(
      new RegExp(`^${HOOKS}\\s+https://hooks\\.example\\.com/regatta\\s`),
    );
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
      // Their fleet `prod` and its clusters are this file's copy of the scene.
      const argv = example
        .replace(/7f0c2a…/, operationId)
        .replace(/\bprod\b/g, fleet)
        .split(/\s+/);
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
    const node = await cli(cp(), ["get", "node", "nope", "-c", A]);
    expect(node.code).toBe(1);
    expect(node.stderr).toContain(`error: 404 Not Found: cluster ${A} has no node nope`);
  });

  it("a viewer outside the fleet is refused with the API's 403", async () => {
    const viewer = await must(cp(), "POST", "/v1/tokens", {
      name: scene.named("lab-viewer"),
      role: "viewer",
      fleets: [LAB],
    });
    const ran = await cli(cp(), ["get", "runs", "--fleet", fleet], { token: viewer.token });
    expect(ran.code).toBe(1);
    expect(ran.stderr).toMatch(/^error: 403 Forbidden: /);
  });
});
