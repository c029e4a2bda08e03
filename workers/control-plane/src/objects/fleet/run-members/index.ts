/**
 * The run-members room as other rooms and the update-run object see it: the shapes a
 * member's owner, end and health report travel in.
 */
export type { RunHealthReport } from "./health.ts";
export type { RunMemberReport, RunOwner } from "./members.ts";
export type { RunStateReport } from "./runs-index.ts";
