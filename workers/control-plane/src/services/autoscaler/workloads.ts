import type { z } from "@hono/zod-openapi";
import type { Pod, WorkloadsAccepted, WorkloadsBody, WorkloadsInput } from "@regatta/contract";
import {
  type ClusterRow,
  decodeCursor,
  encodeCursor,
  InvalidCursorError,
} from "@regatta/inventory";
import type { WorkloadPod } from "../../objects/fleet/autoscaler/workloads.ts";
import { accepted, type Outcome, refused } from "../../outcome.ts";
import type { FleetObjects } from "../operations/node-pool-upgrades.ts";
import { decisionBody } from "./decisions.ts";
import { fromKubernetes } from "./kubernetes.ts";

type Input = z.infer<typeof WorkloadsBody>;
type ShortForm = z.infer<typeof WorkloadsInput>;

/**
 * Annotations the autoscaler reads (CA-7's safe-to-evict among them). Only these are
 * stored: Kubernetes lets a pod carry 256 KiB of annotations, and pods are stored 2,000
 * to a row of at most 2 MB.
 */
const READ_ANNOTATIONS = "cluster-autoscaler.kubernetes.io/";

/**
 * `PUT …/workloads`: hands the snapshot (or one part of it) to the cluster's fleet
 * object, which runs an autoscaler pass once the snapshot is whole.
 */
export async function putClusterWorkloads(
  fleets: FleetObjects,
  cluster: ClusterRow,
  input: Input,
): Promise<Outcome<z.infer<typeof WorkloadsAccepted>>> {
  const put =
    "kind" in input
      ? fromKubernetes(input)
      : {
          pods: input.pods.map(toPod),
          ...(input.pdbs ? { pdbs: input.pdbs.map(compact) } : {}),
          ...(input.part ? { part: input.part } : {}),
        };
  const result = await fleets
    .get(fleets.idFromName(cluster.fleet))
    .putWorkloads(cluster.name, { ...put, pods: put.pods.map(keptAnnotations) });
  if ("refused" in result) return refused("malformed", result.refused);
  return accepted({
    ...result.workloads,
    ...(result.evaluation ? { decisions: result.evaluation.decisions.map(decisionBody) } : {}),
  });
}

/** A page of the stored pods, in snapshot order; the cursor is the next offset. */
export async function listWorkloadPods(
  fleets: FleetObjects,
  cluster: ClusterRow,
  query: { limit: number; cursor?: string | undefined },
): Promise<Outcome<{ items: z.infer<typeof Pod>[]; nextCursor: string | null }>> {
  let offset = 0;
  if (query.cursor !== undefined) {
    offset = Number(decodeCursor(query.cursor));
    if (!Number.isInteger(offset) || offset < 0) throw new InvalidCursorError(query.cursor);
  }
  const page = await fleets
    .get(fleets.idFromName(cluster.fleet))
    .workloadPods(cluster.name, offset, query.limit);
  const next = offset + page.items.length;
  return accepted({
    items: page.items.map(fromPod),
    nextCursor: next < page.total ? encodeCursor(String(next)) : null,
  });
}

/** Drops absent optionals: the object stores exactly what the engine reads. */
function toPod(pod: ShortForm["pods"][number]): WorkloadPod {
  return compact(pod) as WorkloadPod;
}

function keptAnnotations(pod: WorkloadPod): WorkloadPod {
  if (pod.annotations === undefined) return pod;
  const { annotations, ...rest } = pod;
  const kept = Object.entries(annotations).filter(([key]) => key.startsWith(READ_ANNOTATIONS));
  return kept.length > 0 ? { ...rest, annotations: Object.fromEntries(kept) } : rest;
}

function fromPod(stored: WorkloadPod): z.infer<typeof Pod> {
  // What the control plane derived is not part of the pod as sent (the decisions say it).
  const { missingNode: _missing, notModelled: _notModelled, ...pod } = stored;
  return {
    ...pod,
    namespace: pod.namespace ?? "default",
    priority: pod.priority ?? 0,
    // Absent was sent as absent: a bare pod (CA-7), listed as such.
    controller: pod.controller ?? null,
    localStorage: pod.localStorage ?? false,
    daemonSet: pod.daemonSet ?? false,
  } as z.infer<typeof Pod>;
}

function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
