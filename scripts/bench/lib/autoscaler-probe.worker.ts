/**
 * A bare worker that runs the autoscaler engine inside workerd for the benchmark.
 * POST /build {scenario} builds the scenario's input and keeps it in memory;
 * POST /evaluate runs one `evaluateCluster` pass on it and answers a summary;
 * POST /ping answers at once (the round trip to subtract).
 */
import { type AutoscalerInput, evaluateCluster } from "../../../packages/engine/src/index.ts";
import { mixedCluster, steadyCluster, upstreamVector } from "./autoscaler-scenarios.ts";

const T0 = Date.UTC(2026, 10, 23, 12);
const SCENARIOS: Record<string, () => AutoscalerInput> = {
  vector: () => ({ ...upstreamVector(), options: { maxNodesPerScaleUp: 15_000 } }),
  mixed: mixedCluster,
  steady: steadyCluster,
};
let current: AutoscalerInput | undefined;

export default {
  async fetch(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === "/ping") return Response.json({ ok: true });
    if (pathname === "/build") {
      const { scenario } = (await request.json()) as { scenario: string };
      const build = SCENARIOS[scenario];
      if (!build) return new Response(`no scenario ${scenario}`, { status: 404 });
      current = build();
      return Response.json({ pods: current.pods.length, nodes: current.nodes.length });
    }
    if (pathname === "/evaluate" && current) {
      const d = evaluateCluster(current, T0);
      const added = d.actions.reduce((s, a) => s + (a.type === "SCALE_UP" ? a.delta : 0), 0);
      return Response.json({ added, records: d.records.length });
    }
    return new Response("not found", { status: 404 });
  },
};
