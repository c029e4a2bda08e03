import { ok, type Result, refuse } from "../rules/violation.ts";
import type { AutoscalerCluster, AutoscalerPool, AutoscalingProfile } from "./types.ts";

/**
 * CA-11, seed 001: the profile is the cluster's (`gcloud container clusters update
 * CLUSTER --autoscaling-profile …`); `balanced` is the default, and "is not available for
 * Autopilot clusters", which optimize utilization.
 *
 * @example clusterProfile({ autopilot: true }) // "optimize-utilization"
 */
export function clusterProfile(
  cluster: Pick<AutoscalerCluster, "autopilot" | "profile">,
): AutoscalingProfile {
  return cluster.profile ?? (cluster.autopilot ? "optimize-utilization" : "balanced");
}

/** The profile a pool scales by: its own (an extension of Regatta's), else the cluster's. */
export function poolProfile(
  cluster: Pick<AutoscalerCluster, "autopilot" | "profile">,
  pool: Pick<AutoscalerPool, "autoscaling">,
): AutoscalingProfile {
  return pool.autoscaling.profile ?? clusterProfile(cluster);
}

/**
 * CA-11: refuses the `balanced` profile on an Autopilot cluster, whether the cluster or
 * one of its pools asks for it.
 *
 * @example validateProfile({ autopilot: true, profile: "balanced" }) // refuses with CA-11
 */
export function validateProfile(settings: {
  autopilot: boolean;
  profile?: AutoscalingProfile | undefined;
}): Result<true> {
  if (settings.autopilot && settings.profile === "balanced") {
    return refuse(
      "CA-11",
      422,
      "CA-11: the balanced autoscaling profile is not available on Autopilot clusters; use optimize-utilization",
    );
  }
  return ok(true);
}
