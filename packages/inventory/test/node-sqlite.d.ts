// The slice of Node's built-in `node:sqlite` the D1 stand-in uses; the package compiles
// without @types/node.
declare module "node:sqlite" {
  type SqlValue = null | number | bigint | string | Uint8Array;
  export class StatementSync {
    all(...params: SqlValue[]): Record<string, SqlValue>[];
    run(...params: SqlValue[]): { changes: number | bigint; lastInsertRowid: number | bigint };
    setReturnArrays(enabled: boolean): void;
  }
  export class DatabaseSync {
    constructor(path: string);
    exec(sql: string): void;
    prepare(sql: string): StatementSync;
    close(): void;
  }
}

// Vite's glob import, used to load /migrations the way wrangler does (every top-level
// .sql file, in name order).
interface ImportMeta {
  glob<T>(
    pattern: string,
    options: { query: "?raw"; import: "default"; eager: true },
  ): Record<string, T>;
}
