/**
 * Chaos at scale: the workerd chaos test (workers/control-plane/test/chaos.test.ts) with
 * 1,000 seeded runs instead of CI's 30. Each run is a node-pool upgrade (surge or
 * blue-green, small pool) under random sim faults, the fleet object restarted at random
 * crash points while virtual time is driven. Prints runs, restarts (by crash point) and
 * invariant violations, then one key=value line. Not asserted here (the test asserts).
 *
 * Run: `tsx scripts/bench/chaos.bench.ts` (or `pnpm bench`). `CHAOS_RUNS=200` and
 * `CHAOS_SEED=7` change the size and the seed.
 */
import { performance } from "node:perf_hooks";
import { REPO_ROOT } from "./lib/control-plane.ts";
import { describeRuntime, formatInt, printKeyValues, printTable } from "./lib/report.ts";

async function main(): Promise<void> {
  const runs = Number(process.env.CHAOS_RUNS ?? 1000);
  const seed = Number(process.env.CHAOS_SEED ?? 20_260_105);

  console.log(`chaos: ${runs} runs, seed ${seed}; ${describeRuntime()}`);
  let summary: string | undefined;
  const violations: string[] = [];
  const started = performance.now();
  // vitest/node is ESM only; this file runs as CommonJS under tsx.
  const { startVitest } = await import("vitest/node");
  const vitest = await startVitest("test", ["workers/control-plane/test/chaos.test.ts"], {
    root: REPO_ROOT,
    run: true,
    watch: false,
    project: ["control-plane"],
    provide: { chaosRuns: runs, chaosSeed: seed },
    reporters: ["dot"],
    // The test prints its tally; keep it (and the violations) for the report below.
    onConsoleLog: (log) => {
      if (log.startsWith("chaos: ")) summary = log.trim();
      else if (log.startsWith("chaos violation: ")) violations.push(log.trim());
      return false;
    },
  });
  await vitest.close();
  const seconds = (performance.now() - started) / 1000;

  const tally = (name: string) => {
    const match = new RegExp(`(?:^|[ (])${name}=(\\d+)`).exec(summary ?? "");
    return match ? Number(match[1]) : 0;
  };
  const points = ["after-commit", "between-timers", "after-write-back", "after-delivery"];
  printTable(
    [{ header: "measure" }, { header: "value", align: "right" }],
    [
      ["runs", formatInt(tally("runs"))],
      ["restarts", formatInt(tally("restarts"))],
      ...points.map((point) => [`  at ${point}`, formatInt(tally(point))]),
      ["invariant checks (after every step)", formatInt(tally("invariant-checks"))],
      ["violations", formatInt(tally("violations"))],
      ["wall seconds", seconds.toFixed(1)],
    ],
  );
  for (const line of violations.slice(0, 20)) console.log(line);
  printKeyValues("chaos", {
    runs: tally("runs"),
    restarts: tally("restarts"),
    invariant_checks: tally("invariant-checks"),
    violations: summary === undefined ? "unknown" : tally("violations"),
    seed,
    seconds: Math.round(seconds),
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
