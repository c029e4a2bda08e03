import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");

/** Every repository path a document names: `workers/…`, `packages/…`, `docs/…` and the like. */
function namedPaths(text: string): string[] {
  const found = text.match(/\b(?:workers|packages|docs|scripts|migrations|tests)\/[\w./-]*/g) ?? [];
  return [...new Set(found.map((path) => path.replace(/[.)]+$/, "")))];
}

describe("docs name only what exists", () => {
  const docs = readdirSync(join(root, "docs")).filter((name) => name.endsWith(".md"));

  it.each(docs)("every path docs/%s names exists in the repository", (name) => {
    const text = readFileSync(join(root, "docs", name), "utf8");
    const missing = namedPaths(text).filter((path) => !existsSync(join(root, path)));
    expect(missing, `docs/${name} names paths that do not exist`).toEqual([]);
  });

  it("docs/architecture.md names the files of the code it describes", () => {
    const text = readFileSync(join(root, "docs/architecture.md"), "utf8");
    // A diagram that names nothing could not go stale: it must point into the code.
    expect(namedPaths(text).length).toBeGreaterThan(40);
  });
});
