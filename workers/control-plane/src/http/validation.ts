import type { RuleId } from "@regatta/engine";
import { ProblemError } from "./problem.ts";

interface Issue {
  path: PropertyKey[];
  message: string;
}

const RULE_PREFIX = /^([A-Z]+-\d+):/;

/**
 * Turns schema validation failures into one problem. A refinement that enforces a SPEC
 * rule words its message `RULE-N: …`; then the answer is 422 citing that rule, as
 * API.md asks for rule refusals. Everything else is a 400 listing the field paths.
 */
export function validationProblem(issues: readonly Issue[], target: string): ProblemError {
  const errors = issues.map((issue) => ({
    path: [target, ...issue.path.map(String)].join("."),
    message: issue.message,
  }));
  const ruled = issues.find((issue) => RULE_PREFIX.test(issue.message));
  if (ruled) {
    const rule = RULE_PREFIX.exec(ruled.message)![1] as RuleId;
    return new ProblemError(422, ruled.message, rule, errors);
  }
  const detail = errors.map((error) => `${error.path}: ${error.message}`).join("; ");
  return new ProblemError(400, `invalid request: ${detail}`, undefined, errors);
}
