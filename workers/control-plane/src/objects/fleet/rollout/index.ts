/**
 * The rollout room as the other rooms see it: a write-back that may qualify a release
 * wakes the groups (SEQ).
 */
export { wakeRolloutGroups } from "./owners.ts";
