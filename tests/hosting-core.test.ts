import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * One hosting core outside the Durable Object (issue 28): how upgrades are hosted against
 * the simulated provider — commands to the sim, answers routed to their operation, a
 * worker pool started by its cluster upgrade and its end carried back, time moved to the
 * next instant — is written once, in packages/engine/src/hosting/ (`SimFleet`). The
 * what-if plans and the benchmarks run it; neither moves the sim or feeds a machine
 * itself, so a plan and a benchmark see what the fleet does by construction.
 */

const root = join(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith(".ts") ? [path] : [];
  });
}

/** Calls that host: the sim moved or asked for its next report, a machine fed events. */
const HOSTING = /\b(simAdvance|simNextEventAt|simSubmit|decideAll|decideClusterUpgradeAll)\(/g;

/** Where a call that hosts is written, outside the hosting core (timing wrappers aside). */
function hostingCalls(dir: string, allowed: readonly string[] = []): string[] {
  return sources(join(root, dir))
    .map((path) => relative(root, path))
    .filter((path) => !allowed.includes(path))
    .flatMap((path) =>
      [...readFileSync(join(root, path), "utf8").matchAll(HOSTING)].map((m) => `${path}: ${m[0]}`),
    );
}

describe("one hosting core: the planner and the benchmarks run the engine's SimFleet", () => {
  it("the what-if plans host nothing themselves", () => {
    expect(hostingCalls("packages/engine/src/plan")).toEqual([]);
  });

  it("the benchmarks' pure halves host nothing themselves: they time the core's machines", () => {
    // timed-host.ts wraps HOST_MACHINES (each call passes straight through, timed).
    expect(hostingCalls("scripts/bench", ["scripts/bench/lib/timed-host.ts"])).toEqual([]);
  });

  it("the planner and both benchmark drivers import the core", () => {
    for (const path of [
      "packages/engine/src/plan/update-run.ts",
      "packages/engine/src/plan/rollout.ts",
      "scripts/bench/lib/cluster-sim.ts",
      "scripts/bench/lib/pool-sim.ts",
    ]) {
      expect(readFileSync(join(root, path), "utf8"), path).toMatch(/\bSimFleet\b/);
    }
  });
});
