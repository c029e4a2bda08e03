import { performance } from "node:perf_hooks";
import type { ControlPlane } from "./control-plane.ts";
import { CLUSTER_COLUMNS, seedZeroDurationRuns } from "./inventory-fixture.ts";

/**
 * Update runs whose every command takes no time, as the scale benchmark and its profile
 * drive them: one run per fleet, 3 stages of 20/30/50 % of the members, one group each,
 * stage and group at `BENCH_CONCURRENCY` ("50%"), members clusters without node pools
 * (a Full upgrade is the LIFE-3 control-plane path).
 */

export const OLD = "1.21.11-gke.1100";
export const NEW = "1.21.14-gke.4300";
export const REGION = "us-central1";
export const ADMIN_TOKEN = "rgt_bench_admin_token_for_local_benchmarks_only_0123456789";
export const EPOCH = Date.UTC(2026, 10, 2);
/** EXT-2 maxConcurrency of every stage and group (the item's "50%"). */
export const CONCURRENCY = process.env.BENCH_CONCURRENCY ?? "50%";
const MAX_ADVANCES = 5_000;
/** Runs started or read at once through the API. */
const PARALLEL = 10;

/** Stage shares of the members: 20 / 30 / 50 %. */
const SHARES = [0.2, 0.3, 0.5];

export async function must(
  result: Promise<{ status: number; body: string }>,
  what: string,
  ok = 200,
) {
  const r = await result;
  if (r.status !== ok) throw new Error(`${what}: ${r.status} ${r.body.slice(0, 300)}`);
  return r;
}

export async function inBatches<T>(
  items: readonly T[],
  work: (item: T) => Promise<void>,
): Promise<void> {
  for (let i = 0; i < items.length; i += PARALLEL) {
    await Promise.all(items.slice(i, i + PARALLEL).map(work));
  }
}

/** The run's stages: one group per stage, both at "50%" (EXT-2). */
export function stagesOf(fleet: string) {
  return SHARES.map((_, s) => ({
    name: `s${s}`,
    maxConcurrency: CONCURRENCY,
    groups: [{ name: `${fleet}-g${s}`, maxConcurrency: CONCURRENCY }],
  }));
}

/** A fleet of `members` clusters on OLD, in the stages' groups by share. */
export async function seedFleet(cp: ControlPlane, fleet: string, members: number): Promise<void> {
  await cp.insert("fleets", ["name", "created_at", "updated_at"], [[fleet, EPOCH, EPOCH]]);
  const bounds = SHARES.map((_, s) =>
    Math.round(members * SHARES.slice(0, s + 1).reduce((a, b) => a + b, 0)),
  );
  const rows = Array.from({ length: members }, (_, i) => [
    `${fleet}-${String(i).padStart(5, "0")}`,
    fleet,
    "standalone",
    null,
    REGION,
    "REGULAR",
    0,
    OLD,
    OLD,
    "RUNNING",
    `${fleet}-g${bounds.findIndex((bound) => i < bound)}`,
    null,
    0,
    "{}",
    EPOCH,
    EPOCH,
  ]);
  for (let i = 0; i < rows.length; i += 500) {
    await cp.insert("clusters", CLUSTER_COLUMNS, rows.slice(i, i + 500));
  }
}

export const runPath = (fleet: string) => `/v1/fleets/${fleet}/update-runs/run`;

export async function createRun(cp: ControlPlane, fleet: string): Promise<void> {
  await must(
    cp.post(`/v1/fleets/${fleet}/update-runs`, {
      name: "run",
      stages: stagesOf(fleet),
      upgrade: { type: "Full", kubernetesVersion: NEW },
    }),
    `create run in ${fleet}`,
    201,
  );
}

export async function runState(cp: ControlPlane, fleet: string): Promise<string> {
  const r = await must(cp.get(`${runPath(fleet)}?limit=1`), `status of ${fleet}`);
  return (JSON.parse(r.body) as { state: string }).state;
}

/**
 * Starts the runs of `fleets`, then moves virtual time 1 s per advance until all are
 * Completed; the wall time of that and the advances it took.
 */
export async function driveToCompleted(
  cp: ControlPlane,
  fleets: readonly string[],
): Promise<{ wallMs: number; advances: number }> {
  const t0 = performance.now();
  await inBatches(fleets, async (fleet) => {
    await must(cp.post(`${runPath(fleet)}/start`, {}), `start ${fleet}`);
  });
  let open = [...fleets];
  let advances = 0;
  for (;;) {
    const states = new Map<string, string>();
    await inBatches(open, async (fleet) => {
      states.set(fleet, await runState(cp, fleet));
    });
    for (const [fleet, state] of states) {
      if (state !== "Completed" && state !== "Running" && state !== "Pending") {
        throw new Error(`run of ${fleet} ended ${state}`);
      }
    }
    open = open.filter((fleet) => states.get(fleet) !== "Completed");
    if (open.length === 0) break;
    if (advances >= MAX_ADVANCES) throw new Error(`${open.length} runs open after ${advances}`);
    await must(cp.post("/v1/sim/advance", { seconds: 1 }), "advance");
    advances++;
  }
  return { wallMs: performance.now() - t0, advances };
}

/** Migrates D1 and seeds the release and the zero-duration sim. */
export async function setUp(cp: ControlPlane): Promise<void> {
  await cp.migrate();
  await seedZeroDurationRuns(cp, { from: OLD, to: NEW, at: EPOCH });
}
