/** What the fleet object's RPC methods reach in the rollout room. */
export { readGroupState, readRolloutStatus, receiveUpstream, runRolloutPass } from "./host.ts";
