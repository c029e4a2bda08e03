/** What the fleet object's RPC methods reach in the rollout room. */
export { rolloutDeps } from "./capability.ts";
export { readRolloutStatus, receiveUpstream, runRolloutPass } from "./host.ts";
