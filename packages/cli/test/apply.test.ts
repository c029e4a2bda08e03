import { describe, expect, it } from "vitest";
import {
  api,
  cli,
  inventory,
  names,
  putRelease,
  useControlPlane,
  writeDocuments,
} from "./helpers.ts";

const { cp, dir } = useControlPlane();
const scene = names("apply");
const INVENTORY = inventory(scene);

describe("regatta apply -f", () => {
  it("creates every document in dependency order and shows each field it sets", async () => {
    await putRelease(cp());
    const file = await writeDocuments(dir(), "inventory.yaml", INVENTORY);
    const first = await cli(cp(), ["apply", "-f", file]);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`Fleet fleets/${scene.fleet}: created`);
    expect(first.stdout).toContain(`NodePool clusters/${scene.a}/node-pools/default: created`);
    expect(first.stdout).toContain("  + nodeCount: 1");
    // Zones and the machine type are written before the pool that needs them.
    expect(first.stdout.indexOf("Zone zones/europe-west1-b")).toBeLessThan(
      first.stdout.indexOf("NodePool"),
    );
    expect((await api(cp(), "GET", `/v1/clusters/${scene.a}/node-pools/default`)).status).toBe(200);
  });

  it("a second apply of the same file changes nothing and says so", async () => {
    const file = await writeDocuments(dir(), "inventory.yaml", INVENTORY);
    const before = await api(cp(), "GET", `/v1/clusters/${scene.a}/node-pools/default`);
    const again = await cli(cp(), ["apply", "-f", file]);
    expect(again.code).toBe(0);
    const lines = again.stdout.trim().split("\n");
    expect(lines).toHaveLength(8);
    for (const line of lines) expect(line).toMatch(/: unchanged$/);
    const after = await api(cp(), "GET", `/v1/clusters/${scene.a}/node-pools/default`);
    expect(after.body.updatedAt).toBe(before.body.updatedAt);
  });

  it("shows a field-level diff and writes only the document that changed", async () => {
    const changed = INVENTORY.replace("nodeCount: 1", "nodeCount: 2").replace(
      "maxSurge: 1 }",
      "maxSurge: 2 }",
    );
    const file = await writeDocuments(dir(), "changed.yaml", changed);
    const dry = await cli(cp(), ["apply", "--dry-run", "-f", file]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(
      `NodePool clusters/${scene.a}/node-pools/default: would be configured`,
    );
    expect(
      (await api(cp(), "GET", `/v1/clusters/${scene.a}/node-pools/default`)).body.nodeCount,
    ).toBe(1);
    const applied = await cli(cp(), ["apply", "-f", file]);
    expect(applied.code).toBe(0);
    expect(applied.stdout).toContain(
      [
        `NodePool clusters/${scene.a}/node-pools/default: configured`,
        "  ~ nodeCount: 1 → 2",
        "  ~ upgradeStrategy.maxSurge: 1 → 2",
      ].join("\n"),
    );
    expect(applied.stdout).toContain(`Cluster clusters/${scene.a}: unchanged`);
    expect(
      (await api(cp(), "GET", `/v1/clusters/${scene.a}/node-pools/default`)).body.nodeCount,
    ).toBe(2);
    const json = await cli(cp(), ["apply", "-f", file, "-o", "json"]);
    const results = JSON.parse(json.stdout);
    expect(results.every((r: { action: string }) => r.action === "unchanged")).toBe(true);
  });

  it("validates every document first: errors name file, document and field, and nothing is sent", async () => {
    const file = await writeDocuments(
      dir(),
      "bad.yaml",
      `apiVersion: regatta.dev/v1
kind: Fleet
metadata: { name: ${scene.named("staging")} }
---
apiVersion: regatta.dev/v1
kind: NodePool
metadata: { name: extra }
spec: { machineType: e2-standard-4, zones: [europe-west1-b], nodeCount: -1, version: 1.21, nodeImage: cos-105 }
---
apiVersion: regatta.dev/v2
kind: Gizmo
metadata: { name: x }
`,
    );
    const ran = await cli(cp(), ["apply", "-f", file]);
    expect(ran.code).toBe(2);
    expect(ran.stdout).toBe("");
    expect(ran.stderr).toContain("bad.yaml: document 2 (NodePool extra): metadata.cluster:");
    expect(ran.stderr).toContain(
      "bad.yaml: document 3 (Gizmo x): apiVersion: must be regatta.dev/v1",
    );
    expect(ran.stderr).toContain("kind: must be one of Fleet,");
    expect(ran.stderr).toContain("nothing was applied");
    // The valid first document was not applied either.
    expect((await api(cp(), "GET", `/v1/fleets/${scene.named("staging")}`)).status).toBe(404);
    const spec = await writeDocuments(
      dir(),
      "spec.yaml",
      `kind: NodePool
apiVersion: regatta.dev/v1
metadata: { name: extra, cluster: ${scene.a} }
spec: { machineType: e2-standard-4, zones: [europe-west1-b], nodeCount: -1, version: "1.21", nodeImage: cos-105 }
`,
    );
    const specRan = await cli(cp(), ["apply", "-f", spec]);
    expect(specRan.code).toBe(2);
    expect(specRan.stderr).toContain("spec.yaml: document 1 (NodePool extra): spec.nodeCount:");
    expect(specRan.stderr).toContain('spec.version: "1.21" is not a version');
  });

  it("a refusal from the API is printed as its problem and exits 1", async () => {
    const file = await writeDocuments(
      dir(),
      "refused.yaml",
      `apiVersion: regatta.dev/v1
kind: NodePool
metadata: { name: orphan, cluster: no-such-cluster }
spec: { machineType: e2-standard-4, zones: [europe-west1-b], nodeCount: 1, version: "1.21.11-gke.1100", nodeImage: cos-105 }
`,
    );
    const ran = await cli(cp(), ["apply", "-f", file]);
    expect(ran.code).toBe(1);
    expect(ran.stderr).toMatch(/^error: 404 /);
  });
});
