import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { MaintenanceExclusion } from "../../src/maintenance/exclusion.ts";
import type { MaintenanceWindow, Weekday } from "../../src/maintenance/window.ts";
import { soakSecondsFor } from "../../src/sequencing/index.ts";
import { DAY, SECOND, toRfc3339 } from "../../src/time/instant.ts";
import { ChainDriver, cluster, type GroupSpec, R25, T0 } from "./driver.ts";

const VERSIONS = [
  "1.20.15-gke.100",
  "1.21.5-gke.100",
  "1.21.14-gke.4300",
  "1.22.7-gke.100",
  "1.24.3-gke.100",
  "1.24.5-gke.600",
];
const DAYS: Weekday[] = ["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"];

const window: fc.Arbitrary<MaintenanceWindow> = fc.record({
  start: fc.constantFrom("00:00", "06:30", "22:00"),
  durationSeconds: fc.constantFrom(3600, 4 * 3600, 86400),
  days: fc.subarray(DAYS, { minLength: 1 }),
});

const exclusion: fc.Arbitrary<MaintenanceExclusion> = fc
  .record({ from: fc.integer({ min: -5, max: 60 }), length: fc.integer({ min: 1, max: 45 }) })
  .chain(({ from, length }) =>
    fc.constantFrom("ALL", "MINOR", "MINOR_AND_NODE").map((scope) => ({
      start: toRfc3339(T0 + from * DAY),
      end: toRfc3339(T0 + (from + length) * DAY),
      scope: scope as MaintenanceExclusion["scope"],
    })),
  );

const clusterArb = (name: string) =>
  fc
    .record({
      version: fc.constantFrom(...VERSIONS),
      windows: fc.option(fc.array(window, { minLength: 1, maxLength: 2 }), { nil: undefined }),
      exclusions: fc.option(fc.array(exclusion, { maxLength: 1 }), { nil: undefined }),
    })
    .map(({ version, windows, exclusions }) =>
      cluster(name, version, {
        maintenance: { ...(windows ? { windows } : {}), ...(exclusions ? { exclusions } : {}) },
      }),
    );

const groupArb = (index: number): fc.Arbitrary<GroupSpec> =>
  fc
    .record({
      soakDays: fc.integer({ min: 0, max: 30 }),
      override: fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined }),
      size: fc.integer({ min: 0, max: 10 }),
    })
    .chain(({ soakDays, override, size }) =>
      fc
        .tuple(...Array.from({ length: size }, (_, i) => clusterArb(`g${index}c${i}`)))
        .map((clusters) => ({
          name: `g${index}`,
          soakSeconds: soakDays * 86400,
          ...(override === undefined
            ? {}
            : { overrides: { "1.21.14-gke.4300": override * 86400 } }),
          clusters,
        })),
    );

const chainArb = fc
  .integer({ min: 1, max: 3 })
  .chain((length) => fc.tuple(...Array.from({ length }, (_, i) => groupArb(i))));

const targetsArb = fc.oneof(
  fc.constant(R25),
  fc.record({ "1.21": fc.constantFrom("1.21.14-gke.4300", "1.22.7-gke.100") }),
);

describe("sequencing properties", () => {
  it("SEQ-8 SEQ-5 SEQ-6 SEQ-7 for random chains, a downstream group never starts a version its upstream did not qualify and soak, and no group soaks less than its configured soak", () => {
    fc.assert(
      fc.property(chainArb, targetsArb, (groups, targets) => {
        const driver = new ChainDriver(groups, { targets });
        driver.run(T0 + 150 * DAY);
        for (const [index, group] of groups.entries()) {
          const state = driver.states.get(group.name);
          for (const upgrade of state?.upgrades ?? []) {
            if (upgrade.completedAt === undefined || Object.keys(upgrade.members).length === 0) {
              continue;
            }
            const soaked = (upgrade.completedAt - (upgrade.soakStartedAt ?? 0)) / SECOND;
            expect(soaked).toBeGreaterThanOrEqual(
              soakSecondsFor(
                { defaultSoakSeconds: group.soakSeconds, soakOverrides: group.overrides ?? {} },
                upgrade.version,
              ),
            );
          }
          const upstream = groups[index - 1];
          if (upstream === undefined) continue;
          const upstreamState = driver.states.get(upstream.name);
          for (const start of driver.starts.filter((s) => s.group === group.name)) {
            const qualified = upstreamState?.upgrades.find(
              (u) =>
                u.type === start.type &&
                u.version === start.version &&
                u.completedAt !== undefined &&
                u.completedAt <= start.at,
            );
            expect(qualified, `${start.cluster} ${start.type} ${start.version}`).toBeDefined();
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it("SEQ-10 every phase whose upgrades started enters soak at most 30 days after the first of them started", () => {
    fc.assert(
      fc.property(chainArb, (groups) => {
        const driver = new ChainDriver(groups);
        driver.run(T0 + 150 * DAY);
        for (const state of driver.states.values()) {
          for (const upgrade of state.upgrades) {
            const started = Object.values(upgrade.members)
              .map((m) => m.startedAt)
              .filter((at) => at !== undefined);
            if (started.length === 0) continue;
            const first = Math.min(...started);
            if (first > T0 + 119 * DAY) continue;
            expect(upgrade.soakStartedAt).toBeDefined();
            expect((upgrade.soakStartedAt ?? 0) - first).toBeLessThanOrEqual(30 * DAY);
          }
        }
      }),
      { numRuns: 100 },
    );
  });
});
