/** What the fleet object's RPC methods reach in the update-run members' room. */
export { checkRunMemberHealth, type RunHealthRequest } from "./health.ts";
export type { RunOwner } from "./members.ts";
export {
  deleteStrategy,
  getStrategy,
  listRuns,
  noteRunState,
  putStrategy,
  type RunStateReport,
  registerRun,
  type StoredStrategy,
  unregisterRun,
} from "./runs-index.ts";
export { startRunMember, startRunMembers } from "./start.ts";
