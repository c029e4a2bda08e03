import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The object runtime stays one small kernel (issue 28): runtime/runtime.ts is a facade
 * over modules of one concern each, and a durable retry has one table and one policy,
 * runtime/deliveries.ts's, which every object and the outbox use.
 */

const root = join(import.meta.dirname, "..");
const src = join(root, "workers/control-plane/src");
const DELIVERIES = "runtime/deliveries.ts";

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith(".ts") ? [path] : [];
  });
}

/** Each source file of the control plane, by its path under src/. */
const files = sources(src).map((path) => ({
  path: relative(src, path),
  text: readFileSync(path, "utf8"),
}));

function where(pattern: RegExp, keep: (path: string) => boolean = () => true): string[] {
  return files
    .filter((file) => keep(file.path) && file.path !== DELIVERIES)
    .flatMap((file) =>
      [...file.text.matchAll(new RegExp(pattern, "g"))].map((m) => `${file.path}: ${m[0]}`),
    );
}

describe("the object runtime is one small kernel", () => {
  it("runtime/runtime.ts is a facade of at most 200 lines", () => {
    const lines = readFileSync(join(src, "runtime/runtime.ts"), "utf8").split("\n").length - 1;
    expect(lines, "split a concern out into a module of runtime/").toBeLessThanOrEqual(200);
  });

  it("a bound on attempts is declared only in runtime/deliveries.ts (one retry policy)", () => {
    // MAX_…_ATTEMPTS anywhere, or any …ATTEMPTS constant in the runtime itself.
    expect(where(/\bconst\s+MAX_\w*ATTEMPTS\w*\s*=/)).toEqual([]);
    expect(where(/\bconst\s+\w*ATTEMPTS\w*\s*=/, (path) => path.startsWith("runtime/"))).toEqual(
      [],
    );
  });

  it("no storage table keeps retry state outside the deliveries (one retry table)", () => {
    const retryColumns =
      /CREATE TABLE[^"`]*\b(next_attempt|retry_at|attempts INTEGER NOT NULL DEFAULT)/;
    expect(where(retryColumns)).toEqual([]);
  });

  it("the runtime has one backoff schedule, the deliveries'", () => {
    expect(where(/\bexponentialBackoff\(/, (path) => path.startsWith("runtime/"))).toEqual([]);
    expect(readFileSync(join(src, DELIVERIES), "utf8")).toMatch(/\bexponentialBackoff\(/);
  });

  it("objects retry only through the deliveries (or the alarm loop's run again of a failed timer): no backoff or retry interval of their own", () => {
    const inObjects = (path: string) => path.startsWith("objects/");
    expect(where(/\bexponentialBackoff\(/, inObjects)).toEqual([]);
    expect(where(/\bconst\s+\w*RETRY\w*\s*=/, inObjects)).toEqual([]);
  });
});
