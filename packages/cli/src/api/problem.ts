/** An RFC 9457 problem as the control plane answers it (API.md "Conventions"). */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  rule?: string;
  errors?: { path: string; message: string }[];
}

/** The API refused a request: carries the problem (exit 1). */
export class ApiError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly problem: Problem,
  ) {
    super(`${problem.status} ${problem.title}: ${problem.detail}`);
  }
}

/** The control plane could not be reached at all (exit 1). */
export class UnreachableError extends Error {}

/** A problem from whatever the server answered, even a body that is not problem+json. */
export function toProblem(status: number, statusText: string, body: unknown): Problem {
  if (isProblem(body)) return body;
  const detail = typeof body === "string" && body !== "" ? body : statusText || "no detail";
  return { type: "about:blank", title: statusText || `HTTP ${status}`, status, detail };
}

function isProblem(body: unknown): body is Problem {
  return (
    typeof body === "object" &&
    body !== null &&
    "status" in body &&
    typeof body.status === "number" &&
    "detail" in body &&
    typeof body.detail === "string" &&
    "title" in body
  );
}

/**
 * The problem for a person: status, title, the rule that refused it, the detail, then
 * each invalid field on its own line.
 * @example formatProblem(p) // "error: 422 Unprocessable Entity [VER-4]: 1.13.0 → 1.15.0 skips minor 1.14\n"
 */
export function formatProblem(error: ApiError): string {
  const { problem } = error;
  const rule = problem.rule ? ` [${problem.rule}]` : "";
  const lines = [`error: ${problem.status} ${problem.title}${rule}: ${problem.detail}`];
  for (const field of problem.errors ?? []) {
    const line = `${field.path}: ${field.message}`;
    // The control plane's 400 detail often already quotes its first field.
    if (!problem.detail.includes(line)) lines.push(`  ${line}`);
  }
  lines.push(`  (${error.method} ${error.path})`);
  if (problem.status === 401) lines.push("  hint: set REGATTA_TOKEN or pass --token");
  return `${lines.join("\n")}\n`;
}
