/** Which SQLite constraint refused a write. */
export type ConstraintKind = "FOREIGN_KEY" | "UNIQUE" | "NOT_NULL" | "CHECK";

const PATTERNS: readonly [ConstraintKind, RegExp][] = [
  ["FOREIGN_KEY", /FOREIGN KEY constraint failed/i],
  ["UNIQUE", /UNIQUE constraint failed/i],
  ["NOT_NULL", /NOT NULL constraint failed/i],
  ["CHECK", /CHECK constraint failed/i],
];

/**
 * Classifies a failed D1 write by the SQLite constraint named in its message, looking
 * through drizzle's `DrizzleQueryError` to the driver error in `cause`. Routes map
 * FOREIGN_KEY to 404/409 (a referenced row is missing, or a restricted delete) and
 * UNIQUE (duplicate key, primary keys included) to 409.
 *
 * @example if (constraintViolation(err) === "FOREIGN_KEY") return conflict(...)
 */
export function constraintViolation(error: unknown): ConstraintKind | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; depth++) {
    for (const [kind, pattern] of PATTERNS) if (pattern.test(e.message)) return kind;
    e = e.cause;
  }
  return undefined;
}
