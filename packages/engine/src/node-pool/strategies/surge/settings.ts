import { ok, type Result, refuse } from "../../../rules/violation.ts";
import type { UpgradeStrategySettings } from "../../types.ts";
import { countSetting } from "../settings.ts";
import type { SurgeSettings } from "./operation.ts";

/** NUP-2's defaults: what surge does when nothing is set. */
export const SURGE_DEFAULTS = { maxSurge: 1, maxUnavailable: 0 } as const;

/**
 * NUP-2: per-zone surge settings, defaults 1 and 0, not both zero.
 *
 * @example resolveSurge({}) // ok({ type: "SURGE", maxSurge: 1, maxUnavailable: 0 })
 */
export function resolveSurge(settings: UpgradeStrategySettings): Result<SurgeSettings> {
  const maxSurge = countSetting(settings.maxSurge, SURGE_DEFAULTS.maxSurge, "NUP-2", "maxSurge");
  if (!maxSurge.ok) return maxSurge;
  const maxUnavailable = countSetting(
    settings.maxUnavailable,
    SURGE_DEFAULTS.maxUnavailable,
    "NUP-2",
    "maxUnavailable",
  );
  if (!maxUnavailable.ok) return maxUnavailable;
  if (maxSurge.value === 0 && maxUnavailable.value === 0) {
    return refuse(
      "NUP-2",
      "refused",
      "NUP-2: maxSurge and maxUnavailable are both 0, so no node could ever be upgraded",
    );
  }
  return ok({ type: "SURGE", maxSurge: maxSurge.value, maxUnavailable: maxUnavailable.value });
}
