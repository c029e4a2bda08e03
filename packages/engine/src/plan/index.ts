export { runCriticalPath } from "./critical-path.ts";
export {
  type GroupPlan,
  type PhasePlan,
  type PlannedGroup,
  planRollout,
  type RolloutPlan,
  type RolloutPlanInput,
  sequenceGroups,
} from "./rollout.ts";
export { type PathStep, PLAN_STEP_BUDGET, type PlanCutoff, type PlanWait } from "./types.ts";
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
  type RolloutPlanView,
  rolloutPlanView,
  type UpdateRunPlanView,
  updateRunPlanView,
} from "./view.ts";
