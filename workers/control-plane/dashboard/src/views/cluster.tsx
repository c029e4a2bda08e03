import { useEffect, useState } from "preact/hooks";
import { getAll, getJson, post, uri } from "../api.ts";
import { when } from "../clock.ts";
import { useLive } from "../live.ts";
import { mayWrite } from "../session.ts";
import type { ClusterView, DecisionView, NodePoolView, Page, Self } from "../types.ts";
import { Action, Failure, Loading, Section, State } from "./ui.tsx";

interface Loaded {
  cluster: ClusterView;
  pools: NodePoolView[];
  decisions: DecisionView[];
}

async function load(name: string): Promise<Loaded> {
  const path = uri`/v1/clusters/${name}`;
  const [cluster, pools, decisions] = await Promise.all([
    getJson<ClusterView>(path),
    getAll<NodePoolView>(`${path}/node-pools`),
    getJson<Page<DecisionView>>(`${path}/autoscaler/decisions?limit=50`).then((p) => p.items),
  ]);
  return { cluster, pools, decisions };
}

/** A cluster: its node pools (and their upgrades) and its autoscaler's decisions. */
export function ClusterPage(props: { name: string; self: Self | undefined }) {
  const [watch, setWatch] = useState<string[]>([]);
  const { data, error } = useLive(`cluster:${props.name}`, () => load(props.name), watch);
  const fleet = data?.cluster.fleet;
  useEffect(() => setWatch(fleet ? [uri`/v1/fleets/${fleet}/watch`] : []), [fleet]);
  if (!data) return error ? <Failure error={error} /> : <Loading what={`cluster ${props.name}`} />;
  const { cluster, pools, decisions } = data;
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
          Fleet <a href="#/">{cluster.fleet}</a> · {cluster.region} · {cluster.releaseChannel} ·
          version {cluster.status.version}
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
      <Section title="Autoscaler decisions">
        {decisions.length === 0 ? (
          <p class="muted">No decisions recorded.</p>
        ) : (
          <div class="scroll">
            <table class="decisions">
              <thead>
                <tr>
                  <th scope="col">At</th>
                  <th scope="col">Pool</th>
                  <th scope="col">Action</th>
                  <th scope="col">Δ</th>
                  <th scope="col">Reason</th>
                  <th scope="col">Rule</th>
                </tr>
              </thead>
              <tbody>
                {decisions.map((d) => (
                  <tr key={d.id}>
                    <td>{when(d.at)}</td>
                    <td>{d.pool ?? "—"}</td>
                    <td>
                      <State state={d.action} />
                    </td>
                    <td>{d.delta > 0 ? `+${d.delta}` : d.delta}</td>
                    <td>{d.reason}</td>
                    <td>{d.blockedBy ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>
    </>
  );
}
