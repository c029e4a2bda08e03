import type { Instant } from "../time/instant.ts";
import { nextStepDeadline } from "./actuation.ts";
import type { AutoscalerDecision, NodeInFlight } from "./types.ts";

/**
 * When the autoscaler passes (CA-17, DESIGN "Time"). The reference is the brute loop of
 * upstream cluster-autoscaler: a pass at every instant of the scan grid (the multiples of
 * the scan interval for the cluster's size, from the epoch), plus a pass at each explicit
 * trigger (a whole workloads snapshot, `POST …/autoscaler/evaluate`, a
 * ProvisioningRequest), which sees its own instant. Everything else the loop only sees at
 * its next tick: a change from outside (a provider's answer, a node written back, a pool
 * or the cluster edited, an upgrade's step in a pool under NUP-12, a preemption) is
 * noticed at the first grid instant at or after it, {@link onScanGrid}.
 *
 * The host runs none of the ticks at which the loop could only repeat itself: a pass is
 * due at an explicit trigger, at a change (on the grid), and at {@link nextScanAt}: the
 * tick after a pass that acted, or a deadline the pass knows, rounded up to the grid. The
 * same scenario gives the same decisions both ways (the property test in
 * packages/engine/test/autoscaler/scan-schedule.property.test.ts).
 */

/**
 * The first instant of the scan grid at or after `at`: when the brute loop notices a
 * change made at `at`.
 *
 * @example onScanGrid(Date.UTC(2026, 0, 5, 0, 0, 1), 10_000) // Date.UTC(2026, 0, 5, 0, 0, 10)
 */
export function onScanGrid(at: Instant, intervalMs: number): Instant {
  return Math.ceil(at / intervalMs) * intervalMs;
}

/** The first instant of the scan grid after `at`: the brute loop's next tick. */
export function nextScanTick(at: Instant, intervalMs: number): Instant {
  return Math.floor(at / intervalMs) * intervalMs + intervalMs;
}

/** What decides when the next pass of a cluster is due. */
export interface ScanFacts {
  decision: Pick<AutoscalerDecision, "scanIntervalMs" | "wakeAt">;
  /**
   * The actuator's status once the pass's commands are out: a drain's graceful
   * termination running out (CA-8) needs a pass without any answer.
   */
  inFlight: Readonly<Record<string, NodeInFlight>>;
}

/**
 * The next pass with nothing changed from outside: the pass's own `wakeAt`, or the
 * first tick at or after a step deadline of a node in flight (CA-8, `nextStepDeadline`),
 * whichever is first; undefined when only a change or an explicit trigger can make a
 * difference (a pod that fits nowhere, nodes kept at their minimum, a node being created
 * whose answer is awaited): such a cluster keeps no timer, so a fleet of quiet clusters
 * costs nothing.
 *
 * @example nextScanAt({ decision: { scanIntervalMs: 10_000 }, inFlight: {} }, now) // undefined for an idle cluster
 */
export function nextScanAt(facts: ScanFacts, now: Instant): Instant | undefined {
  const interval = facts.decision.scanIntervalMs;
  const step = nextStepDeadline(facts.inFlight);
  // A step already due was taken before this pass; the one after it waits for the tick.
  const stepAt =
    step === undefined
      ? undefined
      : Math.max(onScanGrid(step, interval), nextScanTick(now, interval));
  const own = facts.decision.wakeAt;
  if (own === undefined) return stepAt;
  return stepAt === undefined ? own : Math.min(own, stepAt);
}
