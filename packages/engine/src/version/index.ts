export { checkInCatalogue } from "./catalogue.ts";
export { compareVersions } from "./compare.ts";
export { checkAdminUpgrade, checkUserSkew, type ManagedCluster } from "./skew.ts";
export type { UpgradeStep, UpgradeStepKind } from "./upgrade-path.ts";
export { checkUpgradePath, classifyUpgrade } from "./upgrade-path.ts";
export type { Version, VersionSuffix } from "./version.ts";
export { formatVersion, minorOf, parseVersion, tryParseVersion } from "./version.ts";
