import { type Instant, SECOND } from "../../time/instant.ts";
import { resolveSettings, type SimConfig } from "./config.ts";
import { putFault, removeFault, type SimFault } from "./faults.ts";
import { queueInsert } from "./queue.ts";
import type { SimState } from "./state.ts";

/**
 * Seed 001: a preempted Spot VM's pods "have only 15 seconds to finish"; the node is
 * gone once that notice has run out.
 */
export const SPOT_PREEMPTION_NOTICE_SECONDS = 15;

/**
 * The node a preemption takes away. With `zone`, the node's capacity is given back when
 * the preemption is reported (a preempted node is gone, the engine does not delete it).
 * `noticeSeconds` (default 0) is how long the node runs on after the notice.
 */
export interface PreemptTarget {
  cluster: string;
  pool: string;
  node: string;
  zone?: string;
  noticeSeconds?: number;
}

/**
 * Schedules a NODE_PREEMPTED report at `now` plus the notice (NUP-11 short-lived pools,
 * spot pools), delivered by `simAdvance` in order with the other reports.
 *
 * @example sim = simPreempt(sim, { cluster: "c", pool: "spot", node: "n-3", zone: "a", noticeSeconds: SPOT_PREEMPTION_NOTICE_SECONDS }, now);
 */
export function simPreempt(state: SimState, target: PreemptTarget, now: Instant): SimState {
  const at = Math.max(now, state.now);
  const { zone, noticeSeconds = 0, ...node } = target;
  const entry = {
    seq: state.seq,
    event: { type: "NODE_PREEMPTED" as const, ...node, at: at + noticeSeconds * SECOND },
    ...(zone === undefined ? {} : { release: zone }),
  };
  return { ...state, now: at, seq: state.seq + 1, queue: queueInsert(state.queue, [entry]) };
}

/**
 * Injects a fault, or replaces the fault with the same id (keeping its place in the
 * match order). Faults are checked when a command starts; commands already running
 * are not affected.
 *
 * @example sim = simSetFault(sim, { id: "f1", match: { operation: "HEALTH_CHECK" }, effect: "HEALTH_CHECK_FAIL", times: 1 });
 */
export function simSetFault(state: SimState, fault: SimFault): SimState {
  return { ...state, faults: putFault(state.faults, fault) };
}

/**
 * Removes a fault; an unknown id changes nothing (DELETE is idempotent).
 *
 * @example sim = simClearFault(sim, "f1");
 */
export function simClearFault(state: SimState, faultId: string): SimState {
  const faults = removeFault(state.faults, faultId);
  return faults === state.faults ? state : { ...state, faults };
}

/** Timing settings that can change while the sim runs. */
export type SimTiming = Pick<SimConfig, "durations" | "jitter" | "rejectionDelaySeconds">;

/**
 * Replaces the sim's timing settings (durations not given fall back to the defaults).
 * Commands already running keep the completion time they were given.
 *
 * @example sim = simConfigure(sim, { durations: { CREATE_NODE: 300 } });
 */
export function simConfigure(state: SimState, timing: SimTiming): SimState {
  return { ...state, settings: resolveSettings({ seed: state.seed, ...timing }) };
}

/**
 * Sets a zone's node capacity when its quota or reservations change (undefined: no
 * limit). The sim keeps counting the nodes it knows; a zone it has not seen yet starts
 * from `inUse`, the nodes the inventory has there. Nodes beyond a lowered capacity stay;
 * only new creates are refused.
 *
 * @example sim = simSetCapacity(sim, "zone-a", 12, 9);
 */
export function simSetCapacity(
  state: SimState,
  zone: string,
  capacity: number | undefined,
  inUse: number,
): SimState {
  const { capacity: _old, ...current } = state.zones[zone] ?? { used: inUse };
  const next = capacity === undefined ? current : { ...current, capacity };
  return { ...state, zones: { ...state.zones, [zone]: next } };
}
