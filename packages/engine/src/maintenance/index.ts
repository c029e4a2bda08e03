export type { ExclusionScope, MaintenanceExclusion, UpgradeKind } from "./exclusion.ts";
export {
  blockingExclusion,
  EXCLUSION_SCOPES,
  isExcluded,
  scopeBlocks,
  validateExclusion,
} from "./exclusion.ts";
export type { Maintenance } from "./maintenance.ts";
export { validateMaintenance } from "./maintenance.ts";
export type { StartDecision } from "./may-start.ts";
export { mayStartAutomaticUpgrade } from "./may-start.ts";
export { NEXT_OPEN_HORIZON_DAYS, nextWindowOpen } from "./next-open.ts";
export type { MaintenanceWindow, Weekday } from "./window.ts";
export { MAX_WINDOW_SECONDS, validateWindow, WEEKDAYS } from "./window.ts";
export type { WindowInfo } from "./window-info.ts";
export { windowInfo } from "./window-info.ts";
export type { WindowInstance } from "./window-instance.ts";
export { isWindowOpen, nextWindowStart, windowInstanceAt } from "./window-instance.ts";
export { isValidTimeZone } from "./zoned-time.ts";
