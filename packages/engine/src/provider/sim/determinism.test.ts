import { describe, expect, it } from "vitest";
import { SECOND } from "../../time/instant.ts";
import type { ProviderEvent } from "../commands.ts";
import type { SimConfig } from "./config.ts";
import { create, drain, healthCheck, oneOfEach, remove, T0 } from "./fixtures.ts";
import { nextRandom, seedRandom } from "./prng.ts";
import { createSim, simAdvance, simNextEventAt, simSubmit } from "./sim.ts";

/** A fixed scenario: batches of commands at several instants, driven event by event. */
function scenario(config: SimConfig): ProviderEvent[] {
  let sim = createSim(config, T0);
  const events: ProviderEvent[] = [];
  for (let round = 0; round < 10; round += 1) {
    const now = T0 + round * 45 * SECOND;
    sim = simSubmit(
      sim,
      [create(`c${round}`), remove(`d${round}`), drain(`x${round}`), healthCheck(`h${round}`)],
      now,
    );
    for (let at = simNextEventAt(sim); at !== undefined && at <= now; at = simNextEventAt(sim)) {
      const step = simAdvance(sim, at);
      sim = step.state;
      events.push(...step.events);
    }
  }
  return [...events, ...simAdvance(sim, T0 + 86_400 * SECOND).events];
}

describe("sim determinism", () => {
  const config: SimConfig = {
    seed: 2022,
    jitter: 0.4,
    capacity: { "zone-a": { quotaNodes: 3 } },
    faults: [{ id: "f", match: { operation: "DRAIN_NODE" }, effect: "STUCK_DRAIN", times: 3 }],
  };

  it("gives identical events at identical times for the same seed and inputs", () => {
    const first = scenario(config);
    expect(first.length).toBeGreaterThan(30);
    expect(scenario(config)).toEqual(first);
  });

  it("moves jittered times with the seed but not the set of outcomes", () => {
    const a = scenario(config);
    const b = scenario({ ...config, seed: 7 });
    expect(b.map((event) => event.at)).not.toEqual(a.map((event) => event.at));
    const outcomes = (events: ProviderEvent[]) =>
      events.map((event) => `${event.type}:${"commandId" in event ? event.commandId : ""}`).sort();
    expect(outcomes(b)).toEqual(outcomes(a));
  });

  it("keeps each jittered duration within ±jitter of the configured one", () => {
    for (let seed = 0; seed < 50; seed += 1) {
      const sim = simSubmit(createSim({ seed, jitter: 0.25 }, T0), oneOfEach(), T0);
      for (const event of simAdvance(sim, T0 + 86_400 * SECOND).events) {
        const seconds = (event.at - T0) / SECOND;
        const id = "commandId" in event ? event.commandId : "";
        const nominal = { create: 120, delete: 30, cordon: 1, uncordon: 1, drain: 60 }[id];
        if (nominal === undefined) continue;
        expect(seconds).toBeGreaterThanOrEqual(nominal * 0.75);
        expect(seconds).toBeLessThan(nominal * 1.25 + 0.001);
      }
    }
  });

  it("does not depend on the seed without jitter", () => {
    const { jitter: _, ...noJitter } = config;
    expect(scenario({ ...noJitter, seed: 1 })).toEqual(scenario({ ...noJitter, seed: 99 }));
  });

  it("draws a reproducible uniform sequence from a seed", () => {
    const draw = (seed: number, count: number) => {
      let state = seedRandom(seed);
      return Array.from({ length: count }, () => {
        const next = nextRandom(state);
        state = next.state;
        return next.value;
      });
    };
    const values = draw(42, 10_000);
    expect(draw(42, 10_000)).toEqual(values);
    expect(values.every((value) => value >= 0 && value < 1)).toBe(true);
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    expect(mean).toBeGreaterThan(0.48);
    expect(mean).toBeLessThan(0.52);
    expect(draw(43, 10)).not.toEqual(values.slice(0, 10));
  });
});
