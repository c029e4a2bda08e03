import { type ApiUrl, apiPath } from "@regatta/client";
import { useState } from "preact/hooks";
import { getAll } from "../api.ts";
import { now, when } from "../clock.ts";
import { useLive } from "../live.ts";
import { poolSizes, type SizePoint } from "../pool-size.ts";
import type { DecisionView, NodeView } from "../types.ts";
import { Pager, usePaged } from "./pager.tsx";
import { Failure, Loading, Section, State } from "./ui.tsx";

const ACTIONS = [
  ["SCALE_UP", "Scale up"],
  ["SCALE_DOWN", "Scale down"],
  ["BACKOFF", "Backoff"],
  ["NOOP", "No change"],
] as const;
type Action = (typeof ACTIONS)[number][0];

/** Most of a quiet cluster's log is no-ops: they are shown only when asked for. */
const DEFAULT_ACTIONS: readonly Action[] = ["SCALE_UP", "SCALE_DOWN", "BACKOFF"];
const PAGE = 25;

/**
 * A cluster's autoscaler (CA-17): its pools' sizes over time as a chart with the scale-ups
 * and scale-downs marked, and its decisions, filtered by pool and action, a page at a time.
 */
export function AutoscalerSection(props: { cluster: string; fleet: string; pools: string[] }) {
  const watch = [apiPath("/v1/fleets/{fleet}/watch", { fleet: props.fleet })];
  return (
    <Section title="Autoscaler">
      <PoolSizeChart {...props} watch={watch} />
      <Decisions {...props} watch={watch} />
    </Section>
  );
}

interface Sizes {
  live: Map<string, number>;
  scaling: DecisionView[];
  at: number;
}

async function loadSizes(cluster: string): Promise<Sizes> {
  const ids = { cluster };
  const [nodes, scaling] = await Promise.all([
    getAll<NodeView>(apiPath("/v1/clusters/{cluster}/nodes", ids), 5000),
    getAll<DecisionView>(
      apiPath("/v1/clusters/{cluster}/autoscaler/decisions", ids, {
        action: "SCALE_UP,SCALE_DOWN",
      }),
      1000,
    ),
  ]);
  const live = new Map<string, number>();
  for (const node of nodes) live.set(node.pool, (live.get(node.pool) ?? 0) + 1);
  return { live, scaling, at: now() };
}

// Colour and dash apart, so pools differ without colour too; each meets 3:1 on white.
const LINES = [
  { colour: "#1a56b8", dash: "" },
  { colour: "#8a5300", dash: "6 3" },
  { colour: "#6b2c91", dash: "2 3" },
  { colour: "#17683a", dash: "8 3 2 3" },
  { colour: "#b3261e", dash: "1 3" },
  { colour: "#4d5566", dash: "12 4" },
];
const W = 720;
const H = 220;
const PAD = { left: 40, right: 16, top: 12, bottom: 28 };

function PoolSizeChart(props: { cluster: string; pools: string[]; watch: ApiUrl[] }) {
  const { data, error } = useLive(
    `sizes:${props.cluster}`,
    () => loadSizes(props.cluster),
    props.watch,
  );
  if (!data) return error ? <Failure error={error} /> : <Loading what="pool sizes" />;
  const series = poolSizes(props.pools, data.live, data.scaling, data.at);
  const all = [...series.values()].flat();
  const start = Math.min(data.at - 3_600_000, ...all.map((p) => p.at));
  const end = data.at;
  const top = Math.max(1, ...all.map((p) => p.size));
  const x = (at: number) =>
    PAD.left + ((Math.max(at, start) - start) / (end - start)) * (W - PAD.left - PAD.right);
  const y = (size: number) => H - PAD.bottom - (size / top) * (H - PAD.top - PAD.bottom);
  const ups = data.scaling.filter((d) => d.action === "SCALE_UP").length;
  const downs = data.scaling.filter((d) => d.action === "SCALE_DOWN").length;
  const ticks = [...new Set([0, Math.round(top / 2), top])];
  const summary = [...series.entries()]
    .map(([pool, points]) => `${pool} ${points.map((p) => p.size).join(" → ")}`)
    .join("; ");
  return (
    <figure class="chart">
      <h3 id="pool-size-title">Pool size over time</h3>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby="pool-size-svg pool-size-desc"
        data-scale-ups={ups}
        data-scale-downs={downs}
      >
        <title id="pool-size-svg">Nodes per pool over time</title>
        <desc id="pool-size-desc">
          {`Nodes per pool from ${when(new Date(start).toISOString())} to now: ${summary}. ${ups} scale-ups, ${downs} scale-downs. The same numbers are in the table below.`}
        </desc>
        {ticks.map((t) => (
          <g key={t} class="tick">
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} />
            <text x={PAD.left - 6} y={y(t) + 4} text-anchor="end">
              {t}
            </text>
          </g>
        ))}
        <text x={PAD.left} y={H - 8} class="axis">
          {when(new Date(start).toISOString())}
        </text>
        <text x={W - PAD.right} y={H - 8} class="axis" text-anchor="end">
          now
        </text>
        {[...series.entries()].map(([pool, points], i) => (
          <PoolLine key={pool} points={points} line={LINES[i % LINES.length]!} x={x} y={y} />
        ))}
      </svg>
      <figcaption>
        <ul class="legend">
          {[...series.keys()].map((pool, i) => (
            <li key={pool}>
              <svg viewBox="0 0 24 8" aria-hidden="true">
                <line
                  x1={0}
                  x2={24}
                  y1={4}
                  y2={4}
                  stroke={LINES[i % LINES.length]!.colour}
                  stroke-dasharray={LINES[i % LINES.length]!.dash}
                  stroke-width={2}
                />
              </svg>
              {pool} ({data.live.get(pool) ?? 0}{" "}
              {(data.live.get(pool) ?? 0) === 1 ? "node" : "nodes"} now)
            </li>
          ))}
          <li>
            <span class="mark up" aria-hidden="true">
              ▲
            </span>{" "}
            scale-up
          </li>
          <li>
            <span class="mark down" aria-hidden="true">
              ▼
            </span>{" "}
            scale-down
          </li>
        </ul>
        <p class="muted">
          Derived from the decision log: counted back from each pool's nodes now through every
          scale-up and scale-down the log keeps (the last 1,000 decisions), as decided — a node the
          provider refused shows as a later backoff.
        </p>
        <details>
          <summary>Pool size as a table</summary>
          <SizeTable series={series} />
        </details>
      </figcaption>
    </figure>
  );
}

function PoolLine(props: {
  points: SizePoint[];
  line: { colour: string; dash: string };
  x: (at: number) => number;
  y: (size: number) => number;
}) {
  const { points, line, x, y } = props;
  const [first, ...rest] = points;
  if (!first) return null;
  // From the chart's left edge: before its oldest kept decision a pool was its first size
  // as far as the log tells, and a pool the autoscaler never changed is a flat line.
  const d = rest.reduce(
    (path, p) => `${path} H${x(p.at).toFixed(1)} V${y(p.size).toFixed(1)}`,
    `M${x(Number.NEGATIVE_INFINITY).toFixed(1)} ${y(first.size).toFixed(1)}`,
  );
  return (
    <g>
      <path d={d} fill="none" stroke={line.colour} stroke-width={2} stroke-dasharray={line.dash} />
      {points.flatMap((p) =>
        p.decision ? [<Marker key={p.decision.id} point={p} x={x(p.at)} y={y(p.size)} />] : [],
      )}
    </g>
  );
}

function Marker(props: { point: SizePoint; x: number; y: number }) {
  const { point, x, y } = props;
  const up = point.decision!.action === "SCALE_UP";
  const shape = up
    ? `M${x} ${y - 7} L${x + 6} ${y + 4} L${x - 6} ${y + 4} Z`
    : `M${x} ${y + 7} L${x + 6} ${y - 4} L${x - 6} ${y - 4} Z`;
  return (
    <path d={shape} class={`mark ${up ? "up" : "down"}`} data-action={point.decision!.action}>
      <title>{`${when(point.decision!.at)}: ${point.decision!.reason}`}</title>
    </path>
  );
}

function SizeTable({ series }: { series: Map<string, SizePoint[]> }) {
  const rows = [...series.entries()]
    .flatMap(([pool, points]) => points.flatMap((p) => (p.decision ? [{ pool, p }] : [])))
    .sort((a, b) => b.p.at - a.p.at);
  if (rows.length === 0) return <p class="muted">No scale-up or scale-down is recorded.</p>;
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">At</th>
          <th scope="col">Pool</th>
          <th scope="col">Change</th>
          <th scope="col">Nodes after</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ pool, p }) => (
          <tr key={p.decision!.id}>
            <td>{when(p.decision!.at)}</td>
            <td>{pool}</td>
            <td>{signed(p.decision!.delta)}</td>
            <td>{p.size}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

function Decisions(props: { cluster: string; pools: string[]; watch: ApiUrl[] }) {
  const [pool, setPool] = useState("");
  const [actions, setActions] = useState<readonly Action[]>(DEFAULT_ACTIONS);
  const path = apiPath(
    "/v1/clusters/{cluster}/autoscaler/decisions",
    { cluster: props.cluster },
    {
      pool: pool || undefined,
      // All four is no filter at all; none is nothing to ask for.
      action: actions.length > 0 && actions.length < ACTIONS.length ? actions.join(",") : undefined,
    },
  );
  const paging = usePaged<DecisionView>(path, PAGE, props.watch);
  const toggle = (action: Action, on: boolean) =>
    setActions(ACTIONS.map(([a]) => a).filter((a) => (a === action ? on : actions.includes(a))));
  const items = actions.length === 0 ? [] : paging.page.data?.items;
  return (
    <>
      <h3>Decisions</h3>
      <form class="filters" onSubmit={(e) => e.preventDefault()}>
        <label>
          Pool{" "}
          <select value={pool} onChange={(e) => setPool(e.currentTarget.value)}>
            <option value="">every pool</option>
            {props.pools.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
        <fieldset>
          <legend>Actions</legend>
          {ACTIONS.map(([action, label]) => (
            <label key={action}>
              <input
                type="checkbox"
                checked={actions.includes(action)}
                onChange={(e) => toggle(action, e.currentTarget.checked)}
              />{" "}
              {label}
            </label>
          ))}
        </fieldset>
      </form>
      <Failure error={paging.page.error} />
      {items === undefined ? (
        <Loading what="decisions" />
      ) : items.length === 0 ? (
        <p class="muted">
          No {actions.includes("NOOP") ? "" : "scaling "}decisions
          {pool ? ` for pool ${pool}` : ""} recorded.
        </p>
      ) : (
        <div class="scroll">
          <table class="decisions">
            <caption class="sr-only">Autoscaler decisions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">At</th>
                <th scope="col">Pool</th>
                <th scope="col">Action</th>
                <th scope="col">Δ nodes</th>
                <th scope="col">Reason</th>
                <th scope="col">Held back by</th>
              </tr>
            </thead>
            <tbody>
              {items.map((d) => (
                <tr key={d.id} data-action={d.action}>
                  <td>
                    {when(d.at)}
                    {d.until && <span class="muted"> until {when(d.until)}</span>}
                  </td>
                  <td>{d.pool ?? "—"}</td>
                  <td>
                    <State state={d.action} />
                  </td>
                  <td>{signed(d.delta)}</td>
                  <td>{d.reason}</td>
                  <td>{d.blockedBy ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {actions.length > 0 && <Pager paging={paging} what="decisions" />}
    </>
  );
}
