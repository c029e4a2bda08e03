/**
 * The control plane's bundle, wrapped so a benchmark can count what Cloudflare bills for
 * (scripts/bench/cost.bench.ts): it imports the bundle wrangler built (`./__ENTRY__` is
 * replaced with its file name when the bench writes this next to it) and re-exports it
 * with meters, changing nothing it does.
 *
 * - Workers requests: every fetch / scheduled / queue invocation of the worker, by kind.
 *   The bench's own paths (`/v1/sim/*`, this module's `/__bench/meter`) are counted apart.
 * - Durable Object requests: every RPC call or fetch on a stub got from a namespace, and
 *   every alarm() invocation (the platform bills each as a request). Duration: the wall
 *   time each object is active (one handler or more in flight), summed over objects.
 * - Durable Object SQL: rows read and rows written by every `ctx.storage.sql.exec` cursor
 *   (its own counters, read once the bench asks), and `setAlarm` calls.
 * - D1: rows read and written from each statement's `meta` (`all`, `run`, `batch`); a
 *   `raw()` SELECT (drizzle's path for selects) is run a second time through `all()` for
 *   its meta, a read-only repeat the meter does not count twice.
 * - Queues: messages sent through any producer binding.
 *
 * The meter lives in module scope: in workerd the worker and its objects share an isolate.
 * GET /__bench/meter answers it as JSON; POST /__bench/meter resets it.
 */
import * as bundle from "./__ENTRY__";

function emptyMeter() {
  return {
    workerRequests: { fetch: 0, scheduled: 0, queue: 0, bench: 0 },
    objectRequests: { rpc: 0, fetch: 0, alarm: 0, simWake: 0 },
    objectActiveMs: 0,
    objectSql: { statements: 0, rowsRead: 0, rowsWritten: 0, setAlarm: 0 },
    /** Writes by statement shape (table, and a state key's kind): count and bytes bound. */
    objectWrites: {},
    d1: { statements: 0, rowsRead: 0, rowsWritten: 0 },
    /** D1 work of the sim's own routes (its clock, its wake-up scan): not the product's. */
    simD1: { statements: 0, rowsRead: 0, rowsWritten: 0 },
    queueMessages: 0,
    /** The product's D1 statements since the reset, in order (the first 100, cut short). */
    d1Sql: [],
  };
}

let meter = emptyMeter();
/** Cursors whose counters are read when the meter is asked (they settle as they are read). */
let cursors = [];

function settleCursors() {
  for (const cursor of cursors) {
    meter.objectSql.rowsRead += cursor.rowsRead ?? 0;
    meter.objectSql.rowsWritten += cursor.rowsWritten ?? 0;
  }
  cursors = [];
}

/** Forwards to `target`, with methods bound to it (native objects refuse a proxy as `this`). */
function forward(target, override) {
  return new Proxy(target, {
    get(t, key) {
      if (key in override) return override[key];
      const value = Reflect.get(t, key);
      return typeof value === "function" ? value.bind(t) : value;
    },
  });
}

/** Where a caller's work is counted: the product's, or the sim's own routes. */
const PRODUCT = "product";
const SIM = "sim";

function countD1Result(d1, result) {
  const meta = result?.meta;
  if (meta === undefined) return;
  d1.rowsRead += meta.rows_read ?? 0;
  d1.rowsWritten += meta.rows_written ?? 0;
}

function meteredStatement(statement, sql, who) {
  const d1 = () => (who === SIM ? meter.simD1 : meter.d1);
  const started = () => {
    if (who !== SIM && meter.d1Sql.length < 100) meter.d1Sql.push(sql.slice(0, 160));
    d1().statements++;
  };
  return forward(statement, {
    __target: statement,
    __sql: sql,
    bind: (...params) => meteredStatement(statement.bind(...params), sql, who),
    async all() {
      started();
      const result = await statement.all();
      countD1Result(d1(), result);
      return result;
    },
    async run() {
      started();
      const result = await statement.run();
      countD1Result(d1(), result);
      return result;
    },
    async first(column) {
      started();
      const result = await statement.all();
      countD1Result(d1(), result);
      const row = result.results[0] ?? null;
      return column === undefined || row === null ? row : row[column];
    },
    async raw(options) {
      started();
      const rows = await statement.raw(options);
      if (/^\s*select\b/i.test(sql)) {
        countD1Result(d1(), await statement.all());
      } else {
        // A write through raw() (RETURNING): at least the rows it answered were written.
        d1().rowsWritten += rows.length;
      }
      return rows;
    },
  });
}

function meteredD1(db, who) {
  return forward(db, {
    prepare: (sql) => meteredStatement(db.prepare(sql), sql, who),
    async batch(statements) {
      const d1 = who === SIM ? meter.simD1 : meter.d1;
      d1.statements += statements.length;
      if (who !== SIM && meter.d1Sql.length < 100) {
        const sqls = statements.map((s) => (s.__sql ?? "?").slice(0, 160));
        meter.d1Sql.push(`batch of ${statements.length}: ${sqls.join(" ; ")}`);
      }
      // The bound statements are ours; the binding needs its own.
      const results = await db.batch(statements.map((s) => s.__target ?? s));
      for (const result of results) countD1Result(d1, result);
      return results;
    },
  });
}

function meteredStub(stub, who) {
  return new Proxy(stub, {
    get(t, key) {
      const value = Reflect.get(t, key);
      if (key === "__target") return t;
      if (typeof value !== "function") return value;
      return (...args) => {
        // The sim's clock wakes an object where the platform would fire its alarm.
        if (who === SIM) meter.objectRequests.simWake++;
        else if (key === "fetch") meter.objectRequests.fetch++;
        else meter.objectRequests.rpc++;
        // An RPC method answers every property, `apply` included: call it directly.
        return Reflect.apply(value, t, args);
      };
    },
  });
}

function meteredNamespace(namespace, who) {
  return forward(namespace, {
    get: (id, options) => meteredStub(namespace.get(id, options), who),
    getByName: (name, options) => meteredStub(namespace.getByName(name, options), who),
  });
}

function meteredEnv(env, who = PRODUCT) {
  const metered = { ...env };
  for (const [name, binding] of Object.entries(env)) {
    if (binding === null || typeof binding !== "object") continue;
    if (typeof binding.idFromName === "function") {
      metered[name] = meteredNamespace(binding, who);
    } else if (typeof binding.prepare === "function" && typeof binding.batch === "function") {
      metered[name] = meteredD1(binding, who);
    } else if (typeof binding.sendBatch === "function") {
      metered[name] = forward(binding, {
        send: (body, options) => {
          meter.queueMessages++;
          return binding.send(body, options);
        },
        sendBatch: (messages, options) => {
          meter.queueMessages += [...messages].length;
          return binding.sendBatch(messages, options);
        },
      });
    }
  }
  return metered;
}

/**
 * Meters an object's storage in place: the platform refuses anything but its own state
 * object in a Durable Object's constructor, so its methods are replaced on the instance.
 */
function meterStorage(storage) {
  const sql = storage.sql;
  if (sql.exec.__metered) return;
  const exec = sql.exec.bind(sql);
  const meteredExec = (query, ...bindings) => {
    meter.objectSql.statements++;
    const write = /^\s*(INSERT INTO|UPDATE|DELETE FROM)\s+(\w+)/i.exec(query);
    if (write) {
      // A state key's kind is its text up to the first separator (`op:…` → `op`).
      const key = write[2] === "state" && typeof bindings[0] === "string" ? bindings[0] : "";
      const shape = `${write[1].split(" ")[0].toUpperCase()} ${write[2]}${key ? ` ${key.split(/[:/]/)[0]}` : ""}`;
      const bytes = bindings.reduce((n, b) => n + (typeof b === "string" ? b.length : 8), 0);
      const entry = meter.objectWrites[shape] ?? { count: 0, bytes: 0 };
      meter.objectWrites[shape] = entry;
      entry.count++;
      entry.bytes += bytes;
    }
    const cursor = exec(query, ...bindings);
    cursors.push(cursor);
    return cursor;
  };
  meteredExec.__metered = true;
  sql.exec = meteredExec;
  const setAlarm = storage.setAlarm.bind(storage);
  storage.setAlarm = (when, options) => {
    meter.objectSql.setAlarm++;
    return setAlarm(when, options);
  };
  if (storage.sql.exec !== meteredExec) throw new Error("the object's storage cannot be metered");
}

/** A Durable Object class whose every handler is timed and whose storage and env meter. */
function meteredObject(Base) {
  /** Per instance: handlers in flight and since when it has been active. */
  const activity = new WeakMap();
  const enter = (object) => {
    const a = activity.get(object) ?? { inFlight: 0, since: 0 };
    if (a.inFlight++ === 0) a.since = performance.now();
    activity.set(object, a);
  };
  const leave = (object) => {
    const a = activity.get(object);
    if (--a.inFlight === 0) meter.objectActiveMs += performance.now() - a.since;
  };
  const Metered = class extends Base {
    constructor(ctx, env) {
      meterStorage(ctx.storage);
      super(ctx, meteredEnv(env));
    }
  };
  for (const key of Object.getOwnPropertyNames(Base.prototype)) {
    if (key === "constructor") continue;
    const method = Object.getOwnPropertyDescriptor(Base.prototype, key)?.value;
    if (typeof method !== "function") continue;
    Object.defineProperty(Metered.prototype, key, {
      configurable: true,
      writable: true,
      // Sync methods stay sync: the object calls some of its own methods too.
      value: function (...args) {
        if (key === "alarm") meter.objectRequests.alarm++;
        enter(this);
        let result;
        try {
          result = method.apply(this, args);
        } catch (error) {
          leave(this);
          throw error;
        }
        if (typeof result?.then !== "function") {
          leave(this);
          return result;
        }
        return result.finally(() => leave(this));
      },
    });
  }
  return Metered;
}

const worker = bundle.default;

export default {
  async fetch(request, env, ctx) {
    const { pathname } = new URL(request.url);
    if (pathname === "/__bench/meter") {
      settleCursors();
      const answer = Response.json(meter);
      if (request.method === "POST") meter = emptyMeter();
      return answer;
    }
    const sim = pathname.startsWith("/v1/sim/");
    if (sim) meter.workerRequests.bench++;
    else meter.workerRequests.fetch++;
    return worker.fetch(request, meteredEnv(env, sim ? SIM : PRODUCT), ctx);
  },
  async scheduled(controller, env, ctx) {
    meter.workerRequests.scheduled++;
    return worker.scheduled(controller, meteredEnv(env), ctx);
  },
  async queue(batch, env, ctx) {
    meter.workerRequests.queue++;
    return worker.queue(batch, meteredEnv(env), ctx);
  },
};

export const FleetObject = meteredObject(bundle.FleetObject);
export const UpdateRunObject = meteredObject(bundle.UpdateRunObject);
export const RolloutSequenceObject = meteredObject(bundle.RolloutSequenceObject);
