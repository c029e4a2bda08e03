export { runCriticalPath } from "./critical-path.ts";
export { type JobEnd, type JobRefusal, SimFleet } from "./sim-fleet.ts";
export type { PathStep, PlanCutoff, PlanWait } from "./types.ts";
export {
  type MemberPlan,
  type PlannedCluster,
  planUpdateRun,
  type StagePlan,
  type UpdateRunPlan,
  type UpdateRunPlanInput,
} from "./update-run.ts";
export {
  type PathStepView,
  type PlanWaitView,
  pathStepView,
  planWaitView,
  type UpdateRunPlanView,
  updateRunPlanView,
} from "./view.ts";
