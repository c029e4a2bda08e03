import { ok, type Result, type RuleId, refuse } from "../rules/violation.ts";
import { compareVersions, parseVersion } from "../version/index.ts";
import type { NodePoolFacts, UpgradeStrategySettings } from "./types.ts";

/** NUP-8: batch size by node count or by share of the blue pool. */
export type BatchSize = { by: "COUNT"; count: number } | { by: "PERCENT"; percent: number };

/** A strategy with every setting validated and defaulted. */
export type ResolvedStrategy =
  | { type: "SURGE"; maxSurge: number; maxUnavailable: number }
  | {
      type: "BLUE_GREEN";
      batch: BatchSize;
      batchSoakSeconds: number;
      nodePoolSoakSeconds: number;
    }
  | { type: "AUTOSCALED_BLUE_GREEN"; waitSeconds: number }
  | { type: "SHORT_LIVED" };

/** The chosen strategy and the NUP-1 reason it was chosen. */
export interface StrategyChoice {
  strategy: ResolvedStrategy;
  why: string;
}

/** Seed 004: queued provisioning uses short-lived upgrades from this control plane on. */
export const QUEUED_SHORT_LIVED_MIN_VERSION = "1.32.2-gke.1652000";
/** NUP-10: autoscaled blue-green needs this control plane version or later. */
export const AUTOSCALED_BLUE_GREEN_MIN_VERSION = "1.34.0-gke.2201000";
const DEFAULT_MAX_SURGE = 1;
const DEFAULT_MAX_UNAVAILABLE = 0;
const DEFAULT_BATCH_SOAK_SECONDS = 0;
const DEFAULT_NODE_POOL_SOAK_SECONDS = 3600;
const DEFAULT_WAIT_SECONDS = 3 * 86_400;
const MAX_WAIT_SECONDS = 7 * 86_400;

/**
 * NUP-1: flex-start and (from 1.32.2-gke.1652000) queued-provisioning pools use
 * short-lived upgrades — the seed applies this to Autopilot node groups too, so it is
 * checked first; Autopilot clusters and Autopilot-managed pools use surge with its
 * default settings ("you can't select a different strategy or change the
 * configuration"); every other pool uses its configured strategy, surge by default.
 *
 * @example chooseStrategy({ ...facts, autopilotManaged: true }) // ok: SURGE, maxSurge 1, maxUnavailable 0
 * @example chooseStrategy({ ...facts, upgradeStrategy: { maxSurge: 0, maxUnavailable: 0 } }) // 422 NUP-2
 */
export function chooseStrategy(facts: NodePoolFacts): Result<StrategyChoice> {
  const cp = parseVersion(facts.controlPlaneVersion);
  if (!cp.ok) return cp;
  const configured = facts.upgradeStrategy ?? {};
  if (facts.flexStart) {
    return ok({ strategy: { type: "SHORT_LIVED" }, why: "NUP-1: flex-start pool" });
  }
  if (facts.queuedProvisioning) {
    const min = parseVersion(QUEUED_SHORT_LIVED_MIN_VERSION);
    if (min.ok && compareVersions(cp.value, min.value) >= 0) {
      return ok({ strategy: { type: "SHORT_LIVED" }, why: "NUP-1: queued-provisioning pool" });
    }
  }
  if (facts.autopilotCluster || facts.autopilotManaged) {
    const strategy = surge({});
    if (!strategy.ok) return strategy;
    const what = facts.autopilotCluster ? "Autopilot cluster" : "Autopilot-managed pool";
    return ok({ strategy: strategy.value, why: `NUP-1: ${what} always uses surge` });
  }
  const type = configured.type ?? "SURGE";
  const why = configured.type === undefined ? "NUP-1: default surge" : `NUP-1: configured ${type}`;
  const resolved = resolveConfigured(type, configured, facts);
  return resolved.ok ? ok({ strategy: resolved.value, why }) : resolved;
}

function resolveConfigured(
  type: ResolvedStrategy["type"],
  settings: UpgradeStrategySettings,
  facts: NodePoolFacts,
): Result<ResolvedStrategy> {
  switch (type) {
    case "SURGE":
      return surge(settings);
    case "BLUE_GREEN":
      return blueGreen(settings);
    case "AUTOSCALED_BLUE_GREEN":
      return autoscaledBlueGreen(settings, facts);
    case "SHORT_LIVED":
      return refuse(
        "NUP-1",
        422,
        "NUP-1: SHORT_LIVED is only used for flex-start and queued-provisioning pools",
      );
    default:
      return type satisfies never;
  }
}

/** NUP-2: per-zone surge settings, defaults 1 and 0, not both zero. */
function surge(settings: UpgradeStrategySettings): Result<ResolvedStrategy> {
  const maxSurge = count(settings.maxSurge, DEFAULT_MAX_SURGE, "NUP-2", "maxSurge");
  if (!maxSurge.ok) return maxSurge;
  const maxUnavailable = count(
    settings.maxUnavailable,
    DEFAULT_MAX_UNAVAILABLE,
    "NUP-2",
    "maxUnavailable",
  );
  if (!maxUnavailable.ok) return maxUnavailable;
  if (maxSurge.value === 0 && maxUnavailable.value === 0) {
    return refuse(
      "NUP-2",
      422,
      "NUP-2: maxSurge and maxUnavailable are both 0, so no node could ever be upgraded",
    );
  }
  return ok({ type: "SURGE", maxSurge: maxSurge.value, maxUnavailable: maxUnavailable.value });
}

/** NUP-8: one batch setting at most (count by default, 1 node), soaks default 0 s and 1 h. */
function blueGreen(settings: UpgradeStrategySettings): Result<ResolvedStrategy> {
  if (settings.batchNodeCount !== undefined && settings.batchPercent !== undefined) {
    return refuse("NUP-8", 422, "NUP-8: set batchNodeCount or batchPercent, not both");
  }
  let batch: BatchSize = { by: "COUNT", count: 1 };
  if (settings.batchPercent !== undefined) {
    const percent = settings.batchPercent;
    if (!Number.isFinite(percent) || percent < 0 || percent > 1) {
      return refuse("NUP-8", 422, `NUP-8: batchPercent ${percent} is outside 0..1`);
    }
    batch = { by: "PERCENT", percent };
  } else if (settings.batchNodeCount !== undefined) {
    const nodes = count(settings.batchNodeCount, 1, "NUP-8", "batchNodeCount");
    if (!nodes.ok) return nodes;
    batch = { by: "COUNT", count: nodes.value };
  }
  const batchSoak = count(
    settings.batchSoakSeconds,
    DEFAULT_BATCH_SOAK_SECONDS,
    "NUP-8",
    "batchSoakSeconds",
  );
  if (!batchSoak.ok) return batchSoak;
  const poolSoak = count(
    settings.nodePoolSoakSeconds,
    DEFAULT_NODE_POOL_SOAK_SECONDS,
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

/** NUP-10: waitSeconds 0..7 days (default 3 days); control plane and autoscaling preconditions. */
function autoscaledBlueGreen(
  settings: UpgradeStrategySettings,
  facts: NodePoolFacts,
): Result<ResolvedStrategy> {
  const wait = count(settings.waitSeconds, DEFAULT_WAIT_SECONDS, "NUP-10", "waitSeconds");
  if (!wait.ok) return wait;
  if (wait.value > MAX_WAIT_SECONDS) {
    return refuse(
      "NUP-10",
      422,
      `NUP-10: waitSeconds ${wait.value} is above 7 days (${MAX_WAIT_SECONDS})`,
    );
  }
  const cp = parseVersion(facts.controlPlaneVersion);
  const min = parseVersion(AUTOSCALED_BLUE_GREEN_MIN_VERSION);
  if (cp.ok && min.ok && compareVersions(cp.value, min.value) < 0) {
    return refuse(
      "NUP-10",
      422,
      `NUP-10: autoscaled blue-green needs control plane ${AUTOSCALED_BLUE_GREEN_MIN_VERSION} or later; ${facts.cluster} runs ${facts.controlPlaneVersion}`,
    );
  }
  if (!facts.autoscalingEnabled) {
    return refuse(
      "NUP-10",
      422,
      `NUP-10: autoscaled blue-green needs the cluster autoscaler enabled on pool ${facts.pool}`,
    );
  }
  return ok({ type: "AUTOSCALED_BLUE_GREEN", waitSeconds: wait.value });
}

/** A whole number ≥ 0, or the default when absent. */
function count(
  value: number | undefined,
  fallback: number,
  rule: RuleId,
  field: string,
): Result<number> {
  if (value === undefined) return ok(fallback);
  if (!Number.isInteger(value) || value < 0) {
    return refuse(rule, 422, `${rule}: ${field} must be a whole number ≥ 0, got ${value}`);
  }
  return ok(value);
}
