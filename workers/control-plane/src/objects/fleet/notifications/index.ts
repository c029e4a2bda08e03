/**
 * The notifications room as the other rooms see it: what each records for subscribers,
 * in the transaction of the change.
 */
export { notifyBackoff } from "./autoscaler.ts";
export { notifyClusterUpgradeEnd, notifyPoolOperationEnd } from "./operations.ts";
export { notifyRolloutChanges } from "./rollout.ts";
