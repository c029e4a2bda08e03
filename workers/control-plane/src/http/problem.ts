import type { RuleId, RuleViolation } from "@regatta/engine";

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
  500: "Internal Server Error",
};

/**
 * Thrown anywhere below a route to answer with problem+json. Routes never build error
 * bodies by hand, so every refusal looks the same to automation.
 * @example throw new ProblemError(404, "cluster c1 does not exist")
 */
export class ProblemError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly rule?: RuleId,
    readonly errors?: Problem["errors"],
  ) {
    super(detail);
  }

  /** The engine's refusals carry their own rule and status. */
  static fromViolation(violation: RuleViolation): ProblemError {
    return new ProblemError(violation.status, violation.detail, violation.rule);
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
    headers: { "content-type": "application/problem+json" },
  });
}
