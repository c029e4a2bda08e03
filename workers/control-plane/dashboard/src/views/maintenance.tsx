import { duration, now, useTick, when } from "../clock.ts";
import type { ClusterView } from "../types.ts";
import { Section } from "./ui.tsx";

type Window = NonNullable<ClusterView["maintenance"]>["windows"][number];

const WEEK = ["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"];
const dayName = (d: string) => d[0] + d.slice(1).toLowerCase();

/** "Mon–Fri", "Sat, Sun", "Mon, Wed–Fri": the days in week order, runs of three or more as a range. */
function daysText(days: readonly string[]): string {
  const sorted = WEEK.filter((d) => days.includes(d));
  const runs: string[][] = [];
  for (const day of sorted) {
    const run = runs.at(-1);
    if (run && WEEK.indexOf(day) === WEEK.indexOf(run.at(-1)!) + 1) run.push(day);
    else runs.push([day]);
  }
  return runs
    .map((run) =>
      run.length >= 3 ? `${dayName(run[0]!)}–${dayName(run.at(-1)!)}` : run.map(dayName).join(", "),
    )
    .join(", ");
}

/** "Mon–Fri 19:00 for 10h (Asia/Jakarta)": a window as its owner wrote it (MW-1). */
export function windowText(w: Window): string {
  return `${daysText(w.days)} ${w.start} for ${duration(w.durationSeconds * 1000)} (${w.timeZone ?? "UTC"})`;
}

/**
 * When an automatic upgrade may next start (MW-3), as the API computes it: the page
 * never re-derives windows, time zones and exclusions, so it cannot disagree with runs
 * and sequences. Absent when none opens in the next 400 days.
 */
export function NextOpening({ cluster }: { cluster: ClusterView }) {
  useTick();
  const next = cluster.status.nextWindowOpen;
  if (!next) {
    return cluster.maintenance ? (
      <span class="muted">no opening in the next 400 days</span>
    ) : (
      <span>any time (no windows)</span>
    );
  }
  const wait = Date.parse(next) - now();
  return <span>{wait <= 0 ? "open now" : `${when(next)} (in ${duration(wait)})`}</span>;
}

/** A cluster's maintenance windows and exclusions (MW-1, MW-2) and its next opening (MW-3). */
export function MaintenanceSection({ cluster }: { cluster: ClusterView }) {
  const windows = cluster.maintenance?.windows ?? [];
  const exclusions = cluster.maintenance?.exclusions ?? [];
  return (
    <Section title="Maintenance">
      <p>
        Next opening for automatic upgrades: <NextOpening cluster={cluster} />
      </p>
      {windows.length === 0 ? (
        <p class="muted">No maintenance windows: automatic upgrades may start at any time.</p>
      ) : (
        <ul class="windows" aria-label="maintenance windows">
          {windows.map((w) => (
            <li key={`${w.start}-${w.days.join()}`}>{windowText(w)}</li>
          ))}
        </ul>
      )}
      {exclusions.length > 0 && (
        <ul class="windows" aria-label="maintenance exclusions">
          {exclusions.map((e) => (
            <li key={`${e.start}-${e.end}`}>
              No {e.scope === "ALL" ? "" : e.scope === "MINOR" ? "minor " : "minor or node "}
              upgrades from {when(e.start)} to {when(e.end)}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
