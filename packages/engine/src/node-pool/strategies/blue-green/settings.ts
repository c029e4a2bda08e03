import { ok, type Result, refuse } from "../../../rules/violation.ts";
import type { UpgradeStrategySettings } from "../../types.ts";
import { countSetting } from "../settings.ts";
import type { BatchSize, BlueGreenSettings } from "./operation.ts";

/** NUP-8's defaults: one node per batch, no batch soak, a one-hour pool soak. */
export const BLUE_GREEN_DEFAULTS = {
  batchNodeCount: 1,
  batchSoakSeconds: 0,
  nodePoolSoakSeconds: 3600,
} as const;

/**
 * NUP-8: one batch setting at most (count by default, 1 node), soaks default 0 s and 1 h.
 *
 * @example resolveBlueGreen({ batchPercent: 0.25 }) // ok: batch 25 %, soaks 0 s and 3600 s
 */
export function resolveBlueGreen(settings: UpgradeStrategySettings): Result<BlueGreenSettings> {
  if (settings.batchNodeCount !== undefined && settings.batchPercent !== undefined) {
    return refuse("NUP-8", "refused", "NUP-8: set batchNodeCount or batchPercent, not both");
  }
  let batch: BatchSize = { by: "COUNT", count: BLUE_GREEN_DEFAULTS.batchNodeCount };
  if (settings.batchPercent !== undefined) {
    const percent = settings.batchPercent;
    if (!Number.isFinite(percent) || percent < 0 || percent > 1) {
      return refuse("NUP-8", "refused", `NUP-8: batchPercent ${percent} is outside 0..1`);
    }
    batch = { by: "PERCENT", percent };
  } else if (settings.batchNodeCount !== undefined) {
    const nodes = countSetting(
      settings.batchNodeCount,
      BLUE_GREEN_DEFAULTS.batchNodeCount,
      "NUP-8",
      "batchNodeCount",
    );
    if (!nodes.ok) return nodes;
    batch = { by: "COUNT", count: nodes.value };
  }
  const batchSoak = countSetting(
    settings.batchSoakSeconds,
    BLUE_GREEN_DEFAULTS.batchSoakSeconds,
    "NUP-8",
    "batchSoakSeconds",
  );
  if (!batchSoak.ok) return batchSoak;
  const poolSoak = countSetting(
    settings.nodePoolSoakSeconds,
    BLUE_GREEN_DEFAULTS.nodePoolSoakSeconds,
    "NUP-8",
    "nodePoolSoakSeconds",
  );
  if (!poolSoak.ok) return poolSoak;
  return ok({
    type: "BLUE_GREEN",
    batch,
    batchSoakSeconds: batchSoak.value,
    nodePoolSoakSeconds: poolSoak.value,
  });
}
