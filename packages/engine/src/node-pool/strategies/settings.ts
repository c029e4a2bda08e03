import { ok, type Result, type RuleId, refuse } from "../../rules/violation.ts";

/**
 * A setting that is a whole number ≥ 0, or its default when absent.
 *
 * @example countSetting(undefined, 1, "NUP-2", "maxSurge") // ok(1)
 */
export function countSetting(
  value: number | undefined,
  fallback: number,
  rule: RuleId,
  field: string,
): Result<number> {
  if (value === undefined) return ok(fallback);
  if (!Number.isInteger(value) || value < 0) {
    return refuse(rule, "refused", `${rule}: ${field} must be a whole number ≥ 0, got ${value}`);
  }
  return ok(value);
}
