import { redactUrl } from "../rules/redact-url.ts";
import type { Instant } from "../time/instant.ts";
import type {
  CheckHealthIntent,
  HealthCheckSpec,
  RunMember,
  StrategyGroup,
  StrategyStage,
  UpdateRunEvent,
} from "./types.ts";

/** EXT-7: how long a member's check detail may be; the rest of an answer is not kept. */
export const HEALTH_DETAIL_LIMIT = 200;

/**
 * A check as people read it in messages. SEC-10: a message reaches every reader of the run
 * and its notifications, so a URL's query and userinfo are left out.
 *
 * @example describeCheck({ provider: true }) // "the provider's HEALTH_CHECK"
 */
export function describeCheck(check: HealthCheckSpec): string {
  return "url" in check ? redactUrl(check.url) : "the provider's HEALTH_CHECK";
}

/**
 * EXT-7: a strategy's checks, copied at creation like its other stage and group settings
 * (RUN-4): later edits of the strategy do not reach a run.
 */
export function copyHealthCheck(
  scope: StrategyStage | StrategyGroup,
): { healthCheck: HealthCheckSpec } | Record<string, never> {
  const check = scope.healthCheck;
  if (check === undefined) return {};
  return { healthCheck: "url" in check ? { url: check.url } : { provider: true } };
}

/**
 * EXT-7: the member's upgrade ended well and its scope names a check: it stays Running
 * while the check runs, and the host is asked to run it.
 */
export function beginHealthCheck(
  member: RunMember,
  check: HealthCheckSpec,
  at: Instant,
): CheckHealthIntent {
  member.state = "Running";
  member.healthCheck = { check, requestedAt: at };
  member.message = checkingMessage(check);
  return { type: "CHECK_HEALTH", cluster: member.cluster, check, requestedAt: at };
}

/** The message of a member whose check runs (EXT-9: led by its rule). */
export function checkingMessage(check: HealthCheckSpec): string {
  return `EXT-7: upgrade done; health check ${describeCheck(check)} running`;
}

/** Whether the member waits for its health check's answer. */
export function awaitingHealth(member: RunMember): boolean {
  return member.healthCheck !== undefined && member.healthCheck.passed === undefined;
}

/**
 * EXT-7: records the check's answer on the member (detail cut to its limit) and says
 * what it means: pass completes the member, anything else fails it with the message
 * RUN-11 and EXT-3 then judge.
 */
export function recordHealthAnswer(
  member: RunMember,
  event: Extract<UpdateRunEvent, { type: "HEALTH_CHECKED" }>,
): { passed: true } | { passed: false; message: string } {
  // A new record: the decision's copy of the run shares the old one with its input.
  const { check, requestedAt } = member.healthCheck!;
  const detail = event.detail.slice(0, HEALTH_DETAIL_LIMIT);
  const record = { check, requestedAt, passed: event.passed, detail, checkedAt: event.at };
  member.healthCheck =
    event.statusCode === undefined ? record : { ...record, statusCode: event.statusCode };
  if (event.passed) return { passed: true };
  return {
    passed: false,
    message: `EXT-7: health check ${describeCheck(record.check)} failed: ${detail}`,
  };
}
