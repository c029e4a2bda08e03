import { DatabaseSync, type StatementSync } from "node:sqlite";
import { openInventory } from "../src/queries/db.ts";

type Param = null | number | string;

/** D1's per-statement limit, enforced here so chunking bugs fail in Node too. */
const MAX_PARAMS = 100;

/**
 * A stand-in for a D1 binding over Node's built-in SQLite, with D1's defaults that
 * matter here: foreign keys on, batches atomic, at most 100 bound parameters. It covers
 * the calls drizzle's D1 driver makes (prepare/bind/all/raw/run/batch). Real D1 is
 * exercised by the worker's workerd tests.
 */
class StandInStatement {
  constructor(
    private readonly sqlite: DatabaseSync,
    readonly sql: string,
    private readonly params: Param[] = [],
  ) {}

  bind(...params: Param[]): StandInStatement {
    if (params.length > MAX_PARAMS) {
      throw new Error(`D1_ERROR: too many SQL variables (${params.length}): SQLITE_ERROR`);
    }
    return new StandInStatement(this.sqlite, this.sql, params);
  }

  private prepared(): StatementSync {
    return this.sqlite.prepare(this.sql);
  }

  async all() {
    return { results: this.prepared().all(...this.params), success: true, meta: {} };
  }

  async raw() {
    const stmt = this.prepared();
    stmt.setReturnArrays(true);
    return stmt.all(...this.params) as unknown as unknown[][];
  }

  async run() {
    const { changes } = this.prepared().run(...this.params);
    return { results: [], success: true, meta: { changes: Number(changes) } };
  }
}

class StandInD1 {
  readonly statements: string[] = [];
  constructor(readonly sqlite: DatabaseSync) {}

  prepare(sql: string): StandInStatement {
    this.statements.push(sql);
    return new StandInStatement(this.sqlite, sql);
  }

  async batch(statements: StandInStatement[]) {
    this.sqlite.exec("BEGIN");
    try {
      const results = [];
      for (const s of statements) results.push(await s.all());
      this.sqlite.exec("COMMIT");
      return results;
    } catch (error) {
      this.sqlite.exec("ROLLBACK");
      throw error;
    }
  }
}

/** A fresh in-memory inventory with the repo's migrations applied, as drizzle sees D1. */
export function createTestDb(migrationSql: readonly string[]) {
  const sqlite = new DatabaseSync(":memory:");
  sqlite.exec("PRAGMA foreign_keys = ON");
  for (const file of migrationSql) {
    for (const statement of file.split("--> statement-breakpoint")) sqlite.exec(statement);
  }
  const d1 = new StandInD1(sqlite);
  return { db: openInventory(d1 as never), d1, sqlite };
}
