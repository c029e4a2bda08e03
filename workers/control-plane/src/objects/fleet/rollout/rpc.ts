/** What the fleet object's RPC methods reach in the rollout room. */
export { readGroupState, readRolloutStatus, receiveUpstream, runRolloutPass } from "./host.ts";
export type { PhaseIntent, PhaseStart } from "./phase.ts";
export type { SequencePhaseEnd } from "./sequence-phases.ts";
export { startSequencePhases } from "./sequence-phases.ts";
