/**
 * The D1 inventory schema. drizzle-kit reads this module (see drizzle.config.ts) and
 * generates the SQL in /migrations; every change goes through a new migration.
 */
export { apiTokens, idempotencyKeys, tokenWatches } from "./schema/access.ts";
export { auditLog } from "./schema/audit.ts";
export { autoUpgradeProfiles } from "./schema/auto-upgrade.ts";
export { computeClasses } from "./schema/autoscaler.ts";
export { machineTypes, reservations, zones } from "./schema/catalog.ts";
export { clusters, nodePools, nodes } from "./schema/clusters.ts";
export * from "./schema/enums.ts";
export { executorKeys, fleets, scopes } from "./schema/fleets.ts";
export type * from "./schema/json.ts";
export { scopeMemberships } from "./schema/memberships.ts";
export {
  DELIVERY_STATES,
  notificationDeliveries,
  notificationSubscriptions,
} from "./schema/notifications.ts";
export { operations } from "./schema/operations.ts";
export { releases } from "./schema/releases.ts";
export { rolloutSequenceFleets, rolloutSequences } from "./schema/rollout-sequences.ts";
export { rollouts } from "./schema/rollouts.ts";
export { simClock, simFaults, simSettings } from "./schema/sim.ts";
export { objectWakeups } from "./schema/wakeups.ts";
