/** What the fleet object's RPC methods reach in the autoscaler room. */
export { autoscalerPods, wakeAutoscaler } from "./cluster.ts";
export { type DecisionFilter, listDecisions } from "./decisions.ts";
export { evaluateAutoscaler, receiveWorkloads, submitProvisioning } from "./host.ts";
export { getAutoscalerOperation } from "./operation.ts";
export type { WorkloadsPut } from "./workloads.ts";
