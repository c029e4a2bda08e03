import { notificationHeaders } from "@regatta/protocol";

/**
 * One delivery attempt: the stored CloudEvent, byte for byte (so the signature covers
 * what the receiver reads), POSTed and signed with the subscription's secret. What comes
 * back is reduced to a status and a short reason: a receiver's answer is never stored.
 */

/** How long a receiver has to answer before the attempt counts as failed. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Characters of a failure's reason kept on the delivery. */
const REASON_CHARS = 200;

export type AttemptResult =
  | { ok: true; status: number }
  | { ok: false; status: number | null; error: string };

/** POSTs `body` to `url` signed with `secret` at the wall clock's now. */
export async function postEvent(url: string, body: string, secret: string): Promise<AttemptResult> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: await notificationHeaders(secret, body, Date.now()),
      body,
      // A redirect could lead anywhere, past the URL policy: it counts as a failure.
      redirect: "manual",
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    return {
      ok: false,
      status: null,
      error: truncate(
        timedOut ? `no answer within ${DELIVERY_TIMEOUT_MS / 1000} s` : describe(error),
      ),
    };
  }
  // Only the status matters; the body is not read, and not kept.
  await response.body?.cancel();
  if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status };
  const text = response.statusText ? ` ${response.statusText}` : "";
  return { ok: false, status: response.status, error: truncate(`HTTP ${response.status}${text}`) };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Cuts a reason to a bounded length. */
export function truncate(text: string): string {
  return text.length <= REASON_CHARS ? text : `${text.slice(0, REASON_CHARS - 1)}…`;
}
