import type { RuleId, RuleViolation } from "@regatta/engine";

/**
 * Why a service refused a request: the engine's `RuleViolation` (a rule and its kind,
 * passed through unchanged), or the worker's own refusal in the terms API.md answers
 * with. Services return refusals; only routes turn them into problem+json (`orRefuse`),
 * and `http/problem.ts` is where a violation's kind becomes a status.
 */
export type Refusal = RuleViolation | ServiceRefusal;

/**
 * A refusal the worker makes itself: 400 malformed, 404 unknown, 409 not allowed in the
 * current state, 422 a rule refuses it (`rule`), 429 busy or too often (with
 * `retryAfterSeconds`).
 */
export interface ServiceRefusal {
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
export function refused(status: ServiceRefusal["status"], detail: string, rule?: RuleId): Refused {
  return { ok: false, error: rule === undefined ? { status, detail } : { status, detail, rule } };
}

/**
 * Is this refusal "not allowed in the current state" (API.md's 409), whether the engine
 * or the worker made it?
 */
export function isConflict(refusal: Refusal): boolean {
  return "kind" in refusal ? refusal.kind === "conflict" : refusal.status === 409;
}
