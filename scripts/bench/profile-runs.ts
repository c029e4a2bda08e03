/**
 * Where the time of the scale benchmark's item (a) goes: `BENCH_RUNS` (100) zero-duration
 * update runs of `BENCH_RUN_MEMBERS` (100) members at once, driven as
 * runs-scale.bench.ts drives them, with V8's sampling profiler on workerd through its
 * inspector (Chrome DevTools protocol). Prints the wall time, then the functions with the
 * most self time and the files (bundle sources, by the sources' path comments) they sit
 * in, and writes the whole profile for DevTools to `BENCH_PROFILE_OUT`
 * (/tmp/regatta-runs.cpuprofile).
 *
 * Not a bench (`npm run bench` does not run it): a tool for finding the hot paths.
 * Run: `tsx scripts/bench/profile-runs.ts`.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { bundleControlPlane, startControlPlane } from "./lib/control-plane.ts";
import { controlPlaneTarget, session } from "./lib/inspector.ts";
import { formatInt, formatMs, printTable } from "./lib/report.ts";
import { ADMIN_TOKEN, createRun, driveToCompleted, seedFleet, setUp } from "./lib/zero-runs.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const RUN_MEMBERS = Number(process.env.BENCH_RUN_MEMBERS ?? 100);
const OUT = process.env.BENCH_PROFILE_OUT ?? "/tmp/regatta-runs.cpuprofile";
const INSPECTOR_PORT = Number(process.env.BENCH_INSPECTOR_PORT ?? 9329);
const TOP = 40;

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
}

/**
 * The bundle's source files by line: esbuild writes `// path/to/file.ts` before each
 * module, so a bundle line belongs to the last such comment above it.
 */
async function sourcesByLine(bundlePath: string): Promise<(line: number) => string> {
  const lines = (await readFile(bundlePath, "utf8")).split("\n");
  const starts: { line: number; file: string }[] = [];
  lines.forEach((text, i) => {
    const m = /^\/\/ (\S+\.(?:ts|tsx|js|mjs))$/.exec(text);
    if (m) starts.push({ line: i, file: m[1]! });
  });
  return (line) => {
    let lo = 0;
    let hi = starts.length - 1;
    let found = "?";
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid]!.line <= line) {
        found = starts[mid]!.file;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  };
}

async function main(): Promise<void> {
  const bundle = await bundleControlPlane();
  const cp = await startControlPlane({
    bundle,
    adminToken: ADMIN_TOKEN,
    vars: { REGATTA_PROVIDER: "sim", SIM_SPEED: "0" },
    inspectorPort: INSPECTOR_PORT,
  });
  try {
    await setUp(cp);
    const fleets = Array.from({ length: RUNS }, (_, i) => `a${String(i).padStart(3, "0")}`);
    for (const fleet of fleets) await seedFleet(cp, fleet, RUN_MEMBERS);
    for (const fleet of fleets) await createRun(cp, fleet);
    const inspector = await session(await controlPlaneTarget(INSPECTOR_PORT));
    await inspector.send("Profiler.enable");
    await inspector.send("Profiler.setSamplingInterval", { interval: 500 });
    await inspector.send("Profiler.start");
    const t0 = performance.now();
    const driven = await driveToCompleted(cp, fleets);
    const wallMs = performance.now() - t0;
    const { profile } = await inspector.send<{ profile: Profile }>("Profiler.stop");
    inspector.close();
    await writeFile(OUT, JSON.stringify(profile));

    const fileOf = await sourcesByLine(join(bundle.dir, bundle.entry));
    const total = profile.nodes.reduce((sum, n) => sum + (n.hitCount ?? 0), 0);
    const byFunction = new Map<string, number>();
    const byFile = new Map<string, number>();
    for (const node of profile.nodes) {
      const hits = node.hitCount ?? 0;
      if (hits === 0) continue;
      const { functionName, url, lineNumber } = node.callFrame;
      const file = url.endsWith(bundle.entry) ? fileOf(lineNumber) : url || "(native)";
      const fn = `${functionName || "(anonymous)"} ${file}:${lineNumber + 1}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + hits);
      byFile.set(file, (byFile.get(file) ?? 0) + hits);
    }
    const share = (hits: number) => `${((100 * hits) / total).toFixed(1)} %`;
    console.log(
      `${RUNS} runs × ${RUN_MEMBERS} members: ${formatMs(wallMs / 1000)} s wall, ${formatInt(driven.advances)} advances, ${formatInt(total)} samples of the control plane's isolate; profile in ${OUT}`,
    );
    const top = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]).slice(0, TOP);
    printTable(
      [{ header: "self", align: "right" }, { header: "function (bundle line → source)" }],
      top(byFunction).map(([fn, hits]) => [share(hits), fn]),
    );
    console.log("");
    printTable(
      [{ header: "self", align: "right" }, { header: "source file" }],
      top(byFile).map(([file, hits]) => [share(hits), file]),
    );
  } finally {
    await cp.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
