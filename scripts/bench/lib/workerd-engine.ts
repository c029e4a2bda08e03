import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { median } from "./stats.ts";

const PROBE = fileURLToPath(new URL("./autoscaler-probe.worker.ts", import.meta.url));

/** Bundles the probe worker (engine included) with wrangler's own esbuild. */
async function bundleProbe(): Promise<string> {
  const require = createRequire(createRequire(import.meta.url).resolve("wrangler/package.json"));
  const esbuild = (await import(require.resolve("esbuild"))) as typeof import("esbuild");
  const out = await esbuild.build({
    entryPoints: [PROBE],
    bundle: true,
    format: "esm",
    target: "es2022",
    write: false,
    platform: "neutral",
  });
  return out.outputFiles[0]?.text ?? "";
}

/**
 * Times one `evaluateCluster` pass per scenario inside workerd (Miniflare): the median
 * of `repeats` request round trips minus the median of an empty round trip. Timers
 * inside workerd do not advance during CPU work, so the time is taken outside.
 */
export async function timeInWorkerd(
  scenarios: readonly string[],
  repeats = 3,
): Promise<Record<string, number>> {
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      script: await bundleProbe(),
      compatibilityDate: "2025-09-01",
    }),
  );
  try {
    const url = await mf.ready;
    const post = async (path: string, body: unknown = {}): Promise<number> => {
      const start = performance.now();
      const res = await fetch(new URL(path, url), { method: "POST", body: JSON.stringify(body) });
      await res.text();
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      return performance.now() - start;
    };
    const pings: number[] = [];
    for (let i = 0; i < 5; i++) pings.push(await post("/ping"));
    const rtt = median(pings);
    const result: Record<string, number> = {};
    for (const scenario of scenarios) {
      await post("/build", { scenario });
      await post("/evaluate");
      const times: number[] = [];
      for (let i = 0; i < repeats; i++) times.push(await post("/evaluate"));
      result[scenario] = Math.max(0, median(times) - rtt);
    }
    return result;
  } finally {
    await mf.dispose();
  }
}
