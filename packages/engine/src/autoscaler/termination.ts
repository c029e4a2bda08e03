import { hasFeature, VERSION_GATES } from "./version-gates.ts";

/** CA-8: control planes from this version drain removed nodes for up to 1 hour. */
export const LONG_GRACE_MIN_VERSION = VERSION_GATES.longGracefulTermination.since;

/**
 * CA-8: how long scale down waits for a removed node's pods to terminate before it
 * forces them: 1 hour for control plane ≥ 1.32.7-gke.1079000, 10 minutes before.
 *
 * @example gracefulTerminationSeconds("1.33.0-gke.100") // 3600
 */
export function gracefulTerminationSeconds(controlPlaneVersion: string): number {
  return hasFeature({ controlPlaneVersion }, "longGracefulTermination") ? 3600 : 600;
}

/** CA-7: local storage blocks scale down only below control plane 1.22. */
export function localStorageBlocks(controlPlaneVersion: string): boolean {
  return !hasFeature({ controlPlaneVersion }, "localStorageEviction");
}
