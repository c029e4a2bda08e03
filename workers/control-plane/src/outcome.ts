import type { RuleId } from "@regatta/engine";

/**
 * Why a service refused a request, in the terms API.md answers with: 400 malformed,
 * 404 unknown, 409 not allowed in the current state, 422 a rule refuses it (`rule`), 429
 * busy or too often (with `retryAfterSeconds`).
 * The engine's `RuleViolation` is one, so engine results pass through unchanged.
 * Services return refusals; only routes turn them into problem+json (`orRefuse`).
 */
export interface Refusal {
  status: 400 | 404 | 409 | 422 | 429;
  detail: string;
  rule?: RuleId;
  /** A 429's `Retry-After`. */
  retryAfterSeconds?: number;
}

/** What a service answers: a value, or a refusal. The engine's `Result<T>` is one. */
export type Outcome<T> = { ok: true; value: T } | Refused;

/** The refusing half of an `Outcome`, assignable to an outcome of any value. */
export interface Refused {
  ok: false;
  error: Refusal;
}

/** @example return accepted(view); */
export function accepted<T>(value: T): Outcome<T> {
  return { ok: true, value };
}

/** @example return refused(404, `cluster ${name} does not exist`); */
export function refused(status: Refusal["status"], detail: string, rule?: RuleId): Refused {
  return { ok: false, error: rule === undefined ? { status, detail } : { status, detail, rule } };
}
