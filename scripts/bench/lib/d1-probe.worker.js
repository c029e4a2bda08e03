/**
 * The inventory benchmark's direct D1 client: a bare worker that Miniflare runs next to
 * the control plane, bound to the same D1 database. Its queries go worker → D1 exactly
 * like the control plane's, so "route" and "direct D1" rows of the benchmark differ only
 * by what the app adds (Hono, auth, drizzle, JSON shaping), not by transport. (Node's
 * `mf.getD1Database` proxy costs several ms per call, more than the query itself.)
 *
 * POST /query  {sql, params}           → the rows, as JSON
 * POST /insert {table, columns, rows}  → {inserted, statements}; one atomic db.batch
 */

/** D1 refuses statements with more than 100 bound parameters. */
const MAX_BOUND_PARAMETERS = 100;

/** @param {string} name */
function quoteIdentifier(name) {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * Multi-row INSERTs of `rows`, each statement binding at most 100 parameters.
 * @param {D1Database} db @param {string} table @param {string[]} columns @param {unknown[][]} rows
 */
function insertStatements(db, table, columns, rows) {
  const perStatement = Math.max(1, Math.floor(MAX_BOUND_PARAMETERS / columns.length));
  const head = `INSERT INTO ${quoteIdentifier(table)} (${columns.map(quoteIdentifier).join(", ")}) VALUES `;
  const tuple = `(${columns.map(() => "?").join(", ")})`;
  const statements = [];
  for (let i = 0; i < rows.length; i += perStatement) {
    const part = rows.slice(i, i + perStatement);
    statements.push(db.prepare(head + part.map(() => tuple).join(", ")).bind(...part.flat()));
  }
  return statements;
}

export default {
  /** @param {Request} request @param {{ DB: D1Database }} env */
  async fetch(request, env) {
    const { pathname } = new URL(request.url);
    if (request.method !== "POST") return new Response("POST only", { status: 405 });
    const body = await request.json();
    if (pathname === "/query") {
      const { results } = await env.DB.prepare(body.sql)
        .bind(...body.params)
        .all();
      return Response.json(results);
    }
    if (pathname === "/insert") {
      const statements = insertStatements(env.DB, body.table, body.columns, body.rows);
      await env.DB.batch(statements);
      return Response.json({ inserted: body.rows.length, statements: statements.length });
    }
    return new Response(`no probe route ${pathname}`, { status: 404 });
  },
};
