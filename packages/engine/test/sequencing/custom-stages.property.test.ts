import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  rolloutKey,
  type SequenceEvent,
  type SequenceStage,
  validateStages,
} from "../../src/sequencing/index.ts";
import { HOUR } from "../../src/time/instant.ts";
import { type SequenceDriver as Driver, member, SequenceDriver } from "./sequence-driver.ts";

const VERSIONS = ["1.20.15-gke.100", "1.21.5-gke.100", "1.22.7-gke.100", "1.24.3-gke.100"];
const TARGETS = ["1.21.14-gke.4300", "1.23.8-gke.1900", "1.24.5-gke.600"];

const stageArb: fc.Arbitrary<SequenceStage> = fc.record({
  fleets: fc.subarray(["f0", "f1"], { minLength: 1 }),
  clusterSelector: fc.option(
    fc.constantFrom("0", "1").map((ring) => ({ matchLabels: { ring } })),
    { nil: undefined },
  ),
  soakSeconds: fc.constantFrom(0, 3600, 86_400, 3 * 86_400),
});

const clusterArb = fc.record({
  fleet: fc.constantFrom("f0", "f1"),
  version: fc.constantFrom(...VERSIONS),
  ring: fc.option(fc.constantFrom("0", "1"), { nil: undefined }),
});

const stepArb = fc.record({
  hours: fc.integer({ min: 1, max: 240 }),
  relabel: fc.option(
    fc.record({
      cluster: fc.nat(),
      ring: fc.option(fc.constantFrom("0", "1"), { nil: undefined }),
    }),
    { nil: undefined },
  ),
  control: fc.option(
    fc.record({
      kind: fc.constantFrom("PAUSE" as const, "RESUME" as const),
      type: fc.constantFrom("CONTROL_PLANE" as const, "NODE" as const),
      version: fc.constantFrom(...TARGETS),
    }),
    { nil: undefined },
  ),
});

/** Checks, after every pass, what the passes so far started against the state they left. */
function watch(driver: Driver, stages: readonly SequenceStage[]): string[] {
  const broken: string[] = [];
  const seen = new Set<string>();
  const paused = () => new Set(driver.state.paused);
  const decide = driver.decide.bind(driver);
  driver.decide = (events?: SequenceEvent[]) => {
    const before = driver.starts.length;
    const held = paused();
    decide(events);
    for (const start of driver.starts.slice(before)) {
      const key = `${start.cluster}|${start.type}|${start.version}`;
      // SEQ-19: a cluster's upgrade of a version starts once, in one stage.
      if (seen.has(key)) broken.push(`started twice: ${key}`);
      seen.add(key);
      // SEQ-20: nothing of a paused rollout starts.
      const rollout = rolloutKey(start.type, start.version);
      if (held.has(rollout) && driver.state.paused.includes(rollout)) {
        broken.push(`${rollout} started ${start.cluster} while paused`);
      }
      // SEQ-19/SEQ-8: a later stage starts only what the stage before it qualified.
      if (start.stage > 0) {
        const upstream = driver.state.stages[start.stage - 1];
        const qualified = upstream?.upgrades.some(
          (u) =>
            u.type === start.type &&
            u.version === start.version &&
            u.completedAt !== undefined &&
            u.completedAt <= start.at,
        );
        if (!qualified) broken.push(`stage ${start.stage + 1} started ${key} unqualified upstream`);
      }
    }
    // SEQ-15: no stage soaks less than its soak — but one that was empty, which passed the
    // version on at once (SEQ-9: turn, soak and completion at one instant), even if a
    // cluster that already runs it joins it later.
    for (const [i, stage] of driver.state.stages.entries()) {
      for (const u of stage.upgrades) {
        const empty =
          Object.keys(u.members).length === 0 ||
          (u.startedAt === u.completedAt && u.soakStartedAt === u.completedAt);
        if (
          u.soakStartedAt === undefined ||
          u.completedAt === undefined ||
          u.manual === true ||
          empty
        ) {
          continue;
        }
        const soak = (stages[i]?.soakSeconds ?? 0) * 1000;
        if (u.completedAt - u.soakStartedAt < soak) {
          broken.push(`stage ${i + 1} soaked ${u.type} ${u.version} less than ${soak} ms`);
        }
      }
    }
  };
  return broken;
}

describe("rollout sequences with custom stages: properties", () => {
  it("SEQ-19 SEQ-20 for random stages, labels, label changes and pauses: no cluster starts twice, no stage starts what the stage before it did not qualify and soak, nothing of a paused rollout starts", () => {
    fc.assert(
      fc.property(
        fc.array(stageArb, { minLength: 1, maxLength: 3 }),
        fc.array(clusterArb, { minLength: 1, maxLength: 6 }),
        fc.array(stepArb, { minLength: 1, maxLength: 6 }),
        (stages, clusters, steps) => {
          fc.pre(validateStages(stages).ok);
          const driver = new SequenceDriver(
            stages,
            clusters.map((c, i) =>
              member(`c${i}`, c.fleet, c.version, c.ring === undefined ? {} : { ring: c.ring }),
            ),
          );
          const broken = watch(driver, stages);
          for (const step of steps) {
            driver.run(driver.now + step.hours * HOUR);
            if (step.relabel !== undefined) {
              const name = `c${step.relabel.cluster % clusters.length}`;
              driver.relabel(
                name,
                step.relabel.ring === undefined ? {} : { ring: step.relabel.ring },
              );
            }
            if (step.control !== undefined) {
              const { kind, type, version } = step.control;
              driver.decide([{ kind, rollout: rolloutKey(type, version) }, { kind: "EVALUATE" }]);
            }
          }
          expect(broken).toEqual([]);
        },
      ),
      { numRuns: 150 },
    );
  });
});
