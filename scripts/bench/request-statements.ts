/**
 * What one API request costs the database: the D1 statements (in order), rows read and
 * written, and the object calls of a few routes, through the metered bundle
 * (lib/metered.worker.js) with the sim provider. Not a bench (`npm run bench` does not
 * run it): a tool for seeing what a route adds to its bare statement — the load bench
 * (api-load.bench.ts) measures what that costs under load.
 * Run: `tsx scripts/bench/request-statements.ts`.
 */
import { loadCatalog } from "./lib/catalog.ts";
import { bundleControlPlane, type HttpResult, startControlPlane } from "./lib/control-plane.ts";
import { meterBundle, readMeter } from "./lib/meter.ts";
import { clusterBody } from "./lib/sim-state.ts";

async function main(): Promise<void> {
  const cp = await startControlPlane({
    bundle: await meterBundle(await bundleControlPlane()),
    adminToken: "rgt_bench_probe_token_for_local_benchmarks_only_0123456789",
    vars: { REGATTA_PROVIDER: "sim", SIM_SPEED: "0" },
  });
  try {
    await cp.migrate();
    const at = Date.now();
    await loadCatalog(cp, {
      region: "europe-west1",
      zones: ["europe-west1-b"],
      machineType: "e2-standard-4",
      epoch: at,
    });
    await cp.insert("fleets", ["name", "created_at", "updated_at"], [["f", at, at]]);
    // Warm: the first request of an isolate opens its handles.
    await cp.put("/v1/clusters/warm", clusterBody("f"));
    await cp.get("/v1/clusters/warm");
    const routes: [string, () => Promise<HttpResult>][] = [
      ["PUT /v1/clusters/{cluster} (new)", () => cp.put("/v1/clusters/c1", clusterBody("f"))],
      ["GET /v1/clusters/{cluster}", () => cp.get("/v1/clusters/c1")],
      ["PUT /v1/clusters/{cluster} (same body)", () => cp.put("/v1/clusters/c1", clusterBody("f"))],
    ];
    for (const [what, request] of routes) {
      await readMeter(cp, true);
      const answer = await request();
      const m = await readMeter(cp, true);
      const calls = m.objectRequests.rpc + m.objectRequests.fetch;
      console.log(
        `${what} → ${answer.status}: ${m.d1.statements} D1 statements, ${m.d1.rowsRead} rows read, ${m.d1.rowsWritten} written; ${calls} object calls (${m.objectSql.statements} object SQL statements)`,
      );
      for (const sql of m.d1Sql) console.log(`    ${sql.slice(0, 400)}`);
    }
  } finally {
    await cp.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
