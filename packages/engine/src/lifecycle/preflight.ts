import { quotaName, type ZoneRoom } from "../node-pool/capacity.ts";
import { chooseStrategy } from "../node-pool/strategy.ts";
import type { NodePoolFacts } from "../node-pool/types.ts";
import type { ProviderEvent } from "../provider/commands.ts";
import type { Instant } from "../time/instant.ts";
import { checkInCatalogue } from "../version/catalogue.ts";
import { compareVersions } from "../version/compare.ts";
import { checkAdminUpgrade, checkUserSkew } from "../version/skew.ts";
import { checkUpgradePath } from "../version/upgrade-path.ts";
import { formatVersion, minorOf, tryParseVersion } from "../version/version.ts";
import type { Diagnostic, PreflightFacts, PreflightFinding, PreflightResult } from "./types.ts";

function blocking(
  check: PreflightFinding["check"],
  rule: PreflightFinding["rule"],
  message: string,
): PreflightFinding {
  return { check, blocking: true, message, rule };
}

function versionFindings(facts: PreflightFacts, target: string): PreflightFinding[] {
  const path = checkUpgradePath(facts.version, target);
  if (!path.ok) return [blocking("VERSION_PATH", path.error.rule, path.error.detail)];
  const findings: PreflightFinding[] = [];
  const published = checkInCatalogue(target, new Set(facts.catalogue));
  if (!published.ok) {
    findings.push(blocking("RELEASE_CATALOGUE", published.error.rule, published.error.detail));
    return findings;
  }
  // Seed: "upgrade to the latest patch version where possible" — advice, not a block.
  const newer = facts.catalogue
    .map(tryParseVersion)
    .filter((v) => v !== undefined)
    .filter((v) => minorOf(v) === minorOf(published.value))
    .filter((v) => compareVersions(v, published.value) > 0)
    .sort((a, b) => compareVersions(b, a))[0];
  if (newer !== undefined) {
    findings.push({
      check: "RELEASE_CATALOGUE",
      blocking: false,
      rule: "VER-3",
      message: `VER-3: ${formatVersion(newer)} is the newest patch of ${minorOf(newer)}; prefer it for its security fixes`,
    });
  }
  return findings;
}

function skewFindings(facts: PreflightFacts, target: string): PreflightFinding[] {
  const checks = [];
  if (facts.managedClusters !== undefined && facts.managedClusters.length > 0) {
    checks.push(checkAdminUpgrade(facts.version, target, facts.managedClusters));
  }
  if (facts.role === "user" && facts.adminVersion !== undefined) {
    checks.push(checkUserSkew(target, facts.adminVersion));
  }
  return checks.flatMap((c) =>
    c.ok ? [] : [blocking("ADMIN_USER_SKEW", c.error.rule, c.error.detail)],
  );
}

function deprecatedApiFindings(facts: PreflightFacts, target: string): PreflightFinding[] {
  // Seed 000: "GKE pauses cluster upgrades when it detects the use of deprecated APIs":
  // a flagged cluster takes no upgrade, a patch included, as sequencing holds it (SEQ-11).
  const flagged =
    facts.deprecatedApiUsage === true
      ? [
          blocking(
            "DEPRECATED_APIS",
            "SEQ-11",
            `SEQ-11: ${facts.cluster} is flagged for deprecated API usage (deprecatedApiUsage); its upgrades pause, patches included, until that is cleared`,
          ),
        ]
      : [];
  const to = tryParseVersion(target);
  if (to === undefined) return flagged;
  return [
    ...flagged,
    ...(facts.deprecatedApis ?? []).flatMap((use) => {
      const removed = tryParseVersion(`${use.removedIn}.0`);
      if (removed === undefined || compareVersions(to, removed) < 0) return [];
      return [
        blocking(
          "DEPRECATED_APIS",
          "LIFE-2",
          `LIFE-2: ${use.api} is still ${use.uses === undefined ? "in use" : `used ${use.uses} times`} and is removed in ${use.removedIn}; migrate before upgrading to ${target}`,
        ),
      ];
    }),
  ];
}

/**
 * Extra nodes per zone a pool's own strategy creates while it upgrades: surge adds
 * `maxSurge` per zone, blue-green a whole green pool; short-lived pools create nothing
 * ahead (their nodes are replaced as they end), nor do bare-metal pools upgraded in place.
 */
export function surgeNodesByZone(pool: NodePoolFacts): Map<string, number> {
  const need = new Map<string, number>();
  const choice = chooseStrategy(pool);
  if (!choice.ok) return need;
  const strategy = choice.value.strategy;
  for (const node of pool.nodes) {
    switch (strategy.type) {
      case "SURGE":
        need.set(node.zone, Math.min((need.get(node.zone) ?? 0) + 1, strategy.maxSurge));
        break;
      case "BLUE_GREEN":
      case "AUTOSCALED_BLUE_GREEN":
        need.set(node.zone, (need.get(node.zone) ?? 0) + 1);
        break;
      case "SHORT_LIVED":
      case "IN_PLACE":
        break;
      default:
        return strategy satisfies never;
    }
  }
  return need;
}

interface ZoneDemand {
  pools: string[];
  nodes: number;
  room: ZoneRoom;
  /** A blue-green pool among them: its green pool's quota is checked before it starts (NUP-8). */
  green: boolean;
}

/** Blue-green pools check the quota of their whole green pool before starting (NUP-8). */
function checksQuotaFirst(pool: NodePoolFacts): boolean {
  const choice = chooseStrategy(pool);
  return (
    choice.ok &&
    (choice.value.strategy.type === "BLUE_GREEN" ||
      choice.value.strategy.type === "AUTOSCALED_BLUE_GREEN")
  );
}

/**
 * LIFE-3 upgrades the worker pools side by side, so the surge nodes of pools of one
 * machine type compete for the same room in a zone: their sum must fit the smallest room
 * any of them reports there. Only a shortage that a blue-green pool meets blocks (NUP-8
 * refuses it at its start); surge pools alone upgrade anyway and their nodes wait for
 * capacity (seed 004: "without extra capacity, GKE won't start upgrading a node until
 * resources are available", NUP-6), so their shortage is a warning.
 */
function quotaFindings(facts: PreflightFacts): PreflightFinding[] {
  const demand = new Map<string, ZoneDemand>();
  for (const pool of facts.pools) {
    for (const [zone, nodes] of surgeNodesByZone(pool)) {
      const room = pool.freeCapacity?.[zone];
      if (room === undefined || nodes === 0) continue;
      const key = `${zone}\u0000${pool.machineType ?? ""}`;
      const seen = demand.get(key);
      const green = checksQuotaFirst(pool);
      if (seen === undefined) {
        demand.set(key, { pools: [pool.pool], nodes, room, green });
        continue;
      }
      seen.pools.push(pool.pool);
      seen.nodes += nodes;
      seen.green ||= green;
      if (room.nodes < seen.room.nodes) seen.room = room;
    }
  }
  return [...demand]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .flatMap(([key, { pools, nodes, room, green }]) => {
      if (room.nodes >= nodes) return [];
      const zone = key.split("\u0000")[0];
      const who =
        pools.length === 1 ? `pool ${pools[0]}` : `pools ${pools.join(", ")} side by side`;
      const short = `${who} need${pools.length === 1 ? "s" : ""} ${nodes} surge nodes in ${zone} but only ${room.nodes} fit the zone's ${quotaName(room.limitedBy)}`;
      if (green) return [blocking("SURGE_QUOTA", "LIFE-2", `LIFE-2: ${short}`)];
      return [
        {
          check: "SURGE_QUOTA" as const,
          blocking: false,
          rule: "NUP-6" as const,
          message: `NUP-6: ${short}; the upgrade starts and those nodes wait until capacity is available`,
        },
      ];
    });
}

function diagnosticFindings(facts: PreflightFacts): PreflightFinding[] {
  return (facts.diagnostics ?? [])
    .filter((d) => !d.passed)
    .map((d) => blocking(d.check, "LIFE-2", `LIFE-2: ${d.message}`));
}

/**
 * LIFE-2: may the cluster be upgraded to `target`? The version path (VER-2/3/4), the
 * release catalogue (VER-6), admin/user skew (VER-5, naming the lagging clusters),
 * deprecated API usage, quota for every pool's surge nodes (when the pools upgrade by
 * their strategies; in place needs none; a surge pool's shortage only warns, NUP-6), and the provider's node and
 * network diagnostics. Any blocking finding means the upgrade does not start.
 *
 * @example preflight({ ...facts, version: "1.13.0" }, "1.15.0", now).findings[0]?.message
 * // "VER-4: 1.13.0 → 1.15.0 skips minor 1.14"
 */
export function preflight(facts: PreflightFacts, target: string, now: Instant): PreflightResult {
  const findings = [
    ...versionFindings(facts, target),
    ...skewFindings(facts, target),
    ...deprecatedApiFindings(facts, target),
    // In place, no surge machine is created, so there is no quota to check.
    ...(facts.workerPools === "STRATEGY" ? quotaFindings(facts) : []),
    ...diagnosticFindings(facts),
  ];
  return { passed: findings.every((f) => !f.blocking), findings, at: now };
}

/**
 * The diagnostic a RUN_PREFLIGHT answer stands for, for `preflight` facts (`POST
 * …/preflight` runs the command, then the checks); undefined for any other event.
 *
 * @example diagnosticFromAnswer({ type: "COMMAND_FAILED", commandId, at, reason: "PREFLIGHT_BLOCKED", message: "node cp-1 disk pressure" })
 * // { check: "PROVIDER_DIAGNOSTICS", passed: false, message: "node cp-1 disk pressure" }
 */
export function diagnosticFromAnswer(event: ProviderEvent): Diagnostic | undefined {
  switch (event.type) {
    case "COMMAND_SUCCEEDED":
      return {
        check: "PROVIDER_DIAGNOSTICS",
        passed: true,
        message: "node and network diagnostics passed",
      };
    case "COMMAND_FAILED":
      return { check: "PROVIDER_DIAGNOSTICS", passed: false, message: event.message };
    case "NODE_PREEMPTED":
    case "DRAIN_PASSED":
      return undefined;
    default:
      return event satisfies never;
  }
}
