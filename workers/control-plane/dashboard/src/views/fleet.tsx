import { type ApiUrl, apiPath } from "@regatta/client";
import { getAll, getJson, uri } from "../api.ts";
import { duration, when } from "../clock.ts";
import { useLive } from "../live.ts";
import { chainOf, fleetOf } from "../sequence.ts";
import type { ClusterView, FleetView, ProfileView, RolloutView, RunSummary } from "../types.ts";
import { NextOpening, windowText } from "./maintenance.tsx";
import { GroupStep } from "./overview.tsx";
import { Pager, usePaged } from "./pager.tsx";
import { sequenceOfFleet } from "./rollout-sequence.tsx";
import { Failure, Loading, Section, State } from "./ui.tsx";

interface Loaded {
  fleet: FleetView;
  clusters: ClusterView[];
  chain: RolloutView[] | undefined;
  rollout: RolloutView | undefined;
  /** The custom-stage sequence the fleet is in instead (SEQ-17: one kind at a time). */
  staged: { name: string; stages: number[] } | undefined;
  profiles: ProfileView[];
}

async function load(name: string): Promise<Loaded> {
  const ids = { fleet: name };
  const [fleet, clusters, rollout, profiles] = await Promise.all([
    getJson<FleetView>(apiPath("/v1/fleets/{fleet}", ids)),
    getAll<ClusterView>(apiPath("/v1/clusters", {}, { fleet: name })),
    // A fleet in no sequence answers 404 here.
    getJson<RolloutView>(apiPath("/v1/fleets/{fleet}/rollout", ids)).catch(() => undefined),
    getAll<ProfileView>(apiPath("/v1/fleets/{fleet}/auto-upgrade-profiles", ids), 100).catch(
      () => [],
    ),
  ]);
  const [chain, staged] = rollout
    ? [await chainOf(rollout), undefined]
    : [undefined, await sequenceOfFleet(name).catch(() => undefined)];
  return { fleet, clusters, chain, rollout, staged, profiles };
}

/** A fleet: its place in its rollout sequence, its clusters and their windows, its runs. */
export function FleetPage(props: { name: string }) {
  const watch = [apiPath("/v1/fleets/{fleet}/watch", { fleet: props.name })];
  const { data, error } = useLive(`fleet:${props.name}`, () => load(props.name), watch);
  if (!data) return error ? <Failure error={error} /> : <Loading what={`fleet ${props.name}`} />;
  const { fleet, clusters, chain, rollout, staged, profiles } = data;
  return (
    <>
      <header>
        <h1>Fleet {fleet.name}</h1>
        <p class="muted">
          {clusters.length} {clusters.length === 1 ? "cluster" : "clusters"}
          {fleet.createdAt ? ` · created ${when(fleet.createdAt)}` : ""}
        </p>
        <Failure error={error} />
      </header>
      <Section title="Rollout sequence">
        {staged ? (
          <p>
            In rollout sequence <a href={uri`#/rollout-sequences/${staged.name}`}>{staged.name}</a>,{" "}
            {staged.stages.length === 1 ? "stage" : "stages"} {staged.stages.join(", ")}: its
            clusters upgrade stage by stage, each in the first stage that selects it (SEQ-16,
            SEQ-19).
          </p>
        ) : !rollout || !chain ? (
          <p class="muted">
            This fleet is in no rollout sequence: its clusters upgrade only by update runs or by
            hand.
          </p>
        ) : (
          <>
            <p>
              {rollout.upstream ? (
                <>
                  Upstream:{" "}
                  <a href={uri`#/fleets/${fleetOf(rollout.upstream)}`}>{rollout.upstream}</a>{" "}
                  (qualifies versions first).{" "}
                </>
              ) : (
                "First in its sequence: versions start here. "
              )}
              {rollout.downstream ? (
                <>
                  Downstream:{" "}
                  <a href={uri`#/fleets/${fleetOf(rollout.downstream)}`}>{rollout.downstream}</a>.
                </>
              ) : (
                "Last in its sequence."
              )}
              {rollout.config &&
                ` Soak: ${duration(rollout.config.defaultSoakSeconds * 1000)} after each upgrade.`}
            </p>
            <ol class="chain" aria-label={`sequence from ${chain[0]!.group}`}>
              {chain.map((group) => (
                <GroupStep
                  key={group.group}
                  group={group}
                  current={group.group === rollout.group}
                />
              ))}
            </ol>
          </>
        )}
      </Section>
      <Section title="Clusters">
        <div class="scroll">
          <table>
            <caption class="sr-only">Clusters of fleet {fleet.name}</caption>
            <thead>
              <tr>
                <th scope="col">Cluster</th>
                <th scope="col">Version</th>
                <th scope="col">Phase</th>
                <th scope="col">Maintenance windows</th>
                <th scope="col">Next opening</th>
              </tr>
            </thead>
            <tbody>
              {clusters.map((c) => (
                <tr key={c.name}>
                  <th scope="row">
                    <a href={uri`#/clusters/${c.name}`}>{c.name}</a>
                  </th>
                  <td>{c.status.version}</td>
                  <td>
                    <State state={c.status.phase} />
                  </td>
                  <td>
                    {(c.maintenance?.windows ?? []).map(windowText).join("; ") || "none"}
                    {(c.maintenance?.exclusions.length ?? 0) > 0 && (
                      <span class="muted">
                        {" "}
                        · {c.maintenance!.exclusions.length}{" "}
                        {c.maintenance!.exclusions.length === 1 ? "exclusion" : "exclusions"}
                      </span>
                    )}
                  </td>
                  <td>
                    <NextOpening cluster={c} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
      <Runs fleet={fleet.name} watch={watch} />
      {profiles.length > 0 && (
        <Section title="Auto-upgrade profiles">
          <ul>
            {profiles.map((p) => (
              <li key={p.name}>
                <strong>{p.name}</strong>: channel {p.channel}, strategy {p.strategy}
                {p.disabled ? " (disabled)" : ""}
                {p.status.lastRun && (
                  <>
                    ; last run{" "}
                    <a href={uri`#/fleets/${fleet.name}/runs/${p.status.lastRun}`}>
                      {p.status.lastRun}
                    </a>
                  </>
                )}
                {p.status.reason && <span class="reason">{p.status.reason}</span>}
              </li>
            ))}
          </ul>
        </Section>
      )}
    </>
  );
}

/** Every update run of the fleet, running and finished, newest first, a page at a time. */
function Runs(props: { fleet: string; watch: ApiUrl[] }) {
  const paging = usePaged<RunSummary>(
    apiPath("/v1/fleets/{fleet}/update-runs", { fleet: props.fleet }),
    10,
    props.watch,
  );
  const items = paging.page.data?.items;
  return (
    <Section title="Update runs">
      <Failure error={paging.page.error} />
      {items === undefined ? (
        <Loading what="update runs" />
      ) : items.length === 0 ? (
        <p class="muted">No update runs yet.</p>
      ) : (
        <table class="runs-history">
          <caption class="sr-only">Update runs of fleet {props.fleet}, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Run</th>
              <th scope="col">State</th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          <tbody>
            {items.map((run) => (
              <tr key={run.name}>
                <th scope="row">
                  <a href={uri`#/fleets/${props.fleet}/runs/${run.name}`}>{run.name}</a>
                </th>
                <td>
                  <State state={run.state} />
                  {run.message && <span class="reason">{run.message}</span>}
                </td>
                <td>{when(run.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager paging={paging} what="update runs" />
    </Section>
  );
}
