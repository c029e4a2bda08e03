export {
  currentStageIndex,
  isHalted,
  isTerminalState,
  UPDATE_RUN_TERMINAL_STATES,
} from "./aggregate.ts";
export type { PublishedRelease } from "./availability.ts";
export { releaseAvailability } from "./availability.ts";
export {
  DEFAULT_GROUP_CONCURRENCY,
  DEFAULT_STAGE_CONCURRENCY,
  resolveBudget,
} from "./budgets.ts";
export type { Candidate, UpdateRunRequest } from "./create.ts";
export { createUpdateRun, MAX_RUN_MEMBERS } from "./create.ts";
export { allGates, nextScheduledStart } from "./gates.ts";
export { describeCheck, HEALTH_DETAIL_LIMIT } from "./health.ts";
export { decideMemberEvent, decideUpdateRun, type MemberEvent } from "./machine.ts";
export {
  type ChosenImages,
  chosenImages,
  consistentImage,
  consistentImages,
  imageFamily,
  imageFits,
  latestImage,
  latestImages,
  poolImage,
} from "./node-image.ts";
export { membersInTryOrder, SOON_OPENING, windowRank } from "./order.ts";
export { REGION_RECHECK } from "./readiness.ts";
export { DEFAULT_STAGE, oneAtATime, validateStrategy } from "./strategy.ts";
export type * from "./types.ts";
export type {
  MemberHealthView,
  MemberRange,
  RunGateView,
  RunGroupView,
  RunMemberView,
  RunStageView,
  UpdateRunView,
} from "./view.ts";
export { updateRunView } from "./view.ts";
