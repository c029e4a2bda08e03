import type { RuleId } from "../rules/violation.ts";
import type { UpgradeStepKind } from "../version/upgrade-path.ts";
import { classifyUpgrade } from "../version/upgrade-path.ts";
import { formatVersion, minorOf, parseVersion } from "../version/version.ts";
import type { ChannelTargets } from "./channel.ts";

/**
 * Where the channel sends a cluster next: a target with the kind of upgrade it is, or no
 * target with the rule and a reason a person understands (shown in the cluster status).
 */
export type AutoUpgradeTarget =
  | { none: false; target: string; kind: Exclude<UpgradeStepKind, "NO_OP"> }
  | { none: true; rule: RuleId; reason: string };

function noTarget(rule: RuleId, reason: string): AutoUpgradeTarget {
  return { none: true, rule, reason };
}

/**
 * CH-1/CH-2: a cluster's auto-upgrade target is its channel's entry for its current
 * minor. No entry, or an entry at or below the current version, means no target (CH-2).
 * An entry the upgrade rules would refuse (e.g. two minors ahead) is no target either,
 * with the VER rule as the reason, so auto-upgrade never does what a user may not.
 *
 * @example autoUpgradeTarget("1.20.15-gke.100", {"1.20": "1.21.14-gke.4300"}) // {none: false, target: "1.21.14-gke.4300", kind: "MINOR"}
 * @example autoUpgradeTarget("1.23.4", {"1.22": "1.23.8-gke.1900"}) // {none: true, rule: "CH-2", reason: "CH-2: no auto-upgrade target for minor 1.23 (cluster at 1.23.4)"}
 */
export function autoUpgradeTarget(
  currentVersion: string,
  targets: ChannelTargets,
): AutoUpgradeTarget {
  const current = parseVersion(currentVersion);
  if (!current.ok) return noTarget(current.error.rule, current.error.detail);
  const minor = minorOf(current.value);
  const targetText = Object.hasOwn(targets, minor) ? targets[minor] : undefined;
  if (targetText === undefined) {
    return noTarget(
      "CH-2",
      `CH-2: no auto-upgrade target for minor ${minor} (cluster at ${currentVersion})`,
    );
  }
  const target = parseVersion(targetText);
  if (!target.ok) return noTarget(target.error.rule, target.error.detail);
  const step = classifyUpgrade(current.value, target.value);
  if (!step.ok && step.error.rule !== "VER-2") return noTarget(step.error.rule, step.error.detail);
  if (!step.ok || step.value.kind === "NO_OP") {
    const relation = step.ok ? "equal to" : "below";
    return noTarget(
      "CH-2",
      `CH-2: target ${formatVersion(target.value)} for minor ${minor} is ${relation} the current ${currentVersion}`,
    );
  }
  return { none: false, target: formatVersion(target.value), kind: step.value.kind };
}
