/** A rule ID such as `VER-4` or `NUP-9` (SPEC), or `SEC-1` (the repo's own, docs/rules.md). */
export type RuleId =
  `${"VER" | "CH" | "SEQ" | "MW" | "RUN" | "LIFE" | "NUP" | "CA" | "EXT" | "SEC"}-${number}`;

/**
 * A refusal by a SPEC rule. `status` follows API.md: 400 malformed input, 404 a part
 * of the state the request names does not exist, 409 not allowed in the current state,
 * 422 a rule refuses it. The detail carries the facts,
 * e.g. `VER-4: 1.13.0 → 1.15.0 skips minor 1.14`.
 */
export interface RuleViolation {
  rule: RuleId;
  status: 400 | 404 | 409 | 422;
  detail: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: RuleViolation };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

/** @example refuse("VER-2", 422, "VER-2: 1.21.0 is below the current 1.22.3") */
export function refuse<T = never>(
  rule: RuleId,
  status: RuleViolation["status"],
  detail: string,
): Result<T> {
  return { ok: false, error: { rule, status, detail } };
}
