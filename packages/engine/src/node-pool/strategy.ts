import { ok, type Result, refuse } from "../rules/violation.ts";
import { compareVersions, parseVersion } from "../version/index.ts";
import { AUTOSCALED_BLUE_GREEN_DEFAULTS } from "./strategies/autoscaled-blue-green/settings.ts";
import { BLUE_GREEN_DEFAULTS } from "./strategies/blue-green/settings.ts";
import { type ResolvedStrategy, strategyModule } from "./strategies/index.ts";
import { resolveSurge, SURGE_DEFAULTS } from "./strategies/surge/settings.ts";
import type { NodePoolFacts, UpgradeStrategySettings } from "./types.ts";

/** The chosen strategy and the NUP-1 reason it was chosen. */
export interface StrategyChoice {
  strategy: ResolvedStrategy;
  why: string;
}

/** Seed 004: queued provisioning uses short-lived upgrades from this control plane on. */
export const QUEUED_SHORT_LIVED_MIN_VERSION = "1.32.2-gke.1652000";

/**
 * NUP-1: flex-start and (from 1.32.2-gke.1652000) queued-provisioning pools use
 * short-lived upgrades — the seed applies this to Autopilot node groups too, so it is
 * checked first; Autopilot clusters and Autopilot-managed pools use surge with its
 * default settings ("you can't select a different strategy or change the
 * configuration"); every other pool uses its configured strategy, surge by default,
 * with the settings that strategy's module validates.
 *
 * @example chooseStrategy({ ...facts, autopilotManaged: true }) // ok: SURGE, maxSurge 1, maxUnavailable 0
 * @example chooseStrategy({ ...facts, upgradeStrategy: { maxSurge: 0, maxUnavailable: 0 } }) // refused NUP-2
 */
export function chooseStrategy(facts: NodePoolFacts): Result<StrategyChoice> {
  const cp = parseVersion(facts.controlPlaneVersion);
  if (!cp.ok) return cp;
  const configured = facts.upgradeStrategy ?? {};
  if (facts.inPlace === true) {
    // Seed 003: a bare-metal worker node's kubelet and container runtime are upgraded;
    // there is no spare machine to surge on, so nodes go one at a time.
    return ok({
      strategy: { type: "IN_PLACE", maxUnavailable: 1 },
      why: "LIFE-3: bare-metal worker pool, upgraded in place one node at a time",
    });
  }
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
    const strategy = resolveSurge({});
    if (!strategy.ok) return strategy;
    const what = facts.autopilotCluster ? "Autopilot cluster" : "Autopilot-managed pool";
    return ok({ strategy: strategy.value, why: `NUP-1: ${what} always uses surge` });
  }
  const type = configured.type ?? "SURGE";
  const why = configured.type === undefined ? "NUP-1: default surge" : `NUP-1: configured ${type}`;
  const resolved = strategyModule(type).resolve(configured, facts);
  return resolved.ok ? ok({ strategy: resolved.value, why }) : resolved;
}

/** Every setting's default, across the strategies: what leaves a setting unchanged. */
const SETTING_DEFAULTS: Readonly<Record<string, number | undefined>> = {
  ...SURGE_DEFAULTS,
  ...BLUE_GREEN_DEFAULTS,
  ...AUTOSCALED_BLUE_GREEN_DEFAULTS,
};

/**
 * NUP-1 when a pool's strategy is configured (`PUT …/node-pools/{pool}`): an Autopilot
 * cluster's pool and an Autopilot-managed pool always upgrade by surge with its default
 * settings, so choosing another strategy or changing a setting is refused (422) rather
 * than accepted and ignored. Surge with its defaults (what the API stores for `{}`) is
 * what they do anyway, and is accepted.
 *
 * @example validateStrategyConfig({ autopilotManaged: true }, { type: "BLUE_GREEN" }) // refused NUP-1
 * @example validateStrategyConfig({ autopilotManaged: true }, { type: "SURGE", maxSurge: 1 }) // ok
 */
export function validateStrategyConfig(
  pool: Pick<NodePoolFacts, "autopilotCluster" | "autopilotManaged">,
  configured: UpgradeStrategySettings | undefined,
): Result<void> {
  if (!(pool.autopilotCluster || pool.autopilotManaged) || configured === undefined) {
    return ok(undefined);
  }
  const what = pool.autopilotCluster ? "Autopilot clusters' pools" : "Autopilot-managed pools";
  const type = configured.type ?? "SURGE";
  if (type !== "SURGE") {
    return refuse(
      "NUP-1",
      "refused",
      `NUP-1: ${what} always upgrade by surge; upgradeStrategy.type ${type} cannot be chosen`,
    );
  }
  const changed = Object.entries(configured).filter(
    ([field, value]) =>
      field !== "type" && value !== undefined && value !== SETTING_DEFAULTS[field],
  );
  if (changed.length > 0) {
    const list = changed.map(([field, value]) => `${field}=${value}`).join(", ");
    return refuse(
      "NUP-1",
      "refused",
      `NUP-1: ${what} always upgrade by surge with its default settings; ${list} cannot be set`,
    );
  }
  return ok(undefined);
}

/**
 * NUP-1 when a cluster is switched to Autopilot (`PUT /v1/clusters/{cluster}`): its pools
 * would from then on upgrade by surge with its defaults, so a pool that keeps another
 * strategy or other settings refuses the switch (422, naming it) rather than having its
 * stored strategy ignored without a word.
 *
 * @example autopilotSwitchRefusal("c1", [{ name: "p", upgradeStrategy: { type: "BLUE_GREEN" } }]) // refused NUP-1 naming p
 */
export function autopilotSwitchRefusal(
  cluster: string,
  pools: readonly { name: string; upgradeStrategy?: UpgradeStrategySettings | undefined }[],
): Result<void> {
  for (const pool of pools) {
    const checked = validateStrategyConfig({ autopilotCluster: true }, pool.upgradeStrategy);
    if (checked.ok) continue;
    const why = checked.error.detail.replace(/^NUP-1: /, "");
    return refuse(
      "NUP-1",
      "refused",
      `NUP-1: ${cluster} cannot switch to Autopilot while node pool ${pool.name} keeps its own upgrade strategy: ${why}; set it to surge's defaults first`,
    );
  }
  return ok(undefined);
}
