import { ok, type Result, refuse } from "../../../rules/violation.ts";
import { compareVersions, parseVersion } from "../../../version/index.ts";
import type { NodePoolFacts, UpgradeStrategySettings } from "../../types.ts";
import { countSetting } from "../settings.ts";
import type { AutoscaledBlueGreenSettings } from "./operation.ts";

/** NUP-10: autoscaled blue-green needs this control plane version or later. */
export const AUTOSCALED_BLUE_GREEN_MIN_VERSION = "1.34.0-gke.2201000";
/** NUP-10's default: a three-day wait before blue is drained. */
export const AUTOSCALED_BLUE_GREEN_DEFAULTS = { waitSeconds: 3 * 86_400 } as const;
const MAX_WAIT_SECONDS = 7 * 86_400;

/**
 * NUP-10: waitSeconds 0..7 days (default 3 days); control plane and autoscaling
 * preconditions.
 *
 * @example resolveAutoscaledBlueGreen({}, poolWithoutAutoscaler) // refused NUP-10
 */
export function resolveAutoscaledBlueGreen(
  settings: UpgradeStrategySettings,
  facts: NodePoolFacts,
): Result<AutoscaledBlueGreenSettings> {
  const wait = countSetting(
    settings.waitSeconds,
    AUTOSCALED_BLUE_GREEN_DEFAULTS.waitSeconds,
    "NUP-10",
    "waitSeconds",
  );
  if (!wait.ok) return wait;
  if (wait.value > MAX_WAIT_SECONDS) {
    return refuse(
      "NUP-10",
      "refused",
      `NUP-10: waitSeconds ${wait.value} is above 7 days (${MAX_WAIT_SECONDS})`,
    );
  }
  const cp = parseVersion(facts.controlPlaneVersion);
  const min = parseVersion(AUTOSCALED_BLUE_GREEN_MIN_VERSION);
  if (cp.ok && min.ok && compareVersions(cp.value, min.value) < 0) {
    return refuse(
      "NUP-10",
      "refused",
      `NUP-10: autoscaled blue-green needs control plane ${AUTOSCALED_BLUE_GREEN_MIN_VERSION} or later; ${facts.cluster} runs ${facts.controlPlaneVersion}`,
    );
  }
  if (!facts.autoscalingEnabled) {
    return refuse(
      "NUP-10",
      "refused",
      `NUP-10: autoscaled blue-green needs the cluster autoscaler enabled on pool ${facts.pool}`,
    );
  }
  return ok({ type: "AUTOSCALED_BLUE_GREEN", waitSeconds: wait.value });
}
