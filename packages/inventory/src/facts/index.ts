/**
 * What the engine decides from, read from the inventory: a pool's facts (NUP-8), a
 * cluster's preflight facts (LIFE-2), a rollout group's facts (SEQ), a run's candidates
 * and members (RUN, EXT-8) and release availability. Routes, services and objects all
 * read facts the same way through these.
 */
export * from "./availability.ts";
export * from "./plan.ts";
export * from "./pool.ts";
export * from "./preflight.ts";
export * from "./release-catalogue.ts";
export * from "./rollout.ts";
export * from "./sim-world.ts";
export * from "./update-run.ts";
