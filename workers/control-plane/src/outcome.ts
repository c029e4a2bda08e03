import type { RuleId, RuleViolation, ViolationKind } from "@regatta/engine";

/**
 * Why a service refused a request: the engine's `RuleViolation` (a rule and its kind,
 * passed through unchanged), or the worker's own refusal, of the same kinds. Services
 * return refusals and speak no HTTP; only routes turn them into problem+json
 * (`orRefuse`), and `http/problem.ts` is where a kind becomes a status.
 */
export type Refusal = RuleViolation | ServiceRefusal;

/**
 * The kinds a refusal can be: the engine's (malformed, missing, conflict: not allowed in
 * the current state, refused: a rule refuses it), and the worker's own: `busy`, too much
 * at once or too often, to be tried again after `retryAfterSeconds`; `upgrade-required`,
 * a watch asked for without a WebSocket upgrade.
 */
export type RefusalKind = ViolationKind | "busy" | "upgrade-required";

/** A refusal the worker makes itself. */
export interface ServiceRefusal {
  kind: RefusalKind;
  detail: string;
  rule?: RuleId;
  /** When a `busy` refusal may be tried again. */
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

/** @example return refused("missing", `cluster ${name} does not exist`); */
export function refused(kind: RefusalKind, detail: string, rule?: RuleId): Refused {
  return { ok: false, error: rule === undefined ? { kind, detail } : { kind, detail, rule } };
}

/**
 * Is this refusal "not allowed in the current state" (API.md's 409), whether the engine
 * or the worker made it?
 */
export function isConflict(refusal: Refusal): boolean {
  return refusal.kind === "conflict";
}
