import { HEALTH_DETAIL_LIMIT } from "@regatta/engine";

/**
 * EXT-7 URL health checks, shared by the update-run object (after a member's upgrade)
 * and the fleet's node-pool room (during a blue-green soak). A check is a GET: health
 * endpoints are read-only and a GET may be repeated after a lost answer. 2xx passes;
 * any other answer fails, redirects included (they are not followed, so a check never
 * leaves the URL that was validated at creation, services/notifications/url-policy.ts).
 * A transport error or the 10 s timeout throws, so the caller's durable delivery tries
 * again with backoff, up to {@link HEALTH_CHECK_ATTEMPTS}, then counts it as failed.
 */

/** How long one attempt waits for an answer. */
export const HEALTH_CHECK_TIMEOUT_MS = 10_000;
/** Attempts on transport errors before the check counts as failed. */
export const HEALTH_CHECK_ATTEMPTS = 3;

/** What a check said. */
export interface HealthAnswer {
  passed: boolean;
  statusCode?: number;
  detail: string;
}

/** Reads at most `limit` characters of a body and drops the rest unread. */
async function bodyPrefix(response: Response, limit: number): Promise<string> {
  const reader = response.body?.getReader();
  if (reader === undefined) return "";
  const decoder = new TextDecoder();
  let text = "";
  try {
    while (text.length < limit) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return text.slice(0, limit);
}

/**
 * Calls `url` once; throws on a transport error or a timeout.
 *
 * @example await callHealthUrl("https://status.example.com/healthz") // { passed: true, statusCode: 200, detail: "HTTP 200: ok" }
 */
export async function callHealthUrl(url: string): Promise<HealthAnswer> {
  const response = await fetch(url, {
    method: "GET",
    redirect: "manual",
    headers: { "user-agent": "regatta-health-check" },
    signal: AbortSignal.timeout(HEALTH_CHECK_TIMEOUT_MS),
  });
  const head = `HTTP ${response.status}`;
  const body = (await bodyPrefix(response, HEALTH_DETAIL_LIMIT)).trim();
  const detail = (body === "" ? head : `${head}: ${body}`).slice(0, HEALTH_DETAIL_LIMIT);
  return {
    passed: response.status >= 200 && response.status < 300,
    statusCode: response.status,
    detail,
  };
}

/** The answer when every attempt failed to reach the URL. */
export function unreachable(error: string): HealthAnswer {
  return {
    passed: false,
    detail: `no answer after ${HEALTH_CHECK_ATTEMPTS} attempts: ${error}`.slice(
      0,
      HEALTH_DETAIL_LIMIT,
    ),
  };
}
