import { useEffect, useState } from "preact/hooks";
import { getAll, getJson, post, uri } from "../api.ts";
import { useLive } from "../live.ts";
import { mayWrite } from "../session.ts";
import type { ClusterView, NodePoolView, Self } from "../types.ts";
import { AutoscalerSection } from "./autoscaler.tsx";
import { ClusterOperations } from "./cluster-operations.tsx";
import { MaintenanceSection } from "./maintenance.tsx";
import { Action, Failure, Loading, Section, State } from "./ui.tsx";

interface Loaded {
  cluster: ClusterView;
  pools: NodePoolView[];
}

async function load(name: string): Promise<Loaded> {
  const path = uri`/v1/clusters/${name}`;
  const [cluster, pools] = await Promise.all([
    getJson<ClusterView>(path),
    getAll<NodePoolView>(`${path}/node-pools`),
  ]);
  return { cluster, pools };
}

/** A cluster: its node pools (and their upgrades), operations, maintenance and autoscaler. */
export function ClusterPage(props: { name: string; self: Self | undefined }) {
  const [watch, setWatch] = useState<string[]>([]);
  const { data, error } = useLive(`cluster:${props.name}`, () => load(props.name), watch);
  const fleet = data?.cluster.fleet;
  useEffect(() => setWatch(fleet ? [uri`/v1/fleets/${fleet}/watch`] : []), [fleet]);
  if (!data) return error ? <Failure error={error} /> : <Loading what={`cluster ${props.name}`} />;
  const { cluster, pools } = data;
  const may = mayWrite(props.self, cluster.fleet, cluster.scopes ?? []);
  const poolOps = new Map(
    (cluster.status.components.components ?? []).flatMap((c) =>
      c.poolOperation ? [[c.id, c.poolOperation] as const] : [],
    ),
  );
  const upgrade = (pool: string) => async () => {
    const op = await post<{ id: string }>(
      uri`/v1/clusters/${cluster.name}/node-pools/${pool}/upgrade`,
      {},
    );
    location.hash = uri`#/operations/${op.id}`;
  };
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
        {cluster.status.reason && <p class="reason">{cluster.status.reason}</p>}
        <Failure error={error} />
      </header>
      <Section title="Node pools">
        <div class="scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">Pool</th>
                <th scope="col">Version</th>
                <th scope="col">Zones × nodes</th>
                <th scope="col">Strategy</th>
                <th scope="col">Upgrade</th>
              </tr>
            </thead>
            <tbody>
              {pools.map((p) => {
                const op = [...poolOps.entries()].find(([id]) => id.endsWith(p.name))?.[1];
                return (
                  <tr key={p.name}>
                    <th scope="row">{p.name}</th>
                    <td>{p.version}</td>
                    <td>
                      {p.zones.length} × {p.nodeCount}
                    </td>
                    <td>{p.upgradeStrategy?.type ?? "SURGE"}</td>
                    <td>
                      {op && <a href={uri`#/operations/${op}`}>operation</a>}{" "}
                      {may && (
                        <Action
                          label="Upgrade"
                          run={upgrade(p.name)}
                          describe={`upgrade node pool ${p.name}`}
                        />
                      )}
                    </td>
                  </tr>
                );
              })}
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
