import type { Candidate } from "../update-run/create.ts";
import type {
  Availability,
  NodeImageSelection,
  UpdateGoal,
  UpdateRunState,
  UpdateStrategy,
} from "../update-run/types.ts";

/**
 * EXT-5: what a profile follows. Stable: the latest patch of the minor below the newest
 * published one; Rapid: the latest patch of the newest minor; NodeImage: the newest node
 * images; TargetKubernetesVersion: the version the profile names.
 */
export type ProfileChannel = "Stable" | "Rapid" | "NodeImage" | "TargetKubernetesVersion";

/** The desired half of an auto-upgrade profile, as `PUT …/auto-upgrade-profiles/{name}` sets it. */
export interface AutoUpgradeProfileSpec {
  /** An update strategy of the fleet (RUN-4): the generated runs copy it. */
  strategy: string;
  channel: ProfileChannel;
  /** TargetKubernetesVersion only. */
  targetKubernetesVersion?: string;
  nodeImageSelection: NodeImageSelection;
  disabled: boolean;
}

/**
 * The profile's last generated run as observed now: its run state; `Creating` while the
 * generation was claimed moments ago and the run object does not hold it yet (another
 * reconcile is creating it); `Gone` when it no longer exists (dropped by retention, or
 * never created after a crash).
 */
export interface GeneratedRunFacts {
  name: string;
  state: UpdateRunState | "Creating" | "Gone";
  /** {@link ProfileGoal.key} of the goal it was generated for. */
  goalKey?: string;
}

/** Everything one profile's decision reads: the profile, its fleet, the catalogue, its last run. */
export interface ProfileFacts {
  profile: AutoUpgradeProfileSpec;
  /** The named strategy's stages, or undefined when the fleet no longer has it. */
  strategy: UpdateStrategy | undefined;
  /** The fleet's clusters with their `updateGroup` (only those in a strategy group count). */
  candidates: readonly Candidate[];
  /** VER-6: every published Kubernetes version. */
  catalogue: readonly string[];
  /** CH-3: published node images and their regions. */
  availability: Availability;
  lastRun?: GeneratedRunFacts;
}

/**
 * A goal a run would be generated for: the run's goal, a key naming it (the same target
 * gives the same key, so a failed goal is not retried on its own), and its members.
 */
export interface ProfileGoal {
  goal: UpdateGoal;
  /** `Full:1.18.6` or `NodeImageOnly:cos-110` (several images joined by `+`). */
  key: string;
  /** The clusters the run covers, in the fleet's order. */
  members: string[];
}

/**
 * What to do for a profile now: generate a run, start the generated run that was created
 * but not started (a crash between the two), or hold with a reason led by EXT-5 (EXT-9).
 */
export type ProfileDecision =
  | ({ kind: "GENERATE" } & ProfileGoal)
  | { kind: "START"; run: string }
  | { kind: "HOLD"; reason: string };
