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

function versionOf(packageJson: string): string {
  return (JSON.parse(readFileSync(packageJson, "utf8")) as { version: string }).version;
}

describe("the benches run the workerd that wrangler runs", () => {
  it("the root miniflare is the version wrangler depends on, pinned exactly", () => {
    const wrangler = JSON.parse(readFileSync(require.resolve("wrangler/package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    const pinned = (
      JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
        devDependencies: Record<string, string>;
      }
    ).devDependencies.miniflare;
    const installed = versionOf(require.resolve("miniflare/package.json"));
    expect(pinned).toBe(wrangler.dependencies.miniflare);
    expect(installed).toBe(wrangler.dependencies.miniflare);
  });
});
