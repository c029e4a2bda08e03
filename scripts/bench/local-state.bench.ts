/**
 * How big the local state of `npm start` grows (issue 24 item 4). wrangler dev's local
 * trace store (`X_LOCAL_OBSERVABILITY`, on unless scripts/env.sh turns it off; see
 * REGATTA_TRACES in the README) grew 2.5 GB in an hour of the demo at 3,600×.
 *
 * Starts the control plane as `npm start` does — `wrangler dev` with the sim at
 * SIM_SPEED=3600, the migrations applied, the demo seeded by scripts/demo/seed.ts (with
 * the clock frozen meanwhile) — but persisting into a fresh temporary directory, then
 * stands in for an hour of the demo (150 virtual days): BENCH_LOCAL_STATE_SECONDS (60)
 * wall seconds of running at 3,600×, then `POST /v1/sim/advance` 6 virtual hours at a
 * time (the clock still running) until 150 days have passed since the seed. Each advance
 * runs every instant at which something was due, so the objects do the work an hour of
 * real running would, in fewer wall seconds once the demo's first upgrades are done.
 * Then it stops wrangler and measures the persist directory: the whole local state and
 * the trace store (`v3/observability`) against the anchor "< 100 MB".
 *
 * A busy stretch can hold the API for many minutes (the lab fleet's autoscaler scanning
 * every 10 virtual seconds, say), so the running and the advancing together get at most
 * BENCH_LOCAL_STATE_BUDGET_S (1200) wall seconds: where that runs out, the output says
 * how far virtual time got.
 *
 * wrangler gets this process's environment: run it through `pnpm bench` (or after
 * `source scripts/env.sh`) to measure what `npm start` does; `REGATTA_TRACES=on` measures
 * with the trace store on.
 *
 * Prints a table, then one key=value line. Not asserted.
 * Run: `tsx scripts/bench/local-state.bench.ts` (or `pnpm bench`).
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { REPO_ROOT } from "./lib/control-plane.ts";
import { describeRuntime, formatInt, printKeyValues, printTable } from "./lib/report.ts";

const ADMIN_TOKEN = "rgt_bench_admin_token_for_local_benchmarks_only_0123456789";
const SIM_SPEED = 3600;
const RUN_SECONDS = Number(process.env.BENCH_LOCAL_STATE_SECONDS ?? 60);
const BUDGET_S = Number(process.env.BENCH_LOCAL_STATE_BUDGET_S ?? 1200);
const VIRTUAL_DAYS = 150;
const DAY_S = 86_400;
/** Virtual seconds per advance: a busy stretch of the demo takes minutes per virtual day. */
const STEP_S = 6 * 3600;
const ANCHOR_MB = 100;
const MB = 1024 * 1024;
const WRANGLER = join(REPO_ROOT, "node_modules", ".bin", "wrangler");
const TSX = join(REPO_ROOT, "node_modules", ".bin", "tsx");

const benchStart = performance.now();

const mb = (bytes: number) => (bytes / MB).toFixed(1);

/** A progress line on stderr (stdout keeps the table). */
function progress(step: string): void {
  console.error(`  [${((performance.now() - benchStart) / 1000).toFixed(1)} s] ${step}`);
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no free port");
  return address.port;
}

/**
 * One API call through node:http, which waits until `signal` says no more: fetch gives up
 * after 300 s without an answer, and an advance through a busy stretch of the demo on a
 * loaded machine can take longer.
 */
function call(
  url: string,
  signal: AbortSignal,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const sent = request(`${url}${path}`, {
      method,
      signal,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
    });
    sent.on("error", reject);
    sent.on("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        text += chunk;
      });
      response.on("error", reject);
      response.on("end", () => {
        const status = response.statusCode ?? 0;
        if (status >= 300) reject(new Error(`${method} ${path} → ${status} ${text}`));
        else resolve(JSON.parse(text || "{}") as unknown);
      });
    });
    sent.end(payload);
  });
}

/** The sim clock's "now" in an answer of `/v1/sim…`. */
function nowOf(answer: unknown): number {
  return Date.parse((answer as { now: string }).now);
}

/**
 * Runs `work` until `deadline` (performance.now() ms): its value, or undefined when the
 * deadline came first.
 */
async function before<T>(
  deadline: number,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T | undefined> {
  const signal = AbortSignal.timeout(Math.max(1, Math.round(deadline - performance.now())));
  try {
    return await work(signal);
  } catch (error) {
    if (signal.aborted) return undefined;
    throw error;
  }
}

/** Waits for /healthz like scripts/start.sh (a minute), or fails when wrangler exits. */
async function awaitHealth(url: string, dev: ChildProcess): Promise<void> {
  for (let i = 0; i < 120; i++) {
    if (dev.exitCode !== null) throw new Error(`wrangler dev exited (${dev.exitCode})`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(500);
  }
  throw new Error(`${url} did not answer /healthz within a minute`);
}

/** Bytes of every file under `dir` (0 when it does not exist). */
async function bytesUnder(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  let total = 0;
  for (const entry of entries) {
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}

/** Stops wrangler and the workerd it started (its own process group). */
async function stop(dev: ChildProcess): Promise<void> {
  if (dev.pid === undefined || dev.exitCode !== null) return;
  const exited = new Promise((resolve) => dev.once("exit", resolve));
  process.kill(-dev.pid, "SIGTERM");
  const timedOut = await Promise.race([exited.then(() => false), sleep(10_000, true)]);
  if (timedOut) process.kill(-dev.pid, "SIGKILL");
}

async function main(): Promise<void> {
  console.log(`local state of npm start · ${describeRuntime()}`);
  // What wrangler does when the variable is absent: its trace store is on.
  const traces = process.env.X_LOCAL_OBSERVABILITY === "false" ? "off" : "on";
  const persist = await mkdtemp(join(tmpdir(), "regatta-local-state-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let dev: ChildProcess | undefined;
  try {
    progress("applying the D1 migrations");
    await promisify(execFile)(
      WRANGLER,
      ["d1", "migrations", "apply", "regatta-inventory", "--local", "--persist-to", persist],
      { cwd: REPO_ROOT },
    );
    progress(`wrangler dev on ${url} (traces ${traces})`);
    // The same variables as scripts/start.sh in sim mode.
    dev = spawn(
      WRANGLER,
      [
        "dev",
        ...["--ip", "127.0.0.1", "--port", String(port), "--persist-to", persist],
        "--show-interactive-dev-session=false",
        ...["--var", `REGATTA_ADMIN_TOKEN:${ADMIN_TOKEN}`, "--var", "REGATTA_PROVIDER:sim"],
        ...["--var", `SIM_SPEED:${SIM_SPEED}`, "--var", "NOTIFICATIONS_ALLOW_LOOPBACK:on"],
        ...[
          "--var",
          "NOTIFICATIONS_KEY:bench-notifications-key-for-local-benchmarks-only-0123456789",
        ],
      ],
      { cwd: REPO_ROOT, detached: true, stdio: ["ignore", "ignore", "inherit"] },
    );
    await awaitHealth(url, dev);
    // The seed's requests race a clock at 3,600× otherwise, and on a loaded machine one
    // can wait on a busy fleet object longer than its fetch does (300 s).
    progress("seeding the demo (scripts/demo/seed.ts), the clock frozen");
    await promisify(execFile)(TSX, ["scripts/demo/seed.ts"], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        REGATTA_URL: url,
        REGATTA_TOKEN: ADMIN_TOKEN,
        REGATTA_PROVIDER: "sim",
        SIM_SPEED: "0",
        REGATTA_DEMO: "on",
      },
    });
    const seededAt = nowOf(await call(url, AbortSignal.timeout(600_000), "GET", "/v1/sim"));
    const end = seededAt + VIRTUAL_DAYS * DAY_S * 1000;
    const days = (ms: number) => ms / (DAY_S * 1000);
    const runStart = performance.now();
    const deadline = runStart + BUDGET_S * 1000;
    progress(`running ${RUN_SECONDS} wall seconds at ${SIM_SPEED}×`);
    // Not waited for first: while the objects catch up the answer can take minutes.
    const running = before(deadline, (signal) =>
      call(url, signal, "PUT", "/v1/sim/speed", { speed: SIM_SPEED }),
    );
    await sleep(RUN_SECONDS * 1000);
    await running;
    const ran = await before(deadline, (signal) => call(url, signal, "GET", "/v1/sim"));
    const ranTo = ran === undefined ? undefined : nowOf(ran);
    const runS = (performance.now() - runStart) / 1000;
    progress(`advancing ${STEP_S / 3600} hours at a time to ${new Date(end).toISOString()}`);
    const advanceStart = performance.now();
    let advances = 0;
    let now = ranTo;
    while (now !== undefined && now < end) {
      const seconds = Math.min(STEP_S, Math.ceil((end - now) / 1000));
      const advanced = await before(deadline, (signal) =>
        call(url, signal, "POST", "/v1/sim/advance", { seconds }),
      );
      if (advanced === undefined) break;
      now = nowOf(advanced);
      if (++advances % 40 === 0) progress(`${days(now - seededAt).toFixed(0)} virtual days`);
    }
    const advanceS = (performance.now() - advanceStart) / 1000;
    const outOfTime = now === undefined || now < end;
    const runningBytes = await bytesUnder(persist);
    progress("stopping wrangler dev");
    await stop(dev);
    const total = await bytesUnder(persist);
    const observability = await bytesUnder(join(persist, "v3", "observability"));
    // wrangler keeps each kind of local resource in a directory of its own under v3/;
    // the trace store's is listed even when absent.
    const found = await readdir(join(persist, "v3"), { withFileTypes: true });
    const parts = [
      ...new Set([
        "observability",
        ...found.filter((entry) => entry.isDirectory()).map((entry) => entry.name),
      ]),
    ].sort();
    const partRows = await Promise.all(
      parts.map(async (part) => {
        const bytes = await bytesUnder(join(persist, "v3", part));
        return [`  of which v3/${part}`, mb(bytes), formatInt(bytes), ""];
      }),
    );
    const after = (at: number | undefined) =>
      at === undefined ? "? (no answer)" : days(at - seededAt).toFixed(1);
    console.log(
      `\nran at ${SIM_SPEED}× for ${RUN_SECONDS} s, the API answering again after ` +
        `${runS.toFixed(0)} s (${after(ranTo)} virtual days after the seed), then ${advances} ` +
        `POST /v1/sim/advance of ≤ ${STEP_S / 3600} h in ${advanceS.toFixed(0)} s: ` +
        `${after(now)} virtual days after the seed` +
        `${outOfTime ? `, short of ${VIRTUAL_DAYS}: the budget of ${BUDGET_S} s ran out` : ""}; ` +
        `traces ${traces} (X_LOCAL_OBSERVABILITY=${process.env.X_LOCAL_OBSERVABILITY ?? "unset"})`,
    );
    printTable(
      [
        { header: "persist directory" },
        { header: "MB", align: "right" },
        { header: "bytes", align: "right" },
        { header: "anchor", align: "right" },
      ],
      [
        ["whole local state", mb(total), formatInt(total), `< ${ANCHOR_MB} MB`],
        ...partRows,
        ["whole local state, while running", mb(runningBytes), formatInt(runningBytes), ""],
      ],
    );
    printKeyValues("local-state", {
      traces,
      run_s: RUN_SECONDS,
      run_wall_s: runS,
      advances,
      advance_wall_s: advanceS,
      virtual_days: now === undefined ? "unknown" : days(now - seededAt),
      budget_s: BUDGET_S,
      out_of_time: outOfTime ? "yes" : "no",
      state_mb: total / MB,
      running_state_mb: runningBytes / MB,
      observability_mb: observability / MB,
      anchor_mb: ANCHOR_MB,
    });
  } finally {
    if (dev !== undefined) await stop(dev);
    await rm(persist, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
