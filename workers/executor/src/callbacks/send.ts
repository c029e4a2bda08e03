import { callbackPath, signatureHeaders } from "@regatta/protocol";
import type { ExecutorConfig } from "../config.ts";
import type { PendingCallback } from "./outbox.ts";

/** How long one callback may take before it counts as failed (and is retried). */
export const CALLBACK_TIMEOUT_MS = 10_000;

/** How one attempt went; decided here once, acted on by the delivery loop. */
export type SendOutcome =
  | { kind: "acknowledged" }
  /** A 4xx other than 408/429: the same request will get the same answer. */
  | { kind: "refused"; status: number; detail: string }
  /** No answer, a timeout, a 5xx, 408 or 429: worth trying again later. */
  | { kind: "failed"; detail: string };

/**
 * POSTs one report to `{CONTROL_PLANE_URL}/v1/operations/{id}/events`, signed at the wall
 * clock over the path the control plane sees (the base URL's path included).
 */
export async function sendCallback(
  config: Pick<ExecutorConfig, "controlPlaneUrl" | "callbackSecret">,
  callback: PendingCallback,
  wallNow: number,
  post: typeof fetch = (input, init) => fetch(input, init),
): Promise<SendOutcome> {
  const url = new URL(callbackPath(callback.operation).slice(1), config.controlPlaneUrl);
  const headers = await signatureHeaders(
    config.callbackSecret,
    { method: "POST", path: url.pathname, body: callback.body },
    wallNow,
  );
  let response: Response;
  try {
    response = await post(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: callback.body,
      signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    return {
      kind: "failed",
      detail: timedOut ? `timed out after ${CALLBACK_TIMEOUT_MS / 1000} s` : `no answer: ${error}`,
    };
  }
  if (response.ok) {
    await response.body?.cancel();
    return { kind: "acknowledged" };
  }
  const detail = `HTTP ${response.status}${await problemDetail(response)}`;
  return isPermanent(response.status)
    ? { kind: "refused", status: response.status, detail }
    : { kind: "failed", detail };
}

/** 408 (timeout) and 429 (slow down) say "later", like a 5xx; any other 4xx is final. */
export function isPermanent(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** The `detail` of a problem+json answer, to say why in the executor's records. */
async function problemDetail(response: Response): Promise<string> {
  try {
    const text = (await response.text()).slice(0, 4_000);
    const body = JSON.parse(text) as { detail?: unknown };
    return typeof body.detail === "string" ? `: ${body.detail.slice(0, 500)}` : "";
  } catch {
    return "";
  }
}
