import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The room boundary (docs/architecture.md): the fleet's rooms reach each other, and the
 * update-run object reaches them, only through a room's index.ts. Biome enforces it
 * (biome.jsonc); these tests plant violations beside a copy of that configuration, so
 * the check is seen failing on them, not only passing on the tree.
 */

const root = join(import.meta.dirname, "..");
const fleet = "workers/control-plane/src/objects/fleet";
const rooms = readdirSync(join(root, fleet), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** Lints `files` (path → text) under the repository's biome.jsonc; where imports were refused. */
function refusedImports(files: Record<string, string>): string[] {
  const dir = mkdtempSync(join(tmpdir(), "regatta-rooms-"));
  try {
    copyFileSync(join(root, "biome.jsonc"), join(dir, "biome.jsonc"));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const run = spawnSync(
      join(root, "node_modules/.bin/biome"),
      ["lint", "--reporter=json", "--colors=off", ...Object.keys(files)],
      { cwd: dir, encoding: "utf8" },
    );
    const report: {
      diagnostics: { category: string; location: { path: string; start: { line: number } } }[];
    } = JSON.parse(run.stdout);
    return report.diagnostics
      .filter((d) => d.category === "lint/style/noRestrictedImports")
      .map((d) => `${d.location.path}:${d.location.start.line}`)
      .sort();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const imports = (...from: string[]) =>
  `${from.map((path, i) => `import * as m${i} from "${path}";`).join("\n")}\nexport const all = [${from.map((_, i) => `m${i}`).join(", ")}];\n`;

describe("rooms meet only through their index.ts (biome.jsonc)", () => {
  it("the rooms are the folders of the fleet object, each entered through an index.ts", () => {
    expect(rooms).toEqual([
      "autoscaler",
      "cluster-upgrade",
      "node-pool",
      "notifications",
      "provider",
      "rollout",
      "run-members",
    ]);
    const missing = rooms.filter((room) => !existsSync(join(root, fleet, room, "index.ts")));
    expect(missing, "rooms without an index.ts").toEqual([]);
  });

  it("a room importing another room's module is refused; its index.ts, the room's own modules and the layers below are not", () => {
    const planted = `${fleet}/autoscaler/planted.ts`;
    const refused = refusedImports({
      [planted]: imports(
        "../node-pool/store.ts",
        "../node-pool/index.ts",
        "./host.ts",
        "../../../runtime/types.ts",
        "../ends.ts",
        "../../notifications/record.ts",
      ),
    });
    expect(refused).toEqual([`${planted}:1`]);
  });

  it("every room's modules are closed to every other room and to the update-run object", () => {
    const files: Record<string, string> = {};
    for (const room of rooms) {
      const others = rooms.filter((other) => other !== room);
      files[`${fleet}/${room}/planted.ts`] = imports(...others.map((o) => `../${o}/host.ts`));
    }
    files["workers/control-plane/src/objects/update-run/planted.ts"] = imports(
      ...rooms.map((room) => `../fleet/${room}/members.ts`),
      ...rooms.map((room) => `../fleet/${room}/index.ts`),
    );
    const refused = refusedImports(files);
    const expected = [
      ...rooms.flatMap((room) =>
        rooms.slice(1).map((_, i) => `${fleet}/${room}/planted.ts:${i + 1}`),
      ),
      ...rooms.map((_, i) => `workers/control-plane/src/objects/update-run/planted.ts:${i + 1}`),
    ].sort();
    expect(refused).toEqual(expected);
  });

  it("a room keeps the objects' layers: a service or route import is refused", () => {
    const planted = `${fleet}/rollout/planted.ts`;
    const refused = refusedImports({
      [planted]: imports("../../../services/rollout/plan.ts", "../../../routes/rollout.ts"),
    });
    expect(refused).toEqual([`${planted}:1`, `${planted}:2`]);
  });

  it("ends.ts, the end mechanism, imports no room: rooms subscribe to it through the table", () => {
    const text = readFileSync(join(root, fleet, "ends.ts"), "utf8");
    const roomImports = rooms.filter((room) => text.includes(`from "./${room}/`));
    expect(roomImports).toEqual([]);
  });
});

describe("the object runtime knows no provider protocol (biome.jsonc)", () => {
  it("runtime/ importing @regatta/protocol is refused; the objects that pass its window in may", () => {
    const runtime = "workers/control-plane/src/runtime/planted.ts";
    const wiring = "workers/control-plane/src/objects/planted.ts";
    const refused = refusedImports({
      [runtime]: imports("@regatta/protocol", "./types.ts"),
      [wiring]: imports("@regatta/protocol"),
    });
    expect(refused).toEqual([`${runtime}:1`]);
  });

  it("no module of runtime/ imports @regatta/protocol", () => {
    const dir = join(root, "workers/control-plane/src/runtime");
    const importing = readdirSync(dir)
      .filter((file) => file.endsWith(".ts"))
      .filter((file) => readFileSync(join(dir, file), "utf8").includes('from "@regatta/protocol'));
    expect(importing).toEqual([]);
  });
});
