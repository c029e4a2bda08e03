import type { FailureReason } from "../provider/commands.ts";
import { exponentialBackoff } from "../time/backoff.ts";
import type { Instant } from "../time/instant.ts";
import { BACKOFF_FIRST_MS, BACKOFF_MAX_MS, BACKOFF_RESET_MS } from "./defaults.ts";
import type { AutoscalerState, PoolBackoff, ScaleUpErrorReason } from "./types.ts";

const backoffWait = exponentialBackoff({ first: BACKOFF_FIRST_MS, max: BACKOFF_MAX_MS });

/** A state with nothing remembered: the first pass of a cluster. */
export function initialAutoscalerState(): AutoscalerState {
  return { backoff: {}, unneededSince: {} };
}

/**
 * CA-4: a scale up of `pool` failed (quota, IP space, stockout, or a node that did not
 * register in time). The pool backs off 5 min, then 10, 20, 30 (seed: doubling up to
 * 30 min); failures are forgotten 3 h after the last one (upstream's reset timeout).
 * Other pools are untouched.
 *
 * @example recordScaleUpFailure(initialAutoscalerState(), "a2-spot", "scale.up.error.quota.exceeded", t).backoff["a2-spot"].until // t + 5 min
 */
export function recordScaleUpFailure(
  state: AutoscalerState,
  pool: string,
  reason: ScaleUpErrorReason,
  now: Instant,
): AutoscalerState {
  const previous = activeBackoffRecord(state.backoff[pool], now);
  const failures = (previous?.failures ?? 0) + 1;
  const entry: PoolBackoff = {
    failures,
    lastFailureAt: now,
    until: now + backoffWait(failures),
    reason,
  };
  return { ...state, backoff: { ...state.backoff, [pool]: entry } };
}

/** The backoff record while it still counts (within 3 h of the last failure). */
function activeBackoffRecord(
  entry: PoolBackoff | undefined,
  now: Instant,
): PoolBackoff | undefined {
  return entry && now - entry.lastFailureAt < BACKOFF_RESET_MS ? entry : undefined;
}

/** CA-4: whether the pool may not scale up now; returns its record when it may not. */
export function backingOff(
  state: AutoscalerState,
  pool: string,
  now: Instant,
): PoolBackoff | undefined {
  const entry = state.backoff[pool];
  return entry && now < entry.until ? entry : undefined;
}

/** CA-4: records older than the reset timeout are dropped, so the next failure starts at 5 min. */
export function pruneBackoff(
  backoff: Record<string, PoolBackoff>,
  now: Instant,
): Record<string, PoolBackoff> {
  const kept: Record<string, PoolBackoff> = {};
  for (const [pool, entry] of Object.entries(backoff)) {
    if (activeBackoffRecord(entry, now)) kept[pool] = entry;
  }
  return kept;
}

/**
 * CA-4: the reason a refused node reports its scale up failed with, as `eventResult`
 * names it; a refusal that is neither quota nor IP space is a stockout.
 *
 * @example scaleUpErrorOf("IP_EXHAUSTED") // "scale.up.error.ip.space.exhausted"
 */
export function scaleUpErrorOf(reason: FailureReason): ScaleUpErrorReason {
  switch (reason) {
    case "QUOTA_EXCEEDED":
      return "scale.up.error.quota.exceeded";
    case "IP_EXHAUSTED":
      return "scale.up.error.ip.space.exhausted";
    case "FAILED":
    case "HEALTH_CHECK_FAIL":
    case "PREFLIGHT_BLOCKED":
      return "scale.up.error.out.of.resources";
    default:
      return reason satisfies never;
  }
}

/**
 * CA-4: one failed scale up is one failure, however many of its nodes were refused: a
 * refusal of a node requested at `requestedAt` counts only when no failure of the pool
 * was recorded since.
 *
 * @example isNewScaleUpFailure(state, "pool-a", requestedAt) // false after a sibling's refusal
 */
export function isNewScaleUpFailure(
  state: AutoscalerState,
  pool: string,
  requestedAt: Instant,
): boolean {
  return (state.backoff[pool]?.lastFailureAt ?? -1) < requestedAt;
}
