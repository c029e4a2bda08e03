import type { components } from "@regatta/client";

// The API's own shapes as the clients see them: the types generated from openapi.json
// (packages/client), so nothing of zod reaches the page.
type Schema<Name extends keyof components["schemas"]> = components["schemas"][Name];

export type FleetView = Schema<"Fleet">;
export type ClusterView = Schema<"Cluster">;
export type NodePoolView = Schema<"NodePool">;
export type NodeView = Schema<"Node">;
export type OperationView = Schema<"Operation">;
export type OperationSummaryView = Schema<"OperationSummary">;
export type ReleaseView = Schema<"Release">;
export type RolloutView = Schema<"RolloutStatus">;
export type RunView = Schema<"UpdateRun">;
export type RunSummary = Schema<"UpdateRunSummary">;
export type DecisionView = Schema<"AutoscalerDecision">;
export type ProfileView = Schema<"AutoUpgradeProfile">;
export type Self = Schema<"TokenSelf">;
export type SequenceView = Schema<"RolloutSequence">;
export type SequenceStageView = Schema<"RolloutSequenceStage">;
export type SelectorView = Schema<"ClusterSelector">;
export type SequenceRolloutView = Schema<"SequenceRollout">;
export type SequenceRolloutStageView = Schema<"SequenceRolloutStage">;
export type Page<T> = { items: T[]; nextCursor?: string | null };

/** A gate as API.md "Update-run extensions" shows it (the EXT extensions are coming). */
export interface GateView {
  id: string;
  type: string;
  timing: "Before" | "After";
  state: "NotStarted" | "Pending" | "Completed" | "Skipped";
  displayName?: string;
}
