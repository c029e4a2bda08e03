/** The repo's D1 migrations in the order wrangler applies them (file name order). */
export const migrationSql: readonly string[] = Object.entries(
  import.meta.glob<string>("../../../migrations/*.sql", {
    query: "?raw",
    import: "default",
    eager: true,
  }),
)
  .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  .map(([, sql]) => sql);
