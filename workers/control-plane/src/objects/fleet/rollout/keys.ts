/** A rollout group's pass (SEQ): its engine wake-up, an upgrade's end, a retry of its intents. */
export const ROLLOUT_TIMER = "rollout";
