import type { RuleId } from "../rules/violation.ts";
import { type Instant, toRfc3339 } from "../time/instant.ts";
import type { PodInfo } from "./snapshot.ts";
import type { ActionType, DecisionRecord } from "./types.ts";

/** CPU millis as a person writes them: 4000 → "4 CPU", 250 → "0.25 CPU". */
export function cpuText(millis: number): string {
  return `${Number((millis / 1000).toFixed(3))} CPU`;
}

/** "3 pods of 4 CPU" or "5 pods of up to 2 CPU" — what is pending, in a few words. */
export function podsText(pods: readonly PodInfo[]): string {
  const cpus = pods.map((p) => p.requests.cpuMillis);
  const max = Math.max(...cpus);
  const same = cpus.every((c) => c === max);
  const noun = pods.length === 1 ? "pod" : "pods";
  return `${pods.length} ${noun} of ${same ? "" : "up to "}${cpuText(max)}`;
}

/** "us-central1-a +2, us-central1-b +1". */
export function zonesText(zones: Record<string, number>): string {
  return Object.keys(zones)
    .sort()
    .map((z) => `${z} +${zones[z]}`)
    .join(", ");
}

/** "in us-central1-b" or "in us-central1-a and us-central1-b". */
export function inZones(zones: Record<string, number>): string {
  const names = Object.keys(zones).sort();
  if (names.length <= 1) return `in ${names[0] ?? "no zone"}`;
  return `in ${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** A pod's name as the reason shows it (namespace left out for `default`). */
export function podName(pod: PodInfo): string {
  const ns = pod.pod.namespace;
  return ns === undefined || ns === "default" ? pod.pod.name : `${ns}/${pod.pod.name}`;
}

/** "12:05 UTC" for a backoff end. */
export function clockText(at: Instant): string {
  return `${toRfc3339(at).slice(11, 16)} UTC`;
}

/**
 * CA-5: what made a removed node underused, as the code compares it: strictly below the
 * threshold (a node exactly at it stays), a GPU node by its GPUs alone.
 *
 * @example underusedText(0.5, "allocatable") // "requests < 0.5 of allocatable"
 */
export function underusedText(threshold: number, by: "allocatable" | "gpu"): string {
  return by === "gpu"
    ? `GPU requests < ${threshold} of its GPUs`
    : `requests < ${threshold} of allocatable`;
}

/** Minutes, rounded up, for waits in reasons. */
export function minutesText(ms: number): string {
  const m = Math.ceil(ms / 60_000);
  return `${m} min`;
}

/**
 * CA-17: a decision's reason as of `at`: the one the pass gave, or for a node waiting out
 * its unneeded time (CA-5, CA-11) its countdown then, "node n-7 kept: unneeded for 7 min
 * of 10 min". The log keeps the stable facts and renders the count when read.
 *
 * @example decisionReason({ reason, nodes: ["n-7"], unneeded: { since: t, forMs: 600_000 } }, t + 420_000) // "node n-7 kept: unneeded for 7 min of 10 min"
 */
export function decisionReason(
  decision: Pick<DecisionRecord, "reason" | "nodes" | "unneeded">,
  at: Instant,
): string {
  const { unneeded } = decision;
  if (unneeded === undefined) return decision.reason;
  const waited = Math.max(0, Math.min(at - unneeded.since, unneeded.forMs));
  return `node ${decision.nodes?.[0] ?? "?"} kept: unneeded for ${minutesText(waited)} of ${minutesText(unneeded.forMs)}`;
}

/** CA-17: one decision record. */
export function record(
  at: Instant,
  pool: string | null,
  action: ActionType,
  reason: string,
  extra: {
    delta?: number;
    zones?: Record<string, number>;
    nodes?: string[];
    blockedBy?: RuleId;
    unneeded?: DecisionRecord["unneeded"];
  } = {},
): DecisionRecord {
  return {
    at,
    pool,
    action,
    delta: extra.delta ?? 0,
    ...(extra.zones ? { zones: extra.zones } : {}),
    ...(extra.nodes ? { nodes: extra.nodes } : {}),
    reason,
    ...(extra.blockedBy ? { blockedBy: extra.blockedBy } : {}),
    ...(extra.unneeded ? { unneeded: extra.unneeded } : {}),
  };
}

/**
 * CA-17: the constraints of `pods` the simulation does not model, each with a pod that
 * has it: "not modelled: preferred node affinity (web-0 +2 more); …"; undefined when
 * every constraint is modelled.
 */
export function unmodelledText(pods: readonly PodInfo[]): string | undefined {
  const seen = new Map<string, { first: PodInfo; count: number }>();
  for (const pod of pods) {
    for (const what of pod.constraints.unmodelled) {
      const entry = seen.get(what);
      if (entry) entry.count += 1;
      else seen.set(what, { first: pod, count: 1 });
    }
  }
  if (seen.size === 0) return undefined;
  const parts = [...seen].map(
    ([what, { first, count }]) =>
      `${what} (${podName(first)}${count > 1 ? ` +${count - 1} more` : ""})`,
  );
  return `not modelled: ${parts.join("; ")}`;
}

/**
 * CA-3: pods pinned to a node the cluster does not have, which are pending for it:
 * "pod web-0 names node n-9, which this cluster does not have (gone, or another
 * cluster's): pending"; undefined when there is none.
 */
export function straysText(strays: readonly { pod: PodInfo; node: string }[]): string | undefined {
  if (strays.length === 0) return undefined;
  const named = strays
    .slice(0, 5)
    .map((s) => `${podName(s.pod)} names node ${s.node}`)
    .join(", ");
  const more = strays.length > 5 ? ` (+${strays.length - 5} more)` : "";
  const noun = strays.length === 1 ? "it is" : "they are";
  return `${named}${more}, which this cluster does not have (gone, or another cluster's): ${noun} pending and scheduled like any pending pod`;
}
