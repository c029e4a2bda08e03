/**
 * EXT-9: every state a user can see that is not moving forward carries a reason led by
 * the rule that holds it. `stuckWithoutReason` walks one answer of the API (a run tree, an
 * operation, a rollout status, a cluster, decisions…) and names each such state that does
 * not say why; the test helper checks every status answer of the suite with it.
 */

/** States that are not moving forward, in every vocabulary the API uses. */
const STUCK = new Set([
  // Update runs, stages, groups, members (RUN, EXT).
  "Pending",
  "Stopped",
  "Stopping",
  "Failed",
  "Skipped",
  // Operations (NUP, LIFE, CA).
  "PAUSED",
  "CANCELLED",
  "FAILED",
  "ROLLED_BACK",
  // Rollout sequencing (SEQ).
  "INELIGIBLE",
  "PENDING",
  // Lifecycle components while health checks keep failing (LIFE-3).
  "WAITING",
]);

const RULE_LED = /^(VER|CH|SEQ|MW|RUN|LIFE|NUP|CA|EXT)-\d+: /;
const REASON_FIELDS = ["reason", "message", "error", "lastFailure"] as const;

/**
 * Paths (`stages[0].groups[1]`) of stuck states without a rule-led reason.
 *
 * @example stuckWithoutReason({ state: "Pending" }) // ["(answer) Pending"]
 */
export function stuckWithoutReason(body: unknown, path = "(answer)"): string[] {
  if (Array.isArray(body))
    return body.flatMap((item, i) => stuckWithoutReason(item, `${path}[${i}]`));
  if (body === null || typeof body !== "object") return [];
  const record = body as Record<string, unknown>;
  const out: string[] = [];
  const state = record.state;
  // A lifecycle step PENDING is one not reached yet, like NotStarted: not held by anything.
  const notReached = state === "PENDING" && "attempts" in record;
  if (typeof state === "string" && STUCK.has(state) && !notReached) {
    const reasons = REASON_FIELDS.map((f) => record[f]).filter(
      (v): v is string => typeof v === "string",
    );
    if (!reasons.some((r) => RULE_LED.test(r)))
      out.push(`${path} ${state}${reasons.length > 0 ? ` (${reasons[0]!.slice(0, 80)})` : ""}`);
  }
  for (const [key, value] of Object.entries(record)) {
    if (value !== null && typeof value === "object")
      out.push(...stuckWithoutReason(value, `${path}.${key}`));
  }
  return out;
}
