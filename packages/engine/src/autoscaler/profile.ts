import { ok, type Result, refuse } from "../rules/violation.ts";
import type {
  AutoscalerCluster,
  AutoscalerPod,
  AutoscalerPool,
  AutoscalingProfile,
} from "./types.ts";

/**
 * Schedulers optimize-utilization works through. Seed 001: GKE sets the pod's scheduler
 * name to `gke.io/optimize-utilization-scheduler` for the optimization to happen, and
 * "pods that specify a custom scheduler are not affected" — it rewrites only pods left to
 * the default scheduler.
 */
const PROFILE_SCHEDULERS = new Set(["default-scheduler", "gke.io/optimize-utilization-scheduler"]);

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
 * CA-11: whether optimize-utilization's packing onto busy nodes applies to the pod: not
 * when it names a custom scheduler (seed 001), which places it as it sees fit.
 *
 * @example followsProfile({ name: "p", containers: [], schedulerName: "volcano" }) // false
 */
export function followsProfile(pod: Pick<AutoscalerPod, "schedulerName">): boolean {
  return pod.schedulerName === undefined || PROFILE_SCHEDULERS.has(pod.schedulerName);
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
      "refused",
      "CA-11: the balanced autoscaling profile is not available on Autopilot clusters; use optimize-utilization",
    );
  }
  return ok(true);
}
