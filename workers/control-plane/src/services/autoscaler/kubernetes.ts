import type { z } from "@hono/zod-openapi";
import {
  ACCELERATOR_RESOURCES,
  cpuMillisOf,
  finished,
  type KubernetesPdb,
  type KubernetesPod,
  type KubernetesWorkloads,
  memoryMiBOf,
  quantityValue,
} from "@regatta/contract";
import type { WorkloadPdb, WorkloadPod } from "../../objects/fleet/autoscaler/workloads.ts";

type Pod = z.infer<typeof KubernetesPod>;
type Container = Pod["spec"]["containers"][number];
type Resources = NonNullable<NonNullable<Container["resources"]>["requests"]>;

/** What the autoscaler reads of `kubectl get pods,pdb -A -o json`, in the stored form. */
export interface KubernetesSnapshot {
  pods: WorkloadPod[];
  pdbs: WorkloadPdb[];
}

/**
 * The snapshot a Kubernetes `List` or `PodList` describes: pods that have not finished
 * (Succeeded and Failed ones hold no node) and PDBs, in the short form's terms.
 *
 * @example fromKubernetes({ kind: "List", items: [] }) // { pods: [], pdbs: [] }
 */
export function fromKubernetes(list: z.infer<typeof KubernetesWorkloads>): KubernetesSnapshot {
  const pods: WorkloadPod[] = [];
  const pdbs: WorkloadPdb[] = [];
  for (const item of list.items) {
    if (item.kind === "PodDisruptionBudget") {
      const pdb = pdbOf(item);
      if (pdb) pdbs.push(pdb);
    } else if (!finished(item)) {
      pods.push(podOf(item));
    }
  }
  return { pods, pdbs };
}

const ACCELERATORS: ReadonlySet<string> = new Set(ACCELERATOR_RESOURCES);

function podOf(pod: Pod): WorkloadPod {
  const { metadata, spec } = pod;
  const notModelled = new Set<string>();
  // CA-7: the owner that is the controller decides; no such owner is a bare pod.
  const controller = metadata.ownerReferences?.find((o) => o.controller === true)?.kind ?? null;
  const volumes = spec.volumes ?? [];
  if (volumes.some((v) => v.persistentVolumeClaim !== undefined || v.ephemeral !== undefined)) {
    notModelled.add("persistent volume claims (their zone binding)");
  }
  const result: WorkloadPod = {
    name: metadata.name,
    namespace: metadata.namespace ?? "default",
    ...(spec.nodeName !== undefined ? { node: spec.nodeName } : {}),
    priority: spec.priority ?? 0,
    controller,
    containers: spec.containers.map((c) => requestsOf(c, notModelled)),
    ...(spec.initContainers && spec.initContainers.length > 0
      ? { initContainers: spec.initContainers.map((c) => requestsOf(c, notModelled)) }
      : {}),
    ...(metadata.labels ? { labels: metadata.labels } : {}),
    ...(metadata.annotations ? { annotations: metadata.annotations } : {}),
    localStorage: volumes.some((v) => v.emptyDir !== undefined || v.hostPath !== undefined),
    ...(spec.affinity ? { affinity: spec.affinity } : {}),
    ...(spec.nodeSelector ? { nodeSelector: spec.nodeSelector } : {}),
    ...(spec.tolerations ? { tolerations: spec.tolerations } : {}),
    ...(spec.topologySpreadConstraints
      ? { topologySpreadConstraints: spec.topologySpreadConstraints }
      : {}),
    ...(spec.schedulerName ? { schedulerName: spec.schedulerName } : {}),
    ...(spec.priorityClassName ? { priorityClassName: spec.priorityClassName } : {}),
    daemonSet: controller === "DaemonSet",
  };
  return notModelled.size > 0 ? { ...result, notModelled: [...notModelled].sort() } : result;
}

/**
 * CA-2: a container's requests in the short form. A resource with a limit and no request
 * requests its limit, as Kubernetes defaults it; limits are otherwise not read (decisions
 * use requests). Requests the simulation has no dimension for are named.
 */
function requestsOf(
  container: Container,
  notModelled: Set<string>,
): WorkloadPod["containers"][number] {
  const requests: Resources = container.resources?.requests ?? {};
  const limits: Resources = container.resources?.limits ?? {};
  const requested = (name: string) => requests[name] ?? limits[name];
  let accelerators = 0;
  for (const name of new Set([...Object.keys(requests), ...Object.keys(limits)])) {
    const quantity = requested(name);
    if (quantity === undefined || name === "cpu" || name === "memory") continue;
    if (ACCELERATORS.has(name)) accelerators += quantityValue(quantity) ?? 0;
    else if (name === "ephemeral-storage") notModelled.add("ephemeral-storage requests");
    else if (name.startsWith("hugepages-")) notModelled.add("hugepages requests");
    else notModelled.add(`extended resource ${name}`);
  }
  const cpu = requested("cpu");
  const memory = requested("memory");
  return {
    cpuMillis: cpu === undefined ? 0 : (cpuMillisOf(cpu) ?? 0),
    memoryMiB: memory === undefined ? 0 : (memoryMiBOf(memory) ?? 0),
    ...(accelerators > 0 ? { accelerators } : {}),
  };
}

/**
 * A PDB in the short form; undefined for one without a selector, which in policy/v1
 * covers no pod. `In` with one value (the schema refuses other expressions) is a label.
 */
function pdbOf(pdb: z.infer<typeof KubernetesPdb>): WorkloadPdb | undefined {
  const { selector, minAvailable, maxUnavailable } = pdb.spec;
  if (selector === undefined || selector === null) return undefined;
  const labels: Record<string, string> = { ...selector.matchLabels };
  for (const e of selector.matchExpressions ?? []) labels[e.key] = e.values?.[0] ?? "";
  return {
    name: pdb.metadata.name,
    namespace: pdb.metadata.namespace ?? "default",
    selector: labels,
    // Neither set: Kubernetes' disruption controller then wants no pod healthy (minAvailable 0).
    ...(maxUnavailable !== undefined ? { maxUnavailable } : { minAvailable: minAvailable ?? 0 }),
  };
}
