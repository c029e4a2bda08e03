import { duration, now, useTick, when } from "../clock.ts";
import type { ClusterView } from "../types.ts";
import { Section } from "./ui.tsx";

type Window = NonNullable<ClusterView["maintenance"]>["windows"][number];

/** "Mon–Fri 19:00 for 11h (Asia/Jakarta)": a window as its owner wrote it (MW-1). */
export function windowText(w: Window): string {
  const days = w.days.map((d) => d[0] + d.slice(1).toLowerCase()).join(", ");
  return `${days} ${w.start} for ${duration(w.durationSeconds * 1000)} (${w.timeZone ?? "UTC"})`;
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
