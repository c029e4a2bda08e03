import { compareVersions } from "../version/compare.ts";
import { tryParseVersion } from "../version/version.ts";

/** CA-8: control planes from this version drain removed nodes for up to 1 hour. */
export const LONG_GRACE_MIN_VERSION = "1.32.7-gke.1079000";

/**
 * CA-8: how long scale down waits for a removed node's pods to terminate before it
 * forces them: 1 hour for control plane ≥ 1.32.7-gke.1079000, 10 minutes before.
 *
 * @example gracefulTerminationSeconds("1.33.0-gke.100") // 3600
 */
export function gracefulTerminationSeconds(controlPlaneVersion: string): number {
  const v = tryParseVersion(controlPlaneVersion);
  const min = tryParseVersion(LONG_GRACE_MIN_VERSION);
  if (!v || !min) return 600;
  return compareVersions(v, min) >= 0 ? 3600 : 600;
}

/** CA-7: local storage blocks scale down only below control plane 1.22. */
export function localStorageBlocks(controlPlaneVersion: string): boolean {
  const v = tryParseVersion(controlPlaneVersion);
  if (!v) return false;
  return v.major < 1 || (v.major === 1 && v.minor < 22);
}
