/** A rule ID such as `VER-4` or `NUP-9` (SPEC), or `SEC-1` (the repo's own, docs/rules.md). */
export type RuleId =
  `${"VER" | "CH" | "SEQ" | "MW" | "RUN" | "LIFE" | "NUP" | "CA" | "EXT" | "SEC"}-${number}`;

/**
 * What kind of refusal a rule makes. The engine speaks no HTTP: the control plane's
 * edge (`http/problem.ts`) maps each kind to the status API.md gives it —
 * `malformed` input is a 400, a part of the state the request names being `missing`
 * a 404, a `conflict` with the current state a 409, and a rule that `refused` it a 422.
 */
export type ViolationKind = "malformed" | "missing" | "conflict" | "refused";

/**
 * A refusal by a SPEC rule. The detail carries the facts,
 * e.g. `VER-4: 1.13.0 → 1.15.0 skips minor 1.14`.
 */
export interface RuleViolation {
  rule: RuleId;
  kind: ViolationKind;
  detail: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: RuleViolation };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

/** @example refuse("VER-2", "refused", "VER-2: 1.21.0 is below the current 1.22.3") */
export function refuse<T = never>(rule: RuleId, kind: ViolationKind, detail: string): Result<T> {
  return { ok: false, error: { rule, kind, detail } };
}
