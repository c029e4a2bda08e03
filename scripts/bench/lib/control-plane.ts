import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from "miniflare";
import { unstable_readConfig } from "wrangler";
import { timed } from "./timing.ts";

/** The monorepo root (this file is scripts/bench/lib/control-plane.ts). */
export const REPO_ROOT = fileURLToPath(new URL("../../..", import.meta.url));

const PROBE_HOST = "d1-probe.bench";
const PROBE_SCRIPT = fileURLToPath(new URL("./d1-probe.worker.js", import.meta.url));
const OBJECT_PROBE_HOST = "object-probe.bench";
const OBJECT_PROBE_SCRIPT = fileURLToPath(new URL("./object-probe.worker.js", import.meta.url));

/** A bundled worker: the directory and the entry module inside it. */
export interface WorkerBundle {
  dir: string;
  /** The ES module workerd starts from, in `dir`. */
  entry: string;
  /** Other ES modules in `dir` the entry imports (Miniflare does not follow imports). */
  imports?: readonly string[];
}

/**
 * Bundles the control plane with `wrangler deploy --dry-run`: the same esbuild set-up,
 * aliases and nodejs_compat handling as a real deploy, written to a fresh temp dir.
 * Needs no network and no account.
 *
 * @example const bundle = await bundleControlPlane(); // { dir: "/tmp/regatta-bench-…", entry: "index.js" }
 */
export async function bundleControlPlane(): Promise<WorkerBundle> {
  const dir = await mkdtemp(join(tmpdir(), "regatta-bench-"));
  const wrangler = join(REPO_ROOT, "node_modules", "wrangler", "bin", "wrangler.js");
  try {
    await promisify(execFile)(
      process.execPath,
      [wrangler, "deploy", "--dry-run", "--outdir", dir],
      {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          WRANGLER_SEND_METRICS: "false",
          WRANGLER_HIDE_BANNER: "true",
          NO_UPDATE_NOTIFIER: "1",
        },
        maxBuffer: 16 * 1024 * 1024,
      },
    );
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    const output = error instanceof Error && "stderr" in error ? String(error.stderr) : "";
    throw new Error(`wrangler deploy --dry-run failed: ${String(error)}\n${output}`);
  }
  const entry = (await readdir(dir)).find((file) => file.endsWith(".js"));
  if (entry === undefined) throw new Error(`wrangler wrote no .js bundle into ${dir}`);
  return { dir, entry };
}

/** Status and body text of one response. */
export interface HttpResult {
  status: number;
  body: string;
}

/** What `FleetObject.inspect()` answers (workers/control-plane/src/objects/fleet-object.ts). */
export interface FleetInspection {
  now: number;
  timers: { id: string; due: number; kind: string; payload?: string }[];
  outbox: number;
  rowsWritten: number;
  /** Rows the object keeps in storage now (survives an instance being replaced). */
  rowsKept?: number;
  /** The runtime's work counters since the instance started (transactions, firings, …). */
  counters?: Record<string, number>;
}

/** A cell of an inserted row. */
export type Cell = string | number | null;

/** The control plane running in workerd through Miniflare, plus a direct D1 client. */
export interface ControlPlane {
  /** The compatibility date workerd runs with: wrangler.toml's. */
  compatibilityDate: string;
  /** GET through the worker's fetch handler with the admin token. */
  get(path: string): Promise<HttpResult>;
  /** POST of a JSON body through the worker's fetch handler with the admin token. */
  post(path: string, body: unknown): Promise<HttpResult>;
  /** PUT of a JSON body through the worker's fetch handler with the admin token. */
  put(path: string, body: unknown): Promise<HttpResult>;
  /**
   * `FleetObject.inspect()` of the fleet's Durable Object (RPC through a probe worker
   * bound to the control plane's own class): its virtual clock, timers, outbox size and
   * the storage rows its runtime wrote since the object started.
   */
  inspectFleet(fleet: string): Promise<FleetInspection>;
  /** `UpdateRunObject.inspect()` of a run (same probe worker): clock, timers, rows written. */
  inspectRun(fleet: string, run: string): Promise<Omit<FleetInspection, "outbox">>;
  /** One SELECT run by a worker bound to the same D1 database. */
  query(sql: string, params: readonly Cell[]): Promise<HttpResult>;
  /** Inserts rows in one atomic D1 batch (statements chunked under 100 parameters). */
  insert(
    table: string,
    columns: readonly string[],
    rows: readonly (readonly Cell[])[],
  ): Promise<void>;
  /**
   * Runs the worker's `scheduled()` handler once, as a cron trigger at `scheduledTime`
   * would, and resolves when it and what it handed to `waitUntil` are done.
   */
  scheduled(scheduledTime: number): Promise<{ outcome: string }>;
  /** Applies every migrations/*.sql file in name order; returns the statement count. */
  migrate(): Promise<number>;
  /** Stops workerd and removes the bundle. */
  dispose(): Promise<void>;
  /**
   * Stops workerd and keeps the bundle, for another instance over the same kept state
   * (`stateDir`): a restart. That instance's `dispose` removes it.
   */
  halt(): Promise<void>;
}

export interface ControlPlaneOptions {
  bundle: WorkerBundle;
  adminToken: string;
  /** Variables on top of the admin token, e.g. `{ SIM_SPEED: "0" }`. */
  vars?: Readonly<Record<string, string>>;
  /**
   * Where workerd keeps the D1 databases and the Durable Objects' storage, so another
   * instance started over it finds them (see `halt`); Miniflare's own temp dir when
   * absent. The objects' SQLite files (one per object that touched its storage) are under
   * `objectsDirOf(stateDir)`.
   */
  stateDir?: string;
  /**
   * Opens workerd's V8 inspector on this port (Chrome DevTools protocol), for a CPU
   * profile of the control plane while a bench drives it; closed when absent.
   */
  inspectorPort?: number;
  /** Keeps every object instance until the end: see `unsafePreventEviction` below. */
  preventEviction?: boolean;
  /**
   * Caps the isolate's V8 old generation (MB, `--max-old-space-size`): an object whose
   * live state outgrows it fails instead of growing, as it would past the platform's limit.
   */
  heapLimitMb?: number;
}

/** Where a control plane started over `stateDir` keeps its objects' SQLite files. */
export function objectsDirOf(stateDir: string): string {
  return join(stateDir, "do");
}

/**
 * Starts the bundled control plane in Miniflare (D1 and Durable Objects in a temp dir
 * unless `stateDir` keeps them, a random loopback port) with the bindings of the
 * top-level wrangler.toml, a probe worker sharing its D1 database and one bound to its
 * FleetObject class. The root `miniflare` is the one wrangler runs (package.json pins the
 * same version, tests/bench-runtime.test.ts holds it there): the benches time the workerd
 * that `npm start` and a deploy's local checks run.
 *
 * @example
 * const cp = await startControlPlane({ bundle, adminToken: "t", vars: { SIM_SPEED: "0" } });
 * const health = await cp.get("/healthz");
 */
export async function startControlPlane(options: ControlPlaneOptions): Promise<ControlPlane> {
  try {
    return await start(options);
  } catch (error) {
    await rm(options.bundle.dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Bundles the control plane and starts it with the sim provider and a frozen clock (the
 * benches move time themselves), timing both steps.
 *
 * @example const { cp, bundleMs, startMs } = await startSimControlPlane("t");
 */
export async function startSimControlPlane(
  adminToken: string,
  options: { storage?: StateStorage } = {},
): Promise<{ cp: ControlPlane; bundleMs: number; startMs: number; storage: string }> {
  const bundle = await timed(bundleControlPlane);
  const ram = options.storage === "ram" ? await ramStateDir() : undefined;
  const started = await timed(() =>
    startControlPlane({
      bundle: bundle.result,
      adminToken,
      vars: { REGATTA_PROVIDER: "sim", SIM_SPEED: "0" },
      ...(ram ? { stateDir: ram } : {}),
    }),
  );
  const cp = started.result;
  if (ram) {
    const dispose = cp.dispose;
    cp.dispose = async () => {
      await dispose();
      await rm(ram, { recursive: true, force: true });
    };
  }
  const storage = ram
    ? `RAM (${RAM_DISK})`
    : options.storage === "ram"
      ? "disk (no RAM disk here)"
      : "disk";
  return { cp, bundleMs: bundle.ms, startMs: started.ms, storage };
}

/**
 * Where workerd keeps the objects' and D1's SQLite files: Miniflare's temp dir on this
 * machine's disk, or a RAM disk. SQLite syncs its file at every commit; on the platform
 * a commit is replicated, not synced to a local disk, so a throughput bench can keep its
 * throwaway state in RAM to time the control plane's own work, and time the disk apart.
 */
export type StateStorage = "disk" | "ram";

const RAM_DISK = "/dev/shm";

/** A fresh directory on the RAM disk, when this machine has one. */
async function ramStateDir(): Promise<string | undefined> {
  try {
    if (!(await stat(RAM_DISK)).isDirectory()) return undefined;
    return await mkdtemp(join(RAM_DISK, "regatta-state-"));
  } catch {
    return undefined;
  }
}

/**
 * Runs one SQL statement on the D1 database a stopped control plane kept in `stateDir`
 * (see `halt`), through the probe worker alone: nothing of the control plane runs, so no
 * alarm or request reads the state before the next instance does. Answers the rows.
 *
 * @example await executeOnKeptD1(dir, "UPDATE sim_clock SET anchor_wall_ms = anchor_wall_ms - 300000", []);
 */
export async function executeOnKeptD1(
  stateDir: string,
  sql: string,
  params: readonly Cell[],
): Promise<HttpResult> {
  const { compatibilityDate, d1Databases, mainDb } = readWorkerConfig();
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port: 0,
      resourcePersistencePath: stateDir,
      workers: [
        {
          name: "d1-probe",
          modules: true,
          scriptPath: PROBE_SCRIPT,
          compatibilityDate,
          d1Databases: { DB: d1Databases[mainDb]! },
        },
      ],
    }),
  );
  try {
    const response = await mf.dispatchFetch("http://localhost/query", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sql, params }),
    });
    return { status: response.status, body: await response.text() };
  } finally {
    await mf.dispose();
  }
}

/**
 * The parts of wrangler's parsed configuration the benches read. wrangler's own type of
 * it comes from a package it bundles rather than installs, so it reaches TypeScript as
 * `any`: this says what is read.
 */
interface WorkerConfig {
  compatibility_date?: string;
  compatibility_flags: string[];
  d1_databases: { binding: string; database_id?: string; database_name?: string }[];
  durable_objects: { bindings: { name: string; class_name: string }[] };
  migrations: { new_sqlite_classes?: string[] }[];
  queues: {
    producers?: { binding: string; queue: string }[];
    consumers?: {
      queue: string;
      max_batch_size?: number;
      max_batch_timeout?: number;
      max_retries?: number;
      dead_letter_queue?: string;
    }[];
  };
}

/** What the top-level wrangler.toml says, with the compatibility date workerd runs. */
function readWorkerConfig() {
  const config: WorkerConfig = unstable_readConfig(
    { config: join(REPO_ROOT, "wrangler.toml") },
    { hideWarnings: true },
  );
  const compatibilityDate = config.compatibility_date;
  if (compatibilityDate === undefined) throw new Error("wrangler.toml sets no compatibility_date");
  const d1Databases: Record<string, string> = Object.fromEntries(
    config.d1_databases.map((db) => [db.binding, db.database_id ?? db.database_name ?? db.binding]),
  );
  const mainDb = config.d1_databases[0]?.binding;
  if (mainDb === undefined) throw new Error("wrangler.toml binds no D1 database");
  return { config, compatibilityDate, d1Databases, mainDb };
}

async function start(options: ControlPlaneOptions): Promise<ControlPlane> {
  const { config, compatibilityDate, d1Databases, mainDb } = readWorkerConfig();
  // Classes that wrangler.toml's migrations create with SQLite storage keep it here: the
  // objects' runtime uses `ctx.storage.sql`, which workerd refuses otherwise.
  const sqliteClasses = new Set(config.migrations.flatMap((m) => m.new_sqlite_classes ?? []));
  const durableObjects = Object.fromEntries(
    config.durable_objects.bindings.map((binding) => [
      binding.name,
      {
        className: binding.class_name,
        useSQLite: sqliteClasses.has(binding.class_name),
        // workerd frees an object after ~10 s without a request, as the platform evicts
        // idle objects: a bench that watches for instances replaced asks it not to, so a
        // replacement it sees is a reset (an error, a limit), not an idle eviction.
        ...(options.preventEviction ? { unsafePreventEviction: true } : {}),
      },
    ]),
  );
  // The notifications queue (docs/notifications.md): without its producer binding every
  // recorded notification fails its hand-off and is retried, which a bench would time.
  const queueProducers = Object.fromEntries(
    (config.queues.producers ?? []).map((producer) => [producer.binding, producer.queue]),
  );
  const queueConsumers = Object.fromEntries(
    (config.queues.consumers ?? []).map((consumer) => [
      consumer.queue,
      {
        ...(consumer.max_batch_size === undefined ? {} : { maxBatchSize: consumer.max_batch_size }),
        ...(consumer.max_batch_timeout === undefined
          ? {}
          : { maxBatchTimeout: consumer.max_batch_timeout }),
        ...(consumer.max_retries === undefined ? {} : { maxRetries: consumer.max_retries }),
        ...(consumer.dead_letter_queue === undefined
          ? {}
          : { deadLetterQueue: consumer.dead_letter_queue }),
      },
    ]),
  );

  // Miniflare hands workerd V8 flags through this variable only (read when it starts).
  if (options.heapLimitMb !== undefined) {
    process.env.MINIFLARE_WORKERD_V8_FLAGS = `--max-old-space-size=${options.heapLimitMb}`;
  } else delete process.env.MINIFLARE_WORKERD_V8_FLAGS;
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port: 0,
      // BENCH_LOG=1 shows what workerd says (an instance reset, an uncaught error): a bench
      // reads numbers, so it is quiet otherwise.
      ...(process.env.BENCH_LOG ? { log: new Log(LogLevel.INFO) } : {}),
      ...(options.inspectorPort === undefined ? {} : { inspectorPort: options.inspectorPort }),
      ...(options.stateDir === undefined ? {} : { resourcePersistencePath: options.stateDir }),
      workers: [
        {
          name: "control-plane",
          modulesRoot: options.bundle.dir,
          modules: [options.bundle.entry, ...(options.bundle.imports ?? [])].map((file) => ({
            type: "ESModule" as const,
            path: join(options.bundle.dir, file),
          })),
          compatibilityDate,
          compatibilityFlags: config.compatibility_flags,
          d1Databases,
          durableObjects,
          queueProducers,
          queueConsumers,
          bindings: { ...options.vars, REGATTA_ADMIN_TOKEN: options.adminToken },
        },
        {
          name: "d1-probe",
          modules: true,
          scriptPath: PROBE_SCRIPT,
          compatibilityDate,
          routes: [`${PROBE_HOST}/*`],
          d1Databases: { DB: d1Databases[mainDb]! },
        },
        {
          name: "object-probe",
          modules: true,
          scriptPath: OBJECT_PROBE_SCRIPT,
          compatibilityDate,
          routes: [`${OBJECT_PROBE_HOST}/*`],
          durableObjects: {
            FLEET: {
              className: "FleetObject",
              scriptName: "control-plane",
              useSQLite: sqliteClasses.has("FleetObject"),
            },
            UPDATE_RUN: {
              className: "UpdateRunObject",
              scriptName: "control-plane",
              useSQLite: sqliteClasses.has("UpdateRunObject"),
            },
          },
        },
      ],
    }),
  );
  try {
    await mf.ready;
  } catch (error) {
    await mf.dispose().catch(() => {});
    throw error;
  }

  // Miniflare answers with undici's Response; only these two members are needed.
  const read = async (response: {
    status: number;
    text(): Promise<string>;
  }): Promise<HttpResult> => ({
    status: response.status,
    body: await response.text(),
  });
  const probe = async (path: string, payload: unknown): Promise<HttpResult> => {
    const response = await mf.dispatchFetch(`http://${PROBE_HOST}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(payload),
    });
    return read(response);
  };
  const authorization = `Bearer ${options.adminToken}`;

  return {
    compatibilityDate,
    get: async (path) => {
      const response = await mf.dispatchFetch(`http://localhost${path}`, {
        headers: { authorization },
      });
      return read(response);
    },
    post: async (path, body) => {
      const response = await mf.dispatchFetch(`http://localhost${path}`, {
        method: "POST",
        headers: { authorization, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return read(response);
    },
    put: async (path, body) => {
      const response = await mf.dispatchFetch(`http://localhost${path}`, {
        method: "PUT",
        headers: { authorization, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return read(response);
    },
    inspectFleet: async (fleet) => {
      const response = await mf.dispatchFetch(`http://${OBJECT_PROBE_HOST}/fleet/inspect`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ fleet }),
      });
      const result = await read(response);
      if (result.status !== 200) {
        throw new Error(`inspect of fleet ${fleet} failed (${result.status}): ${result.body}`);
      }
      return JSON.parse(result.body) as FleetInspection;
    },
    inspectRun: async (fleet, run) => {
      const response = await mf.dispatchFetch(`http://${OBJECT_PROBE_HOST}/run/inspect`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ fleet, run }),
      });
      const result = await read(response);
      if (result.status !== 200) {
        throw new Error(`inspect of run ${fleet}/${run} failed (${result.status}): ${result.body}`);
      }
      return JSON.parse(result.body) as Omit<FleetInspection, "outbox">;
    },
    query: (sql, params) => probe("/query", { sql, params }),
    insert: async (table, columns, rows) => {
      const result = await probe("/insert", { table, columns, rows });
      if (result.status !== 200) {
        throw new Error(`insert into ${table} failed (${result.status}): ${result.body}`);
      }
    },
    scheduled: async (scheduledTime) => {
      const worker = await mf.getWorker("control-plane");
      const result = await worker.scheduled({
        scheduledTime: new Date(scheduledTime),
        cron: "* * * * *",
      });
      return { outcome: result.outcome };
    },
    migrate: async () => {
      const db = await mf.getD1Database(mainDb);
      const dir = join(REPO_ROOT, "migrations");
      const files = (await readdir(dir)).filter((file) => file.endsWith(".sql")).sort();
      let count = 0;
      for (const file of files) {
        // drizzle-kit separates statements with this marker.
        const statements = (await readFile(join(dir, file), "utf8"))
          .split("--> statement-breakpoint")
          .map((statement) => statement.trim())
          .filter((statement) => statement !== "");
        await db.batch(statements.map((statement) => db.prepare(statement)));
        count += statements.length;
      }
      return count;
    },
    dispose: async () => {
      await mf.dispose();
      await rm(options.bundle.dir, { recursive: true, force: true });
    },
    halt: () => mf.dispose(),
  };
}
