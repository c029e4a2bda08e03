import { onScanGrid, scanIntervalMs } from "@regatta/engine";
import type { Tx } from "../../../runtime/types.ts";
import { timerId } from "../../../runtime/types.ts";
import { forgetDecisions } from "./decisions.ts";
import { AS_TIMER } from "./keys.ts";
import { forgetProvisioning } from "./provisioning.ts";
import type { HostState } from "./state.ts";
import { forgetNodeSync } from "./sync.ts";
import { forgetWorkloads, loadWorkloads, type WorkloadPod } from "./workloads.ts";

/** The autoscaler's per-cluster keys that outlive a pass (see host.ts). */
export const autoscalerStateKey = (cluster: string) => `as:${cluster}`;
export const autoscalerIdKey = (id: string) => `as-id:${id}`;

/**
 * Something a pass reads changed — a provider answered, a node went, a pool or the
 * cluster was put or deleted, an upgrade moved a pool on (NUP-12): the autoscaler looks
 * at the cluster at the first instant of its scan grid at or after now, as the loop it
 * stands for would (`onScanGrid`), for a cluster it looks after (it has run a pass
 * before, or `autoscaled` says the change brings an autoscaled pool). An idle cluster
 * keeps no timer, so nothing else would.
 */
export function wakeAutoscaler(tx: Tx, cluster: string, autoscaled = false): void {
  const state = tx.getState<HostState>(autoscalerStateKey(cluster));
  if (!autoscaled && state === undefined) return;
  // Timers are only ever set on the grid: none pending is due before this instant.
  const due = onScanGrid(tx.now, state?.scanEveryMs ?? scanIntervalMs(0));
  tx.setTimer({ id: timerId(AS_TIMER, cluster), due, kind: AS_TIMER, payload: cluster });
}

/** The cluster was deleted: its workloads, decisions, autoscaler state and timers go. */
export function forgetAutoscaler(tx: Tx, cluster: string): void {
  const state = tx.getState<{ id: string }>(autoscalerStateKey(cluster));
  if (state) tx.deleteState(autoscalerIdKey(state.id));
  tx.deleteState(autoscalerStateKey(cluster));
  tx.clearTimer(timerId(AS_TIMER, cluster));
  forgetNodeSync(tx, cluster);
  forgetWorkloads(tx, cluster);
  forgetDecisions(tx, cluster);
  forgetProvisioning(tx, cluster);
}

/** A page of the stored pods (with where the control plane expects them to run). */
export function autoscalerPods(
  tx: Tx,
  cluster: string,
  offset: number,
  limit: number,
): { items: WorkloadPod[]; total: number; revision: number } {
  const workloads = loadWorkloads(tx, cluster);
  return {
    items: workloads.pods.slice(offset, offset + limit),
    total: workloads.pods.length,
    revision: workloads.revision,
  };
}
