export { decideAutoUpgradeProfile } from "./decide.ts";
export { generatedRunName } from "./name.ts";
export { newerImages } from "./node-images.ts";
export type { ChannelTarget, MemberStep } from "./target.ts";
export { channelTarget, memberStep } from "./target.ts";
export type * from "./types.ts";
export { validateAutoUpgradeProfile } from "./validate.ts";
