import { useEffect, useState } from "preact/hooks";
import { getAll, getJson, post, uri } from "../api.ts";
import { when } from "../clock.ts";
import { useLive } from "../live.ts";
import { mayWrite } from "../session.ts";
import type { ClusterView, NodeView, OperationView, Self } from "../types.ts";
import { WithOperationLinks } from "./links.tsx";
import { Action, Failure, Loading, Section, State } from "./ui.tsx";

interface Loaded {
  op: OperationView;
  cluster: ClusterView;
  nodes: NodeView[];
}

async function load(id: string): Promise<Loaded> {
  const op = await getJson<OperationView>(uri`/v1/operations/${id}`);
  const [cluster, nodes] = await Promise.all([
    getJson<ClusterView>(uri`/v1/clusters/${op.target.cluster}`),
    op.target.pool
      ? getAll<NodeView>(uri`/v1/clusters/${op.target.cluster}/nodes`)
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
      busy: 0,
    };
    z.total++;
    if (node.version === target) z.onTarget++;
    if (node.color === "BLUE") z.blue++;
    if (node.color === "GREEN") z.green++;
    if (node.state !== "READY") z.busy++;
    byZone.set(node.zone, z);
  }
  return [...byZone.values()].sort((a, b) => (a.zone < b.zone ? -1 : 1));
}

const POOL_CONTROLS = {
  RUNNING: ["cancel", "complete"],
  PAUSED: ["resume", "rollback", "complete"],
  FAILED: ["resume", "rollback"],
} as Record<string, string[] | undefined>;

/** A node-pool (or cluster) operation: progress per zone, its events and its controls. */
export function OperationPage(props: { id: string; self: Self | undefined }) {
  const [watch, setWatch] = useState<string[]>([]);
  const { data, error } = useLive(`op:${props.id}`, () => load(props.id), watch);
  const fleet = data?.cluster.fleet;
  useEffect(() => setWatch(fleet ? [uri`/v1/fleets/${fleet}/watch`] : []), [fleet]);
  if (!data) return error ? <Failure error={error} /> : <Loading what="the operation" />;
  const { op, cluster, nodes } = data;
  const pool = op.target.pool;
  const may = mayWrite(props.self, cluster.fleet, cluster.scopes ?? []);
  const controls = pool
    ? (POOL_CONTROLS[op.state] ?? [])
    : op.state === "RUNNING"
      ? ["cancel"]
      : op.state === "FAILED"
        ? ["resume"]
        : [];
  const control = (verb: string) => () =>
    post(
      pool
        ? uri`/v1/clusters/${cluster.name}/node-pools/${pool}/${verb}`
        : uri`/v1/operations/${op.id}/${verb}`,
      pool ? undefined : {},
    );
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
          {op.strategy ? ` · ${op.strategy}` : ""}
          {op.phase ? ` · phase ${op.phase}` : ""} · started {when(op.startedAt)}
        </p>
        {op.reason && <p class="reason">{op.reason}</p>}
        {op.error && (
          <p class="error" role="alert">
            {op.error}
          </p>
        )}
        <p>
          <progress max={op.progress.total} value={op.progress.done} aria-label="progress" />{" "}
          {op.progress.done} of {op.progress.total}
        </p>
        <Failure error={error} />
        {may && controls.length > 0 && (
          <fieldset class="actions">
            <legend class="sr-only">Operation controls</legend>
            {controls.map((verb) => (
              <Action
                key={verb}
                label={verb[0]!.toUpperCase() + verb.slice(1)}
                danger={verb === "cancel" || verb === "rollback"}
                confirm={verb === "rollback" ? "Roll the pool back to its old nodes?" : undefined}
                run={control(verb)}
              />
            ))}
          </fieldset>
        )}
      </header>
      {pool && (
        <Section title="Zones">
          <ul class="zones">
            {zones(nodes, op.target.version).map((z) => (
              <li key={z.zone} class="zone">
                <strong>{z.zone}</strong>
                <meter
                  min={0}
                  max={z.total}
                  value={z.onTarget}
                  aria-label={`${z.zone} on target`}
                />
                <span>
                  {z.onTarget}/{z.total} on {op.target.version}
                </span>
                {(z.blue > 0 || z.green > 0) && (
                  <span>
                    <span class="swatch blue" aria-hidden="true" /> blue {z.blue}{" "}
                    <span class="swatch green" aria-hidden="true" /> green {z.green}
                  </span>
                )}
                {z.busy > 0 && <span class="muted">{z.busy} changing</span>}
              </li>
            ))}
          </ul>
        </Section>
      )}
      <Section title="Events">
        <ol class="events">
          {[...op.events].reverse().map((event, i) => (
            <li key={`${event.at}-${i}`}>
              <time>{when(event.at)}</time> <WithOperationLinks text={event.message} />
            </li>
          ))}
        </ol>
      </Section>
    </>
  );
}
