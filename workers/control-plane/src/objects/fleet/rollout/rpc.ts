/** What the fleet object's RPC methods reach in the rollout room. */
export { readRolloutStatus, receiveUpstream, runRolloutPass } from "./host.ts";
