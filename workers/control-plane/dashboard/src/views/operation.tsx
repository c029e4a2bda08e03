import { type ApiUrl, apiPath } from "@regatta/client";
import { useEffect, useState } from "preact/hooks";
import { getAll, getJson, post, uri } from "../api.ts";
import { when } from "../clock.ts";
import { count } from "../format.ts";
import { useLive } from "../live.ts";
import { mayWrite } from "../session.ts";
import type { ClusterView, NodeView, OperationView, Self } from "../types.ts";
import { Action, Explained, Failure, Loading, Section, State } from "./ui.tsx";

interface Loaded {
  op: OperationView;
  cluster: ClusterView;
  nodes: NodeView[];
}

async function load(id: string): Promise<Loaded> {
  const op = await getJson<OperationView>(apiPath("/v1/operations/{id}", { id }));
  const [cluster, nodes] = await Promise.all([
    getJson<ClusterView>(apiPath("/v1/clusters/{cluster}", { cluster: op.target.cluster })),
    op.target.pool
      ? getAll<NodeView>(apiPath("/v1/clusters/{cluster}/nodes", { cluster: op.target.cluster }))
      : Promise.resolve([]),
  ]);
  return { op, cluster, nodes: nodes.filter((n) => n.pool === op.target.pool) };
}

/** What a pool's zone looks like now: its nodes by colour, version and state. */
interface ZoneProgress {
  zone: string;
  total: number;
  onTarget: number;
  blue: number;
  green: number;
  /** Green nodes READY on the target: the blue-green measure. */
  greenReady: number;
  busy: number;
}

function zones(nodes: NodeView[], target: string): ZoneProgress[] {
  const byZone = new Map<string, ZoneProgress>();
  for (const node of nodes) {
    const z = byZone.get(node.zone) ?? {
      zone: node.zone,
      total: 0,
      onTarget: 0,
      blue: 0,
      green: 0,
      greenReady: 0,
      busy: 0,
    };
    z.total++;
    if (node.version === target) z.onTarget++;
    if (node.color === "BLUE") z.blue++;
    if (node.color === "GREEN") z.green++;
    if (node.color === "GREEN" && node.state === "READY" && node.version === target) {
      z.greenReady++;
    }
    if (node.state !== "READY") z.busy++;
    byZone.set(node.zone, z);
  }
  return [...byZone.values()].sort((a, b) => (a.zone < b.zone ? -1 : 1));
}

/** One measure of an operation's progress, with its unit (`done of total unit`). */
interface Measure {
  done: number;
  total: number;
  unit: string;
}

/**
 * What the page counts, one thing per operation: a blue-green upgrade counts nodes moved
 * to green (green nodes ready on the target, out of one per blue node: the zones show the
 * same count per zone); other pool strategies the nodes the operation upgraded; a
 * cluster upgrade its steps (LIFE-3: control-plane parts, components, then node pools).
 */
function measure(op: OperationView, perZone: ZoneProgress[]): Measure {
  if (op.kind === "CLUSTER_UPGRADE") {
    return { ...op.progress, unit: "upgrade steps done (control plane, components, node pools)" };
  }
  if (isBlueGreen(op) && perZone.length > 0) {
    const shares = perZone.map((z) => zoneShare(z, op));
    const done = sum(shares, (s) => s.done);
    const total = Math.max(
      op.progress.total,
      sum(shares, (s) => s.total),
    );
    return { done: Math.min(done, total), total, unit: "nodes moved to green" };
  }
  return { ...op.progress, unit: "nodes upgraded" };
}

function isBlueGreen(op: OperationView): boolean {
  return op.strategy === "BLUE_GREEN" || op.strategy === "AUTOSCALED_BLUE_GREEN";
}

/**
 * A zone's share of the operation in the headline's unit. A blue-green zone counts one
 * green node per blue node it started with; once the upgrade succeeded the blue nodes are
 * gone and the green ones are the pool's own, so every node the zone has is a moved one.
 */
function zoneShare(z: ZoneProgress, op: OperationView): { done: number; total: number } {
  if (!isBlueGreen(op)) return { done: z.onTarget, total: z.total };
  if (op.state === "SUCCEEDED") return { done: z.total, total: z.total };
  return { done: z.greenReady, total: Math.max(z.blue, z.green) };
}

function sum<T>(items: T[], of: (item: T) => number): number {
  return items.reduce((total, item) => total + of(item), 0);
}

/** The seed's five blue-green phases (NUP-8), for "phase 3 of 5: draining blue". */
const BLUE_GREEN_PHASES: Record<string, string> = {
  CREATING_GREEN: "phase 1 of 5: creating green",
  CORDONING_BLUE: "phase 2 of 5: cordoning blue",
  DRAINING_BLUE: "phase 3 of 5: draining blue",
  SOAKING_POOL: "phase 4 of 5: soaking",
  DELETING_BLUE: "phase 5 of 5: deleting blue",
  ROLLBACK_UNCORDONING_BLUE: "rolling back: uncordoning blue",
  ROLLBACK_DRAINING_GREEN: "rolling back: draining green",
  ROLLBACK_DELETING_GREEN: "rolling back: deleting green",
  DONE: "done",
};

function phaseText(op: OperationView): string | undefined {
  if (!op.phase) return undefined;
  return BLUE_GREEN_PHASES[op.phase] ?? `phase ${op.phase.toLowerCase().replace(/_/g, " ")}`;
}

type Verb = "cancel" | "resume" | "rollback" | "complete";

const POOL_CONTROLS: Partial<Record<string, Verb[]>> = {
  RUNNING: ["cancel", "complete"],
  PAUSED: ["resume", "rollback", "complete"],
  FAILED: ["resume", "rollback"],
};

/** How each control looks and what its confirmation says (NUP-7, NUP-9). */
function controlOf(verb: Verb, op: OperationView, what: string) {
  switch (verb) {
    case "cancel":
      return {
        label: "Cancel",
        kind: "destructive" as const,
        confirm: {
          title: `Cancel the upgrade of ${what}?`,
          body: op.target.pool
            ? "The upgrade pauses where it is; node steps already sent still finish. You can resume it or roll it back afterwards."
            : "The upgrade stops after the step in progress; resume it later from where it stopped (a cluster upgrade only moves forward, LIFE-3).",
          confirm: "Cancel the upgrade",
        },
      };
    case "rollback":
      return {
        label: "Roll back",
        kind: "destructive" as const,
        confirm: {
          title: `Roll back ${what}?`,
          body: `The pool returns to its old nodes (${op.target.version} is abandoned): new nodes are drained and deleted.`,
          confirm: "Roll back",
        },
      };
    case "complete":
      return {
        label: "Complete now",
        kind: "secondary" as const,
        confirm: {
          title: `Complete ${what} now?`,
          body: "Skips the rest of the soak and deletes the old (blue) nodes now; after this there is no rollback.",
          confirm: "Complete now",
        },
      };
    case "resume":
      return { label: "Resume", kind: "primary" as const, confirm: undefined };
    default:
      return verb satisfies never;
  }
}

/** A node-pool (or cluster) operation: progress per zone, its events and its controls. */
export function OperationPage(props: { id: string; self: Self | undefined }) {
  const [watch, setWatch] = useState<ApiUrl[]>([]);
  const { data, error } = useLive(`op:${props.id}`, () => load(props.id), watch);
  const fleet = data?.cluster.fleet;
  useEffect(() => setWatch(fleet ? [apiPath("/v1/fleets/{fleet}/watch", { fleet })] : []), [fleet]);
  if (!data) return error ? <Failure error={error} /> : <Loading what="the operation" />;
  const { op, cluster, nodes } = data;
  const pool = op.target.pool;
  const may = mayWrite(props.self, cluster.fleet, cluster.scopes ?? []);
  const controls: Verb[] = pool
    ? (POOL_CONTROLS[op.state] ?? [])
    : op.state === "RUNNING"
      ? ["cancel"]
      : op.state === "FAILED"
        ? ["resume"]
        : [];
  const control = (verb: Verb) => () =>
    pool
      ? post(
          apiPath(`/v1/clusters/{cluster}/node-pools/{pool}/${verb}`, {
            cluster: cluster.name,
            pool,
          }),
        )
      : verb === "cancel" || verb === "resume"
        ? post(apiPath(`/v1/operations/{id}/${verb}`, { id: op.id }), {})
        : // A cluster upgrade offers only these two (controls above); the API has no other.
          Promise.reject(new Error(`a cluster upgrade cannot ${verb}`));
  const perZone = zones(nodes, op.target.version);
  const progress = measure(op, perZone);
  const what = pool ? `node pool ${pool} of ${cluster.name}` : `cluster ${cluster.name}`;
  const phase = phaseText(op);
  return (
    <>
      <header>
        <h1>
          {op.kind === "NODE_POOL_UPGRADE" ? `Node pool ${pool}` : `Cluster ${cluster.name}`}{" "}
          upgrade <State state={op.state} />
        </h1>
        <p class="muted">
          <a href={uri`#/clusters/${cluster.name}`}>{cluster.name}</a> · to {op.target.version}
          {op.target.nodeImage ? ` (${op.target.nodeImage})` : ""}
          {op.strategy ? ` · ${op.strategy}` : ""} · started {when(op.startedAt)}
        </p>
        {op.reason && (
          <p class="reason">
            <Explained text={op.reason} />
          </p>
        )}
        {op.error && (
          <p class="error" role="alert">
            <Explained text={op.error} />
          </p>
        )}
        <p class="progress" data-progress={`${progress.done}/${progress.total}`}>
          <progress
            max={progress.total}
            value={progress.done}
            aria-label={`${progress.unit}: ${progress.done} of ${progress.total}`}
          />{" "}
          <strong>
            {progress.done} of {progress.total}
          </strong>{" "}
          {progress.unit}
          {phase && <span class="muted"> · {phase}</span>}
        </p>
        <Failure error={error} />
        {may && controls.length > 0 && (
          <fieldset class="actions">
            <legend class="sr-only">Operation controls</legend>
            {controls.map((verb) => {
              const c = controlOf(verb, op, what);
              return (
                <Action
                  key={verb}
                  label={c.label}
                  kind={c.kind}
                  {...(c.confirm ? { confirm: c.confirm } : {})}
                  run={control(verb)}
                />
              );
            })}
          </fieldset>
        )}
      </header>
      {pool && (
        <Section title="Zones">
          <ul class="zones">
            {perZone.map((z) => (
              <ZoneRow key={z.zone} zone={z} op={op} />
            ))}
          </ul>
        </Section>
      )}
      <Section title="Events">
        <ol class="events">
          {[...op.events].reverse().map((event, i) => (
            <li key={`${event.at}-${i}`}>
              <time dateTime={event.at}>{when(event.at)}</time> <Explained text={event.message} />
            </li>
          ))}
        </ol>
      </Section>
    </>
  );
}

/** A zone in the same unit as the headline: nodes moved to green, or nodes on the target. */
function ZoneRow({ zone: z, op }: { zone: ZoneProgress; op: OperationView }) {
  const blueGreen = isBlueGreen(op);
  const { done, total } = zoneShare(z, op);
  const unit = blueGreen ? "moved to green" : `on ${op.target.version}`;
  return (
    <li class="zone" data-zone={z.zone}>
      <strong>{z.zone}</strong>
      <meter
        min={0}
        max={total}
        value={done}
        aria-label={`${z.zone}: ${done} of ${total} ${unit}`}
      />
      <span data-zone-progress>
        {done} of {count(total, "node")} {unit}
      </span>
      {blueGreen && (
        <span>
          <span class="swatch blue" aria-hidden="true" /> {count(z.blue, "blue node")}{" "}
          <span class="swatch green" aria-hidden="true" /> {count(z.green, "green node")}
        </span>
      )}
      {z.busy > 0 && <span class="muted">{count(z.busy, "node")} changing</span>}
    </li>
  );
}
