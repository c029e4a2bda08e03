import { URL_RULE, type UrlPolicy, urlRefusal } from "../../outbound/url-policy.ts";

/**
 * EXT-7 URL health checks, shared by the update-run object (after a member's upgrade)
 * and the fleet's node-pool room (during a blue-green soak). A check is a GET: health
 * endpoints are read-only and a GET may be repeated after a lost answer. 2xx passes;
 * any other answer fails, redirects included (they are not followed, so a check never
 * leaves the URL the policy judged, outbound/url-policy.ts).
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

/**
 * SEC-2: the reasons a check may give. The target's body, headers and error texts are
 * never repeated: a health gate would otherwise read a URL's content back to everyone
 * who reads the run, its notifications and the CLI's output.
 */
const TIMED_OUT = "timed out";
const CONNECTION_FAILED = "connection failed";

/**
 * Calls `url` once, after judging it again by the deployment's policy (SEC-1: the policy
 * may have narrowed since the check was written); throws on a transport error or a
 * timeout, with one of the fixed reasons.
 *
 * @example await callHealthUrl("https://status.example.com/healthz", policy) // { passed: true, statusCode: 200, detail: "answered 200" }
 */
export async function callHealthUrl(url: string, policy: UrlPolicy): Promise<HealthAnswer> {
  const refusal = urlRefusal(url, policy);
  if (refusal !== undefined) {
    return { passed: false, detail: `${URL_RULE}: URL refused: ${refusal}` };
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method: "GET",
      redirect: "manual",
      headers: { "user-agent": "regatta-health-check" },
      signal: AbortSignal.timeout(HEALTH_CHECK_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    throw new Error(timedOut ? TIMED_OUT : CONNECTION_FAILED);
  }
  // The body is never read: only the status decides, and only the status is told.
  await response.body?.cancel().catch(() => {});
  return {
    passed: response.status >= 200 && response.status < 300,
    statusCode: response.status,
    detail: `answered ${response.status}`,
  };
}

/** The answer when every attempt failed to reach the URL (`error` is a thrown reason). */
export function unreachable(error: string): HealthAnswer {
  const reason = error === TIMED_OUT ? TIMED_OUT : CONNECTION_FAILED;
  return { passed: false, detail: `${reason} (${HEALTH_CHECK_ATTEMPTS} attempts)` };
}
