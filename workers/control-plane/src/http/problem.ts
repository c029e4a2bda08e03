import type { RuleId } from "@regatta/engine";
import type { Outcome, Refusal, RefusalKind } from "../outcome.ts";

/** RFC 9457 problem details, plus the SPEC rule that refused the request. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  rule?: RuleId;
  errors?: { path: string; message: string }[];
}

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  426: "Upgrade Required",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/** API.md's status for each kind of refusal; neither the engine nor a service speaks HTTP. */
const STATUS_OF_KIND = {
  malformed: 400,
  missing: 404,
  conflict: 409,
  refused: 422,
  busy: 429,
  "upgrade-required": 426,
} as const satisfies Record<RefusalKind, number>;

/** @example statusOf({ rule: "NUP-7", kind: "conflict", detail }) // 409 */
export function statusOf(refusal: Refusal): number {
  return STATUS_OF_KIND[refusal.kind];
}

/**
 * Thrown by routes and middleware to answer with problem+json (services return a
 * `Refusal` instead). Routes never build error bodies by hand, so every refusal looks
 * the same to automation.
 * @example throw new ProblemError(404, "cluster c1 does not exist")
 */
export class ProblemError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly rule?: RuleId,
    readonly errors?: Problem["errors"],
    /** Headers the answer carries besides its body (`retry-after` of a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
  }

  /** A refusal's kind gives the status; a `busy` one says when to try again. */
  static fromRefusal(refusal: Refusal): ProblemError {
    const headers =
      "retryAfterSeconds" in refusal && refusal.retryAfterSeconds !== undefined
        ? { "retry-after": String(refusal.retryAfterSeconds) }
        : undefined;
    return new ProblemError(statusOf(refusal), refusal.detail, refusal.rule, undefined, headers);
  }

  toProblem(): Problem {
    const problem: Problem = {
      type: this.rule ? `https://regatta.dev/rules/${this.rule}` : "about:blank",
      title: TITLES[this.status] ?? "Error",
      status: this.status,
      detail: this.detail,
    };
    if (this.rule) problem.rule = this.rule;
    if (this.errors) problem.errors = this.errors;
    return problem;
  }
}

export function problemResponse(error: ProblemError): Response {
  return new Response(JSON.stringify(error.toProblem()), {
    status: error.status,
    headers: { ...error.headers, "content-type": "application/problem+json" },
  });
}

/**
 * The one place a refusal becomes HTTP: the value of an accepted outcome, or a thrown
 * problem that the app's error handler answers with.
 *
 * @example return c.json(orRefuse(await readZone(c.var.inventory, name)), 200);
 */
export function orRefuse<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw ProblemError.fromRefusal(outcome.error);
  return outcome.value;
}
