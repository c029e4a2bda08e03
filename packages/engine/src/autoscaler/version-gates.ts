import type { RuleId } from "../rules/violation.ts";
import { ok, type Result, refuse } from "../rules/violation.ts";
import { compareVersions } from "../version/compare.ts";
import { tryParseVersion } from "../version/version.ts";
import type { AutoscalerCluster } from "./types.ts";

/** The cluster facts a version gate reads. */
export type GatedCluster = Pick<AutoscalerCluster, "controlPlaneVersion" | "autopilot">;

/** One seed 001 feature that needs a control plane version, and the rule it serves. */
export interface VersionGate {
  rule: RuleId;
  /** What the feature is, as a refusal or a held decision names it. */
  feature: string;
  /** The first control plane version with the feature (Standard clusters). */
  since: string;
  /** Autopilot's first version when the seed gives Autopilot its own. */
  autopilotSince?: string;
}

/**
 * Every control-plane version gate of seed 001 in one table: pool and request
 * validation refuses what the cluster's version lacks, and the passes hold or change
 * behaviour by it. A bare `1.24.0` stands for the seed's "1.24": every 1.24 build is at
 * or above it (a suffixed version sorts after its bare one).
 */
export const VERSION_GATES = {
  /** "Ab der GKE-Version 1.24.1-gke.800 können Sie die Standortrichtlinie … ändern". */
  locationPolicy: { rule: "CA-10", feature: "setting a location policy", since: "1.24.1-gke.800" },
  /** "Ab der GKE-Version 1.24 können Sie die Flags --total-min-nodes und --total-max-nodes … verwenden". */
  totalLimits: {
    rule: "CA-1",
    feature: "setting total limits (totalMinNodes/totalMaxNodes)",
    since: "1.24.0",
  },
  /** "ab GKE-Version 1.28.3-gke.1098000 in Standardclustern und ab … 1.30.3-gke.1451000 in Autopilot-Clustern". */
  queuedProvisioning: {
    rule: "CA-14",
    feature: "a ProvisioningRequest of class queued-provisioning",
    since: "1.28.3-gke.1098000",
    autopilotSince: "1.30.3-gke.1451000",
  },
  /** "Unterstützt ab GKE-Version 1.30.2-gke.1468000". */
  checkCapacity: {
    rule: "CA-14",
    feature: "a ProvisioningRequest of class check-capacity",
    since: "1.30.2-gke.1468000",
  },
  /** "Unterstützt ab GKE-Version 1.31.27". */
  bestEffortAtomic: {
    rule: "CA-14",
    feature: "a ProvisioningRequest of class best-effort-atomic",
    since: "1.31.27",
  },
  /** "Ab GKE-Version 1.27 berücksichtigt der Cluster Autoscaler immer Reservierungen". */
  reservations: {
    rule: "CA-9",
    feature: "weighing unused reservations in scale up",
    since: "1.27.0",
  },
  /** "vor 1.24.5-gke.600 …" a pool with Local SSDs as ephemeral storage does not grow from zero. */
  localSsdFromZero: {
    rule: "CA-3",
    feature: "scaling up from zero nodes a pool with Local SSDs as ephemeral storage",
    since: "1.24.5-gke.600",
  },
  /** "vor Version 1.22 beendet Cluster Autoscaler … die vertikale Skalierung aller Knotenpools auf leeren Clustern". */
  emptyClusterScaleUp: {
    rule: "CA-5",
    feature: "scaling up a cluster without nodes",
    since: "1.22.0",
  },
  /** "In GKE-Clustern mit Steuerungsebenenversion 1.22 oder höher blockieren Pods mit lokalem Speicher nicht mehr". */
  localStorageEviction: {
    rule: "CA-7",
    feature: "removing a node whose pods use local storage",
    since: "1.22.0",
  },
  /** "eine Stunde für GKE-Versionen 1.32.7-gke.1079000 oder höher und 10 Minuten für frühere". */
  longGracefulTermination: {
    rule: "CA-8",
    feature: "1 hour of graceful termination",
    since: "1.32.7-gke.1079000",
  },
} as const satisfies Record<string, VersionGate>;

/** A feature of {@link VERSION_GATES}. */
export type GatedFeature = keyof typeof VERSION_GATES;

/** The first version with the feature on this cluster (Autopilot may differ). */
export function gateVersion(cluster: GatedCluster, feature: GatedFeature): string {
  const gate: VersionGate = VERSION_GATES[feature];
  return cluster.autopilot && gate.autopilotSince !== undefined ? gate.autopilotSince : gate.since;
}

/**
 * Whether the cluster's control plane has the feature. A version that does not parse
 * has it: versions are checked where they are stored (VER-1), and a gate must not
 * invent a refusal of its own.
 *
 * @example hasFeature({ controlPlaneVersion: "1.23.17-gke.100" }, "totalLimits") // false
 * @example hasFeature({ controlPlaneVersion: "1.28.3-gke.1098000", autopilot: true }, "queuedProvisioning") // false (Autopilot needs 1.30.3-gke.1451000)
 */
export function hasFeature(cluster: GatedCluster, feature: GatedFeature): boolean {
  const version = tryParseVersion(cluster.controlPlaneVersion);
  const since = tryParseVersion(gateVersion(cluster, feature));
  return !version || !since || compareVersions(version, since) >= 0;
}

/**
 * What the cluster lacks, with its facts: `setting total limits (…) needs control plane
 * 1.24.0 or later; the cluster runs 1.23.17-gke.100`. A held decision says this with the
 * rule in `blockedBy`; a refusal prefixes the rule.
 */
export function gateText(cluster: GatedCluster, feature: GatedFeature): string {
  const gate: VersionGate = VERSION_GATES[feature];
  const kind = cluster.autopilot && gate.autopilotSince !== undefined ? " on Autopilot" : "";
  return `${gate.feature} needs control plane ${gateVersion(cluster, feature)} or later${kind}; the cluster runs ${cluster.controlPlaneVersion}`;
}

/**
 * Refuses (422, citing the gate's rule) a request that asks for a feature the cluster's
 * control plane lacks.
 *
 * @example requireFeature({ controlPlaneVersion: "1.23.8-gke.1900" }, "locationPolicy") // refused "CA-10: setting a location policy needs control plane 1.24.1-gke.800 or later; …"
 */
export function requireFeature(cluster: GatedCluster, feature: GatedFeature): Result<true> {
  if (hasFeature(cluster, feature)) return ok(true);
  const rule = VERSION_GATES[feature].rule;
  return refuse(rule, "refused", `${rule}: ${gateText(cluster, feature)}`);
}
