import { type ApiUrl, apiPath } from "@regatta/client";
import { useEffect, useState } from "preact/hooks";
import { getAll, getJson, uri } from "../api.ts";
import { count } from "../format.ts";
import { useLive } from "../live.ts";
import { mayWrite } from "../session.ts";
import type { ClusterView, NodePoolView, NodeView, Self } from "../types.ts";
import { AutoscalerSection } from "./autoscaler.tsx";
import { ClusterOperations } from "./cluster-operations.tsx";
import { MaintenanceSection } from "./maintenance.tsx";
import { Explained, Failure, Loading, Section, State } from "./ui.tsx";
import { UpgradeDialog } from "./upgrade-dialog.tsx";

interface Loaded {
  cluster: ClusterView;
  pools: NodePoolView[];
  nodes: NodeView[];
}

async function load(name: string): Promise<Loaded> {
  const ids = { cluster: name };
  const [cluster, pools, nodes] = await Promise.all([
    getJson<ClusterView>(apiPath("/v1/clusters/{cluster}", ids)),
    getAll<NodePoolView>(apiPath("/v1/clusters/{cluster}/node-pools", ids)),
    // The pools' live nodes (an autoscaled pool's size is not its configured count).
    getAll<NodeView>(apiPath("/v1/clusters/{cluster}/nodes", ids), 5000),
  ]);
  return { cluster, pools, nodes };
}

/** A cluster: its node pools (and their upgrades), operations, maintenance and autoscaler. */
export function ClusterPage(props: { name: string; self: Self | undefined }) {
  const [watch, setWatch] = useState<ApiUrl[]>([]);
  const { data, error } = useLive(`cluster:${props.name}`, () => load(props.name), watch);
  const fleet = data?.cluster.fleet;
  useEffect(() => setWatch(fleet ? [apiPath("/v1/fleets/{fleet}/watch", { fleet })] : []), [fleet]);
  if (!data) return error ? <Failure error={error} /> : <Loading what={`cluster ${props.name}`} />;
  const { cluster, pools, nodes } = data;
  const may = mayWrite(props.self, cluster.fleet, cluster.scopes ?? []);
  const poolOps = new Map(
    (cluster.status.components.components ?? []).flatMap((c) =>
      c.poolOperation ? [[c.id, c.poolOperation] as const] : [],
    ),
  );
  return (
    <>
      <header>
        <h1>
          Cluster {cluster.name} <State state={cluster.status.phase} />
        </h1>
        <p class="muted">
          Fleet <a href={uri`#/fleets/${cluster.fleet}`}>{cluster.fleet}</a> · {cluster.region} ·{" "}
          {cluster.releaseChannel} · version {cluster.status.version}
          {cluster.status.specVersion !== cluster.status.version
            ? ` → ${cluster.status.specVersion}`
            : ""}
        </p>
        {cluster.status.reason && (
          <p class="reason">
            <Explained text={cluster.status.reason} />
          </p>
        )}
        <Failure error={error} />
      </header>
      <Section title="Node pools">
        <div class="scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">Pool</th>
                <th scope="col">Version</th>
                <th scope="col">Nodes per zone (live)</th>
                <th scope="col">Autoscaling</th>
                <th scope="col">Strategy</th>
                <th scope="col">Upgrade</th>
              </tr>
            </thead>
            <tbody>
              {pools.map((p) => (
                <PoolRow
                  key={p.name}
                  cluster={cluster}
                  pool={p}
                  nodes={nodes.filter((n) => n.pool === p.name)}
                  operation={[...poolOps.entries()].find(([id]) => id.endsWith(p.name))?.[1]}
                  may={may}
                />
              ))}
            </tbody>
          </table>
        </div>
      </Section>
      <ClusterOperations cluster={cluster.name} fleet={cluster.fleet} />
      <MaintenanceSection cluster={cluster} />
      <AutoscalerSection
        cluster={cluster.name}
        fleet={cluster.fleet}
        pools={pools.map((p) => p.name)}
      />
    </>
  );
}

/** "2–5 per zone", "0–12 in total", or "off": the autoscaler's bounds for the pool (CA-1). */
function bounds(pool: NodePoolView): string {
  const a = pool.autoscaling;
  if (!a?.enabled) return "off";
  if (a.totalMinNodes !== undefined || a.totalMaxNodes !== undefined) {
    return `${a.totalMinNodes ?? 0}–${a.totalMaxNodes ?? "∞"} in total`;
  }
  return `${a.minNodes ?? 0}–${a.maxNodes ?? "∞"} per zone`;
}

/** A pool as it is now: its live nodes in each of its zones (0 shown as 0), bounds, upgrade. */
function PoolRow(props: {
  cluster: ClusterView;
  pool: NodePoolView;
  nodes: NodeView[];
  operation: string | undefined;
  may: boolean;
}) {
  const { cluster, pool, nodes } = props;
  const [asking, setAsking] = useState(false);
  const perZone = pool.zones.map((zone) => ({
    zone,
    nodes: nodes.filter((n) => n.zone === zone && n.state !== "DELETING").length,
  }));
  const live = perZone.reduce((total, z) => total + z.nodes, 0);
  return (
    <tr data-pool={pool.name}>
      <th scope="row">{pool.name}</th>
      <td>
        {pool.version}
        <span class="muted"> · {pool.nodeImage}</span>
      </td>
      <td data-live-nodes={live}>
        <ul class="per-zone">
          {perZone.map((z) => (
            <li key={z.zone} data-zone={z.zone}>
              {z.zone}: <strong>{z.nodes}</strong>
            </li>
          ))}
        </ul>
        <span class="muted">{count(live, "node")} in all</span>
      </td>
      <td data-bounds>{bounds(pool)}</td>
      <td>{pool.upgradeStrategy?.type ?? "SURGE"}</td>
      <td>
        {props.operation && <a href={uri`#/operations/${props.operation}`}>operation</a>}{" "}
        {props.may && (
          <button
            type="button"
            class="secondary"
            aria-label={`Upgrade node pool ${pool.name}…`}
            onClick={() => setAsking(true)}
          >
            Upgrade…
          </button>
        )}
        {asking && (
          <UpgradeDialog
            cluster={cluster}
            pool={pool}
            nodes={live}
            onClose={() => setAsking(false)}
            onStarted={(id) => {
              setAsking(false);
              location.hash = uri`#/operations/${id}`;
            }}
          />
        )}
      </td>
    </tr>
  );
}
