import { type ApiUrl, apiPath } from "@regatta/client";
import { useEffect, useState } from "preact/hooks";
import { getAll, getJson, uri } from "../api.ts";
import { duration, now, useTick, when } from "../clock.ts";
import { useLive } from "../live.ts";
import { fleetsOf } from "../rollout-sequence.ts";
import { sequenceOrder } from "../sequence.ts";
import type { ClusterView, FleetView, RolloutView, RunSummary, SequenceView } from "../types.ts";
import { SequencesOverview } from "./rollout-sequence.tsx";
import { Failure, Loading, Section, State } from "./ui.tsx";

interface FleetSummary {
  fleet: FleetView;
  clusters: ClusterView[];
  rollout: RolloutView | undefined;
  runs: RunSummary[];
}

/** Fleets in rollout order (upstream first), then those in no sequence. */
async function loadFleets(): Promise<FleetSummary[]> {
  // One read of every cluster beside the fleets, not one per fleet after them: the
  // cold first paint waits for the slowest of these reads, not for a chain of them.
  const [fleets, all, sequences] = await Promise.all([
    getAll<FleetView>(apiPath("/v1/fleets", {})),
    getAll<ClusterView>(apiPath("/v1/clusters", {})),
    // Sequences with custom stages: their fleets follow the chains, in stage order.
    getAll<SequenceView>(apiPath("/v1/rollout-sequences", {}), 200).catch(() => []),
  ]);
  const summaries = await Promise.all(
    fleets.map(async (fleet) => {
      const ids = { fleet: fleet.name };
      const [rollout, runs] = await Promise.all([
        getJson<RolloutView>(apiPath("/v1/fleets/{fleet}/rollout", ids)).catch(() => undefined),
        getAll<RunSummary>(apiPath("/v1/fleets/{fleet}/update-runs", ids), 20).catch(() => []),
      ]);
      return { fleet, clusters: all.filter((c) => c.fleet === fleet.name), rollout, runs };
    }),
  );
  const byName = new Map(summaries.map((s) => [s.fleet.name, s]));
  const order = sequenceOrder(
    new Map(summaries.map((s) => [s.fleet.name, s.rollout])),
    sequences.map(fleetsOf),
  );
  return order.map((name) => byName.get(name)!);
}

/** Fleets, their clusters, their place in a rollout sequence and their update runs. */
export function Overview() {
  const [watchPaths, setWatchPaths] = useState<ApiUrl[]>([]);
  const { data, error } = useLive("fleets", loadFleets, watchPaths);
  const names = data?.map((f) => f.fleet.name).join(",") ?? "";
  // Each fleet's object tells of its rollout and of its clusters' upgrades.
  useEffect(() => {
    setWatchPaths(
      names ? names.split(",").map((fleet) => apiPath("/v1/fleets/{fleet}/watch", { fleet })) : [],
    );
  }, [names]);
  useEffect(() => {
    // The benchmark's mark: the first paint with the fleets (scripts/bench).
    if (data) requestAnimationFrame(() => performance.mark("regatta:overview-painted"));
  }, [data !== undefined]);
  if (!data) return error ? <Failure error={error} /> : <Loading what="fleets" />;
  if (data.length === 0)
    return <p>No fleets yet: create one with PUT /v1/fleets/&#123;fleet&#125;.</p>;
  return (
    <>
      <h1>Fleets</h1>
      <Failure error={error} />
      <SequencesOverview watch={watchPaths} />
      <Sequences fleets={data} />
      {data.map((summary) => (
        <FleetCard key={summary.fleet.name} summary={summary} />
      ))}
    </>
  );
}

/**
 * Each fleet chain (SEQ-1: a fleet's `…/rollout` naming its upstream) as its chain of
 * groups, upstream first; sequences with custom stages are `SequencesOverview`'s.
 */
function Sequences({ fleets }: { fleets: FleetSummary[] }) {
  useTick();
  const byGroup = new Map(
    fleets.flatMap((f) => (f.rollout ? [[f.rollout.group, f.rollout] as const] : [])),
  );
  const heads = [...byGroup.values()].filter((r) => !r.upstream || !byGroup.has(r.upstream));
  const chains = heads
    .map((head) => {
      const chain: RolloutView[] = [head];
      for (let next = head.downstream; next && byGroup.has(next) && chain.length < 10; ) {
        const group = byGroup.get(next)!;
        chain.push(group);
        next = group.downstream;
      }
      return chain;
    })
    .filter((chain) => chain.length > 1 || chain[0]!.upgrades.length > 0);
  if (chains.length === 0) return null;
  return (
    <Section title="Fleet chains">
      {chains.map((chain) => (
        <ol class="chain" key={chain[0]!.group} aria-label={`sequence from ${chain[0]!.group}`}>
          {chain.map((group) => (
            <GroupStep key={group.group} group={group} />
          ))}
        </ol>
      ))}
    </Section>
  );
}

/** One group of a sequence; `current` marks the group of the page it is shown on. */
export function GroupStep({ group, current }: { group: RolloutView; current?: boolean }) {
  const qualified = group.upgrades.filter((u) => u.state === "COMPLETE").at(-1);
  return (
    <li class={current ? "group-step current" : "group-step"}>
      <a
        href={uri`#/fleets/${group.group.split("/")[0] ?? ""}`}
        class="group-name"
        aria-current={current ? "page" : undefined}
      >
        {group.group}
      </a>
      {group.upgrades.length === 0 && <span class="muted">no upgrade yet</span>}
      {group.upgrades.map((upgrade) => {
        const soakEnds = upgrade.soakEndsAt ? Date.parse(upgrade.soakEndsAt) : undefined;
        return (
          <span key={`${upgrade.type}-${upgrade.version}`} class="upgrade">
            <State state={upgrade.state} /> {upgrade.type === "NODE" ? "nodes" : "control plane"}{" "}
            {upgrade.version}
            {soakEnds !== undefined && soakEnds > now() && (
              <span class="soak"> · soak ends in {duration(soakEnds - now())}</span>
            )}
            {upgrade.reason && <span class="reason">{upgrade.reason}</span>}
          </span>
        );
      })}
      <span class="qualified">qualified: {qualified ? qualified.version : "—"}</span>
    </li>
  );
}

function FleetCard({ summary }: { summary: FleetSummary }) {
  const { fleet, clusters, rollout, runs } = summary;
  return (
    <Section title={`Fleet ${fleet.name}`} id={`fleet-${fleet.name}`}>
      <p>
        <a href={uri`#/fleets/${fleet.name}`}>Open fleet {fleet.name}</a>
        <span class="muted"> — its sequence, maintenance windows and every update run</span>
      </p>
      {rollout && (
        <p class="muted">
          Sequence: {rollout.upstream ? `${rollout.upstream} → ` : ""}
          <strong>{rollout.group}</strong>
          {rollout.downstream ? ` → ${rollout.downstream}` : ""}
          {rollout.config ? `; soak ${duration(rollout.config.defaultSoakSeconds * 1000)}` : ""}
        </p>
      )}
      <div class="scroll">
        <table>
          <caption class="sr-only">Clusters of fleet {fleet.name}</caption>
          <thead>
            <tr>
              <th scope="col">Cluster</th>
              <th scope="col">Version</th>
              <th scope="col">Channel</th>
              <th scope="col">Phase</th>
              <th scope="col">Group</th>
            </tr>
          </thead>
          <tbody>
            {clusters.map((c) => (
              <tr key={c.name}>
                <th scope="row">
                  <a href={uri`#/clusters/${c.name}`}>{c.name}</a>
                </th>
                <td>
                  {c.status.version}
                  {c.status.specVersion !== c.status.version && (
                    <span class="muted"> → {c.status.specVersion}</span>
                  )}
                </td>
                <td>{c.releaseChannel}</td>
                <td>
                  <State state={c.status.phase} />
                  {c.status.reason && <span class="reason">{c.status.reason}</span>}
                </td>
                <td>{c.updateGroup ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {runs.length > 0 && (
        <>
          <h3>Update runs</h3>
          <ul class="runs">
            {runs.map((run) => (
              <li key={run.name}>
                <a href={uri`#/fleets/${fleet.name}/runs/${run.name}`}>{run.name}</a>{" "}
                <State state={run.state} /> <span class="muted">created {when(run.createdAt)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Section>
  );
}
