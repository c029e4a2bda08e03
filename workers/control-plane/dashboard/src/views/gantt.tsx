import { duration, useRunningClock } from "../clock.ts";
import { count } from "../format.ts";
import type { RunView } from "../types.ts";
import { tone } from "./ui.tsx";

type Stage = RunView["stages"][number];

/** One bar of the chart: a member's upgrade or a stage's wait, on the run's virtual axis. */
interface Bar {
  key: string;
  label: string;
  start: number;
  end: number;
  kind: "member" | "wait";
  state: string;
  open: boolean;
}

const ROW = 16;
const LABEL = 190;
const WIDTH = 900;
const AXIS = 28;

function stageBars(stage: Stage, at: number): Bar[] {
  const bars: Bar[] = [];
  let stageEnd: number | undefined;
  for (const group of stage.groups) {
    for (const member of group.members) {
      if (!member.startedAt) continue;
      const start = Date.parse(member.startedAt);
      const end = member.endedAt ? Date.parse(member.endedAt) : at;
      stageEnd = Math.max(stageEnd ?? end, end);
      bars.push({
        key: `${stage.name}/${group.name}/${member.cluster}`,
        label: member.cluster,
        start,
        end,
        kind: "member",
        state: member.state,
        open: !member.endedAt,
      });
    }
  }
  if (stage.afterStageWaitEndsAt && stageEnd !== undefined) {
    const waitEnd = Date.parse(stage.afterStageWaitEndsAt);
    bars.push({
      key: `${stage.name}/wait`,
      label: `${stage.name}: wait`,
      start: stageEnd,
      end: Math.min(waitEnd, Math.max(at, stageEnd)),
      kind: "wait",
      state: waitEnd > at ? "Pending" : "Completed",
      open: waitEnd > at,
    });
  }
  return bars;
}

/**
 * The run as a Gantt chart (SVG): each member's upgrade from start to end (or to now
 * while it runs) and each stage's after-stage wait, on the run's own virtual time axis.
 */
export function Gantt({ run }: { run: RunView }) {
  // Open bars end at "now": they grow with the control plane's clock, not with re-reads.
  const running = run.stages.some((stage) =>
    stage.groups.some((group) => group.members.some((m) => m.startedAt && !m.endedAt)),
  );
  const at = useRunningClock(running || run.state === "Running");
  const bars = run.stages.flatMap((stage) => stageBars(stage, at));
  if (bars.length === 0) {
    return <p class="muted">No member has started yet: the chart fills in as they do.</p>;
  }
  const t0 = Math.min(...bars.map((b) => b.start));
  const t1 = Math.max(t0 + 60_000, ...bars.map((b) => b.end));
  const span = t1 - t0;
  // Room on the right for the last tick's label.
  const x = (t: number) => LABEL + ((t - t0) / span) * (WIDTH - LABEL - 40);
  const height = AXIS + bars.length * ROW + 4;
  const ticks = Array.from({ length: 6 }, (_, i) => t0 + (span * i) / 5);
  return (
    <figure class="gantt">
      <figcaption class="muted">
        {count(bars.filter((b) => b.kind === "member").length, "member")}
        {bars.some((b) => b.kind === "wait") ? " and their stages' waits" : ""} over{" "}
        {duration(span)} of the run's (virtual) time
      </figcaption>
      <div class="gantt-scroll">
        <svg
          role="img"
          aria-label={`Timeline of run ${run.name}: ${count(bars.length, "bar")}`}
          viewBox={`0 0 ${WIDTH} ${height}`}
          width={WIDTH}
          height={height}
          data-bars={bars.length}
        >
          {ticks.map((t) => (
            <g key={t}>
              <line x1={x(t)} x2={x(t)} y1={AXIS - 6} y2={height} class="tick" />
              <text x={x(t)} y={AXIS - 10} class="tick-label" text-anchor="middle">
                +{duration(t - t0)}
              </text>
            </g>
          ))}
          {bars.map((bar, i) => {
            const y = AXIS + i * ROW;
            const w = Math.max(2, x(bar.end) - x(bar.start));
            return (
              <g
                key={bar.key}
                class={`bar kind-${bar.kind} ${tone(bar.state)}`}
                data-bar={bar.kind}
                data-member={bar.kind === "member" ? bar.label : undefined}
                data-duration-ms={bar.end - bar.start}
              >
                <text x={LABEL - 6} y={y + ROW - 4} text-anchor="end" class="bar-label">
                  {bar.label}
                </text>
                <rect x={x(bar.start)} y={y + 2} width={w} height={ROW - 4} rx={2}>
                  <title>
                    {bar.label}: {bar.state}, {duration(bar.end - bar.start)}
                    {bar.open ? " so far" : ""}
                  </title>
                </rect>
                {bar.open && (
                  // Beside the bar while there is room, else inside its end.
                  <text
                    x={x(bar.start) + w + (x(bar.start) + w + 80 < WIDTH ? 4 : -4)}
                    y={y + ROW - 4}
                    text-anchor={x(bar.start) + w + 80 < WIDTH ? "start" : "end"}
                    class={x(bar.start) + w + 80 < WIDTH ? "bar-label" : "bar-label inside"}
                    data-so-far
                  >
                    {duration(bar.end - bar.start)} so far
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </div>
    </figure>
  );
}
