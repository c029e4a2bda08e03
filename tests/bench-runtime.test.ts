import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The benches start workerd through the root `miniflare` (scripts/bench/lib/
 * control-plane.ts); `npm start` and the workerd tests run the one wrangler brings. They
 * must be the same: a bench on an older Miniflare timed another workerd and another local
 * queue broker (one whose per-message timers failed bursts of sends), not the product as
 * it runs.
 */
const root = join(import.meta.dirname, "..");
const require = createRequire(join(root, "package.json"));

function json<T>(path: string): T {
  return JSON.parse(readFileSync(path, "utf8")) as T;
}

describe("the benches run the workerd that wrangler runs", () => {
  it("the root miniflare is the version wrangler depends on, pinned exactly", () => {
    const wrangler = json<{ dependencies: Record<string, string> }>(
      require.resolve("wrangler/package.json"),
    ).dependencies.miniflare;
    const pinned = json<{ devDependencies: Record<string, string> }>(join(root, "package.json"))
      .devDependencies.miniflare;
    const installed = json<{ version: string }>(require.resolve("miniflare/package.json")).version;
    expect(pinned).toBe(wrangler);
    expect(installed).toBe(wrangler);
  });
});
