import { type AutoscalerPod, type PodDisruptionBudget, podKey } from "@regatta/engine";
import type { Tx } from "../../../runtime/types.ts";

/**
 * A cluster's workload snapshot in the fleet object (API.md `PUT …/workloads`): pods in
 * rows of {@link PODS_PER_ROW} (a 50,000-pod snapshot is 25 rows of ~300 KB, far below the
 * 2 MB row limit), PDBs and counts in a small head row. A snapshot sent in parts is staged
 * in rows of its own and swapped in whole when its last part arrives, so an evaluation
 * never sees half a snapshot.
 */

/** A pod as stored: the engine's shape (API.md's workloads pod). */
export type WorkloadPod = AutoscalerPod;
/** A PodDisruptionBudget as stored. */
export type WorkloadPdb = PodDisruptionBudget;

/** One `PUT …/workloads` after validation. */
export interface WorkloadsPut {
  pods: WorkloadPod[];
  pdbs?: WorkloadPdb[] | undefined;
  part?: { snapshot: string; index: number; count: number } | undefined;
}

/** What the object holds for a cluster after a PUT. */
export interface WorkloadsSummary {
  cluster: string;
  complete: boolean;
  pods: number;
  pending: number;
  pdbs: number;
  revision: number;
  receivedParts?: number[];
}

/** A whole snapshot, read back for an evaluation. */
export interface Workloads {
  pods: WorkloadPod[];
  pdbs: WorkloadPdb[];
  revision: number;
}

interface Head {
  rows: number;
  pods: number;
  pending: number;
  pdbs: WorkloadPdb[];
  revision: number;
}

interface Staging {
  snapshot: string;
  count: number;
  received: number[];
  pdbs?: WorkloadPdb[];
}

/** Pods per storage row: ~150–300 bytes each as JSON keeps a row well under 1 MB. */
export const PODS_PER_ROW = 2000;

const headKey = (cluster: string) => `wl:${cluster}`;
const rowKey = (cluster: string, row: number) => `wl:${cluster}:${row}`;
const stagingKey = (cluster: string) => `wl-stage:${cluster}`;
const stagedPartKey = (cluster: string, index: number) => `wl-stage:${cluster}:${index}`;

/**
 * Takes one PUT: a whole snapshot replaces the stored one at once; a part is staged
 * until every part of its snapshot arrived, then they replace it together. A part of a
 * new snapshot discards an unfinished one (the agent started over).
 */
export function putWorkloads(
  tx: Tx,
  cluster: string,
  put: WorkloadsPut,
): WorkloadsSummary | { refused: string } {
  const part = put.part;
  if (part === undefined || part.count === 1) {
    if (part !== undefined) dropStaging(tx, cluster);
    return replace(tx, cluster, put.pods, put.pdbs ?? []);
  }
  let staging = tx.getState<Staging>(stagingKey(cluster));
  if (staging && (staging.snapshot !== part.snapshot || staging.count !== part.count)) {
    dropStaging(tx, cluster);
    staging = undefined;
  }
  const next: Staging = staging ?? { snapshot: part.snapshot, count: part.count, received: [] };
  if (!next.received.includes(part.index)) next.received = [...next.received, part.index].sort();
  if (put.pdbs !== undefined) next.pdbs = put.pdbs;
  tx.putState(stagedPartKey(cluster, part.index), put.pods);
  if (next.received.length < next.count) {
    tx.putState(stagingKey(cluster), next);
    const head = tx.getState<Head>(headKey(cluster));
    return {
      ...summary(cluster, head),
      complete: false,
      receivedParts: next.received,
    };
  }
  const pods: WorkloadPod[] = [];
  for (let i = 0; i < next.count; i++) {
    for (const pod of tx.getState<WorkloadPod[]>(stagedPartKey(cluster, i)) ?? []) pods.push(pod);
  }
  dropStaging(tx, cluster, next.count);
  // Each part was checked alone; a pod in two parts is only seen here.
  const seen = new Set<string>();
  for (const pod of pods) {
    const key = podKey(pod);
    if (seen.has(key)) {
      return { refused: `pod ${key} is in more than one part of snapshot ${part.snapshot}` };
    }
    seen.add(key);
  }
  return replace(tx, cluster, pods, next.pdbs ?? []);
}

/** The cluster's current snapshot (empty before the first PUT). */
export function loadWorkloads(tx: Tx, cluster: string): Workloads {
  const head = tx.getState<Head>(headKey(cluster));
  if (!head) return { pods: [], pdbs: [], revision: 0 };
  const pods: WorkloadPod[] = [];
  for (let row = 0; row < head.rows; row++) {
    for (const pod of tx.getState<WorkloadPod[]>(rowKey(cluster, row)) ?? []) pods.push(pod);
  }
  return { pods, pdbs: head.pdbs, revision: head.revision };
}

/**
 * Stores where pods are now (a pass moved evicted or pending pods: the engine's
 * `placePods` and `evictFromLeaving`); rewrites only the rows that changed.
 */
export function saveWorkloadPods(
  tx: Tx,
  cluster: string,
  pods: readonly WorkloadPod[],
  changed: ReadonlySet<number>,
): void {
  const head = tx.getState<Head>(headKey(cluster));
  if (!head || changed.size === 0) return;
  const rows = new Set([...changed].map((index) => Math.floor(index / PODS_PER_ROW)));
  for (const row of rows) {
    tx.putState(rowKey(cluster, row), pods.slice(row * PODS_PER_ROW, (row + 1) * PODS_PER_ROW));
  }
  tx.putState(headKey(cluster), {
    ...head,
    pending: pods.filter((p) => p.node === undefined).length,
  });
}

/** The cluster is gone: its snapshot goes with it. */
export function forgetWorkloads(tx: Tx, cluster: string): void {
  const head = tx.getState<Head>(headKey(cluster));
  for (let row = 0; row < (head?.rows ?? 0); row++) tx.deleteState(rowKey(cluster, row));
  tx.deleteState(headKey(cluster));
  dropStaging(tx, cluster);
}

/** Counts without loading the pods. */
export function workloadsSummary(tx: Tx, cluster: string): WorkloadsSummary {
  return summary(cluster, tx.getState<Head>(headKey(cluster)));
}

function replace(
  tx: Tx,
  cluster: string,
  pods: readonly WorkloadPod[],
  pdbs: WorkloadPdb[],
): WorkloadsSummary {
  const before = tx.getState<Head>(headKey(cluster));
  const rows = Math.ceil(pods.length / PODS_PER_ROW);
  for (let row = 0; row < rows; row++) {
    tx.putState(rowKey(cluster, row), pods.slice(row * PODS_PER_ROW, (row + 1) * PODS_PER_ROW));
  }
  for (let row = rows; row < (before?.rows ?? 0); row++) tx.deleteState(rowKey(cluster, row));
  const head: Head = {
    rows,
    pods: pods.length,
    pending: pods.filter((p) => p.node === undefined).length,
    pdbs,
    revision: (before?.revision ?? 0) + 1,
  };
  tx.putState(headKey(cluster), head);
  return summary(cluster, head);
}

function dropStaging(tx: Tx, cluster: string, count?: number): void {
  const staging = tx.getState<Staging>(stagingKey(cluster));
  const parts = count ?? staging?.count ?? 0;
  for (let i = 0; i < parts; i++) tx.deleteState(stagedPartKey(cluster, i));
  tx.deleteState(stagingKey(cluster));
}

function summary(cluster: string, head: Head | undefined): WorkloadsSummary {
  return {
    cluster,
    complete: true,
    pods: head?.pods ?? 0,
    pending: head?.pending ?? 0,
    pdbs: head?.pdbs.length ?? 0,
    revision: head?.revision ?? 0,
  };
}
