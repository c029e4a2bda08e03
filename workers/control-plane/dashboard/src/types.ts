import type { z } from "@hono/zod-openapi";
import type {
  AutoscalerDecision,
  AutoUpgradeProfile,
  Cluster,
  Fleet,
  Node,
  NodePool,
  Operation,
  OperationSummary,
  Release,
  RolloutStatus,
  TokenSelf,
  UpdateRun,
  UpdateRunSummary,
} from "@regatta/contract";

// The API's own shapes (packages/contract), as types only: nothing of zod reaches the page.
export type FleetView = z.output<typeof Fleet>;
export type ClusterView = z.output<typeof Cluster>;
export type NodePoolView = z.output<typeof NodePool>;
export type NodeView = z.output<typeof Node>;
export type OperationView = z.output<typeof Operation>;
export type OperationSummaryView = z.output<typeof OperationSummary>;
export type ReleaseView = z.output<typeof Release>;
export type RolloutView = z.output<typeof RolloutStatus>;
export type RunView = z.output<typeof UpdateRun>;
export type RunSummary = z.output<typeof UpdateRunSummary>;
export type DecisionView = z.output<typeof AutoscalerDecision>;
export type ProfileView = z.output<typeof AutoUpgradeProfile>;
export type Self = z.output<typeof TokenSelf>;
export type Page<T> = { items: T[]; nextCursor?: string | null };

/** A gate as API.md "Update-run extensions" shows it (the EXT extensions are coming). */
export interface GateView {
  id: string;
  type: string;
  timing: "Before" | "After";
  state: "NotStarted" | "Pending" | "Completed" | "Skipped";
  displayName?: string;
}
