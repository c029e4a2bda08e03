import { type Instant, toRfc3339 } from "../time/instant.ts";
import { gateReason } from "./gates.ts";
import type {
  HealthCheckSpec,
  MemberHealthCheck,
  RunGate,
  RunMember,
  UpdateRun,
  UpdateRunState,
} from "./types.ts";

/** EXT-7: a member's health check as the run status shows it. */
export interface MemberHealthView {
  url?: string;
  provider?: true;
  state: "Running" | "Passed" | "Failed";
  requestedAt: string;
  statusCode?: number;
  detail?: string;
  checkedAt?: string;
  /** A failed check, led by its rule (EXT-9). */
  reason?: string;
}

function healthView(record: MemberHealthCheck | undefined): MemberHealthView | undefined {
  if (record === undefined) return undefined;
  const state: MemberHealthView["state"] =
    record.passed === undefined ? "Running" : record.passed ? "Passed" : "Failed";
  return compact({
    ...record.check,
    state,
    requestedAt: toRfc3339(record.requestedAt),
    statusCode: record.statusCode,
    detail: record.detail,
    checkedAt: time(record.checkedAt),
    reason:
      state === "Failed"
        ? `EXT-7: health check failed: ${record.detail ?? (record.statusCode === undefined ? "no answer" : `HTTP ${record.statusCode}`)}`
        : undefined,
  });
}

/** A member as `GET …/update-runs/{run}` shows it. */
export interface RunMemberView {
  cluster: string;
  state: UpdateRunState;
  message?: string;
  startedAt?: string;
  endedAt?: string;
  nodeImage?: string;
  /** RUN-6: each pool's image, when the member's pools get different ones. */
  nodeImages?: { pool: string; nodeImage: string }[];
  operation?: string;
  /** EXT-7. */
  healthCheck?: MemberHealthView;
}

/** EXT-1: a gate as the run status shows it. */
export interface RunGateView {
  id: string;
  type: RunGate["type"];
  timing: RunGate["timing"];
  state: RunGate["state"];
  displayName?: string;
  scheduledStart?: RunGate["scheduledStart"];
  pendingSince?: string;
  /** ScheduledStart: when it completes. */
  dueAt?: string;
  completedAt?: string;
  approvedBy?: string;
  /** SEC-11: the approving token's public id. */
  approvedByToken?: string;
  separateApprover?: boolean;
  /** Why a Pending or Skipped gate is where it is (EXT-9). */
  reason?: string;
}

function gateViews(gates: readonly RunGate[] | undefined): RunGateView[] | undefined {
  if (gates === undefined || gates.length === 0) return undefined;
  return gates.map((g) =>
    compact({
      id: g.id,
      type: g.type,
      timing: g.timing,
      state: g.state,
      displayName: g.displayName,
      scheduledStart: g.scheduledStart,
      pendingSince: time(g.pendingSince),
      dueAt: time(g.dueAt),
      completedAt: time(g.completedAt),
      approvedBy: g.approvedBy,
      approvedByToken: g.approvedByToken,
      separateApprover: g.separateApprover,
      reason:
        g.state === "Skipped"
          ? "EXT-1: skipped with its stage or group"
          : g.state === "Pending"
            ? gateReason([g])
            : undefined,
    }),
  );
}

export interface RunGroupView {
  name: string;
  state: UpdateRunState;
  message?: string;
  /** EXT-2 and EXT-3 as resolved at creation. */
  maxConcurrency?: number;
  maxAllowedFailures?: number;
  gates?: RunGateView[];
  /** EXT-7. */
  healthCheck?: HealthCheckSpec;
  members: RunMemberView[];
}

export interface RunStageView {
  name: string;
  state: UpdateRunState;
  message?: string;
  afterStageWaitSeconds?: number;
  afterStageWaitEndsAt?: string;
  /** EXT-2 and EXT-3 as resolved at creation. */
  maxConcurrency?: number;
  maxAllowedFailures?: number;
  gates?: RunGateView[];
  /** EXT-7. */
  healthCheck?: HealthCheckSpec;
  groups: RunGroupView[];
}

/** `GET /v1/fleets/{fleet}/update-runs/{run}` (API.md "Update runs"). */
export interface UpdateRunView {
  name: string;
  fleet: string;
  state: UpdateRunState;
  message?: string;
  strategy?: string;
  upgrade: { type: UpdateRun["goal"]["type"]; kubernetesVersion?: string };
  nodeImageSelection: UpdateRun["goal"]["nodeImageSelection"];
  /** RUN-6 Consistent: the image every member gets (one OS family). */
  nodeImage?: string;
  /** RUN-6 Consistent: the image chosen for each OS family, when the pools have several. */
  nodeImages?: string[];
  createdAt: string;
  startedAt?: string;
  endedAt?: string;
  stages: RunStageView[];
}

function time(at: Instant | undefined): string | undefined {
  return at === undefined ? undefined : toRfc3339(at);
}

/** Drops absent optional fields so the JSON has no `undefined` holes. */
function compact<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[]) {
    if (value[key] === undefined) delete value[key];
  }
  return value;
}

/** Which members a view shows: those whose index in tree order is in `[from, to)`. */
export interface MemberRange {
  from: number;
  to: number;
}

/**
 * The run's status tree as the API shows it: every stage and group, and the members in
 * `range` (all when absent); a group outside it shows no members, and costs nothing per
 * member, so a page of a large run is built in time proportional to the page.
 *
 * @example updateRunView(run).stages[0].groups[0].members[0].state // "Completed"
 * @example updateRunView(run, { from: 0, to: 100 }) // the first 100 members in tree order
 */
export function updateRunView(run: UpdateRun, range?: MemberRange): UpdateRunView {
  const upgrade = compact({ type: run.goal.type, kubernetesVersion: run.goal.kubernetesVersion });
  let index = 0;
  const shown = (members: readonly RunMember[]): readonly RunMember[] => {
    const first = index;
    index += members.length;
    if (range === undefined) return members;
    if (first >= range.to || index <= range.from) return [];
    return members.slice(Math.max(0, range.from - first), range.to - first);
  };
  return compact({
    name: run.name,
    fleet: run.fleet,
    state: run.state,
    message: run.message,
    strategy: run.strategy,
    upgrade,
    nodeImageSelection: run.goal.nodeImageSelection,
    nodeImage: run.nodeImage,
    nodeImages:
      run.consistentImages && Object.keys(run.consistentImages).length > 1
        ? Object.values(run.consistentImages)
        : undefined,
    createdAt: toRfc3339(run.createdAt),
    startedAt: time(run.startedAt),
    endedAt: time(run.endedAt),
    stages: run.stages.map((stage) =>
      compact({
        name: stage.name,
        state: stage.state,
        message: stage.message,
        afterStageWaitSeconds: stage.afterStageWaitSeconds,
        afterStageWaitEndsAt: time(stage.afterStageWaitEndsAt),
        maxConcurrency: stage.maxConcurrency,
        maxAllowedFailures: stage.maxAllowedFailures,
        gates: gateViews(stage.gates),
        healthCheck: stage.healthCheck,
        groups: stage.groups.map((group) =>
          compact({
            name: group.name,
            state: group.state,
            message: group.message,
            maxConcurrency: group.maxConcurrency,
            maxAllowedFailures: group.maxAllowedFailures,
            gates: gateViews(group.gates),
            healthCheck: group.healthCheck,
            members: shown(group.members).map((m) =>
              compact({
                cluster: m.cluster,
                state: m.state,
                message: m.message,
                startedAt: time(m.startedAt),
                endedAt: time(m.endedAt),
                nodeImage: m.nodeImage,
                nodeImages:
                  m.nodeImages &&
                  Object.entries(m.nodeImages)
                    .sort(([a], [b]) => (a < b ? -1 : 1))
                    .map(([pool, nodeImage]) => ({ pool, nodeImage })),
                operation: m.operationId,
                healthCheck: healthView(m.healthCheck),
              }),
            ),
          }),
        ),
      }),
    ),
  });
}
