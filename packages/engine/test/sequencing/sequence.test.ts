import { describe, expect, it } from "vitest";
import { DAY } from "../../src/time/instant.ts";
import { ChainDriver, cluster, type DriveOptions, type GroupSpec, T0 } from "./driver.ts";

/**
 * Sequence tests: each scenario's readable timeline is compared with its golden file,
 * then replayed with the groups evaluated in 25 seeded orders at every instant, where the
 * starts must be the same.
 */
const D = 86400;

interface Scenario {
  name: string;
  groups: () => GroupSpec[];
  options?: DriveOptions;
  days: number;
}

const SCENARIOS: Scenario[] = [
  {
    name: "community-bank",
    days: 30,
    groups: () => [
      {
        name: "testing",
        soakSeconds: 14 * D,
        clusters: [cluster("t1", "1.21.5-gke.100"), cluster("t2", "1.20.15-gke.100")],
      },
      { name: "staging", soakSeconds: 7 * D, clusters: [cluster("s1", "1.21.5-gke.100")] },
      {
        name: "production",
        soakSeconds: 7 * D,
        clusters: [cluster("p1", "1.21.6-gke.200"), cluster("p2", "1.20.15-gke.100")],
      },
    ],
  },
  {
    name: "r25-mixed-first-group",
    days: 10,
    groups: () => [
      {
        name: "first",
        soakSeconds: D,
        clusters: [cluster("a", "1.20.15-gke.100"), cluster("b", "1.22.7-gke.100")],
      },
      { name: "second", soakSeconds: D, clusters: [cluster("c", "1.21.5-gke.100")] },
    ],
  },
  {
    name: "forced-soak-behind-exclusion",
    days: 60,
    groups: () => [
      {
        name: "testing",
        soakSeconds: 14 * D,
        clusters: [
          cluster("t1", "1.21.5-gke.100"),
          cluster("t2", "1.21.5-gke.100", {
            maintenance: {
              exclusions: [
                { start: "2022-05-01T00:00:00Z", end: "2022-08-01T00:00:00Z", scope: "ALL" },
              ],
            },
          }),
        ],
      },
      { name: "staging", soakSeconds: 7 * D, clusters: [cluster("s1", "1.21.5-gke.100")] },
    ],
  },
];

function run(scenario: Scenario, tieSeed?: number) {
  const driver = new ChainDriver(scenario.groups(), {
    ...scenario.options,
    ...(tieSeed === undefined ? {} : { tieSeed }),
  });
  driver.run(T0 + scenario.days * DAY);
  return driver;
}

describe("sequencing timelines", () => {
  for (const scenario of SCENARIOS) {
    it(`SEQ-5 SEQ-6 SEQ-8 ${scenario.name}: the timeline matches its golden file`, async () => {
      const driver = run(scenario);
      await expect(`${driver.log.join("\n")}\n`).toMatchFileSnapshot(
        `./__golden__/${scenario.name}.timeline`,
      );
    });

    it(`SEQ-8 ${scenario.name}: 25 seeded evaluation orders start the same upgrades at the same times`, () => {
      const reference = run(scenario).starts;
      for (let seed = 1; seed <= 25; seed++) {
        const starts = run(scenario, seed).starts;
        const key = (s: (typeof starts)[number]) =>
          `${s.at} ${s.group} ${s.cluster} ${s.type} ${s.version}`;
        expect(starts.map(key).sort(), `seed ${seed}`).toEqual(reference.map(key).sort());
      }
    });
  }
});
