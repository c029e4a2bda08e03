import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The engine returns rule kinds and the HTTP edge (workers/control-plane/src/http/
 * problem.ts) maps them to statuses, so a status code in the engine's code is a rule
 * reaching for HTTP. Comments may still name the status a kind becomes.
 */

const root = join(import.meta.dirname, "..");
const engine = join(root, "packages/engine/src");

/** Numbers API.md answers with; a dotted version's `gke.400` is not one. */
const STATUS = /(?<![\d.-])\b(400|404|409|422|429|500|503)\b(?![\d.])/;

/** Numbers in the engine's code that are quantities, not statuses (file → the line's text). */
const QUANTITIES: Record<string, string[]> = {
  // How far ahead an update-run plan and MW-3's next opening look: 400 days.
  "plan/update-run.ts": ["const DEFAULT_HORIZON = 400 * DAY;"],
  "maintenance/next-open.ts": ["export const NEXT_OPEN_HORIZON_DAYS = 400;"],
};

/** The lines of `text` outside comments that carry a status code, as `line: text`. */
function statusLines(text: string, quantities: string[] = []): string[] {
  const code = text
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, " "))
    .split("\n")
    .map((line) => line.replace(/(^|\s)\/\/.*$/, ""));
  return code.flatMap((line, i) =>
    STATUS.test(line) && !quantities.includes(line.trim()) ? [`${i + 1}: ${line.trim()}`] : [],
  );
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

describe("the engine speaks no HTTP", () => {
  it("no status code appears in the code of packages/engine/src, only in comments", () => {
    const found = sources(engine).flatMap((path) => {
      const file = relative(engine, path);
      return statusLines(readFileSync(path, "utf8"), QUANTITIES[file]).map((l) => `${file}:${l}`);
    });
    expect(found).toEqual([]);
  });

  it("the check is seen failing on a refusal that carries a status, and not on a comment naming one", () => {
    const planted = [
      "/** A `conflict` becomes a 409 at the edge. */",
      'export const a = refuse("NUP-7", 409, "NUP-7: cancel it first");',
      "export const b = {",
      '  error: { rule: "VER-1", status: 400 },',
      "}; // a 400, as API.md says",
      'export const c = "1.24.1-gke.400";',
    ].join("\n");
    expect(statusLines(planted)).toEqual([
      '2: export const a = refuse("NUP-7", 409, "NUP-7: cancel it first");',
      '4: error: { rule: "VER-1", status: 400 },',
    ]);
  });
});

/** A worker refusal given a status instead of a kind: `refused(404, …)`. */
const NUMERIC_REFUSAL = /\brefused\(\s*\d/;
const NUMERIC_REFUSAL_ALL = new RegExp(NUMERIC_REFUSAL.source, "g");

describe("the worker's services and objects refuse in kinds, as the engine does", () => {
  const worker = join(root, "workers/control-plane/src");
  const dirs = ["services", "objects"].map((dir) => join(worker, dir));

  it("no `refused(<status>, …)` in workers/control-plane/src/services or objects: http/problem.ts maps a kind to its status", () => {
    const found = dirs.flatMap((dir) =>
      sources(dir).flatMap((path) => {
        const text = readFileSync(path, "utf8");
        return [...text.matchAll(NUMERIC_REFUSAL_ALL)].map(
          (match) => `${relative(worker, path)}:${text.slice(0, match.index).split("\n").length}`,
        );
      }),
    );
    expect(found).toEqual([]);
  });

  it("the check is seen failing on a refusal with a status, across lines too, and not on one with a kind", () => {
    expect(NUMERIC_REFUSAL.test('return refused(404, "cluster c does not exist");')).toBe(true);
    expect(NUMERIC_REFUSAL.test('return refused(\n  409,\n  "busy");')).toBe(true);
    expect(NUMERIC_REFUSAL.test('return refused("missing", "cluster c does not exist");')).toBe(
      false,
    );
  });
});
