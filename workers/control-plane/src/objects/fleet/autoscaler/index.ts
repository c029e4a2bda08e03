/**
 * The autoscaler room as the other rooms see it: a look at the cluster again (an upgrade
 * moved on), and the workloads it keeps (where pods run, which cannot be evicted).
 */
export { wakeAutoscaler } from "./cluster.ts";
export { loadWorkloads } from "./workloads.ts";
