/** What the fleet object's RPC methods reach in the update-run members' room. */
export { ownRunMember, type RunOwner, runMemberOperations } from "./members.ts";
export { scheduleForget } from "./retention.ts";
export {
  deleteStrategy,
  getStrategy,
  listRuns,
  putStrategy,
  registerRun,
  type StoredStrategy,
  unregisterRun,
} from "./runs-index.ts";
