import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SECOND } from "../../time/instant.ts";
import type { ProviderCommand, ProviderEvent } from "../commands.ts";
import { simClearFault, simPreempt, simSetFault } from "./controls.ts";
import { FAULT_EFFECTS } from "./faults.ts";
import { create, drain, healthCheck, remove, T0 } from "./fixtures.ts";
import { createSim, simAdvance, simSubmit } from "./sim.ts";
import type { SimState } from "./state.ts";
import { simUsage } from "./usage.ts";

const ZONES = ["zone-a", "zone-b", "zone-c"] as const;
const zone = fc.constantFrom(...ZONES);
const id = fc.integer({ min: 0, max: 40 }).map((n) => `cmd-${n}`);

const command: fc.Arbitrary<ProviderCommand> = fc.oneof(
  fc.record({ id, zone }).map(({ id, zone }) => create(id, { zone })),
  fc.record({ id, zone }).map(({ id, zone }) => remove(id, { zone })),
  fc
    .record({ id, respectPdb: fc.boolean() })
    .map(({ id, respectPdb }) => drain(id, { respectPdb })),
  id.map((id) => healthCheck(id)),
);

const step = fc.oneof(
  { weight: 4, arbitrary: fc.record({ submit: fc.array(command, { maxLength: 6 }) }) },
  { weight: 3, arbitrary: fc.record({ advanceSeconds: fc.integer({ min: 0, max: 200 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      fault: fc.record({
        id: fc.constantFrom("f1", "f2"),
        match: fc.record(
          {
            pool: fc.constantFrom("default", "spot"),
            operation: fc.constantFrom("CREATE_NODE", "DRAIN_NODE"),
          },
          { requiredKeys: [] },
        ),
        effect: fc.constantFrom(...FAULT_EFFECTS),
        times: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
      }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ clear: fc.constantFrom("f1", "f2") }) },
  { weight: 1, arbitrary: fc.record({ preempt: zone }) },
);

const capacity = fc
  .tuple(
    fc.integer({ min: 0, max: 4 }),
    fc.integer({ min: 0, max: 2 }),
    fc.integer({ min: 0, max: 6 }),
  )
  .map(([quotaNodes, reservedNodes, inUse]) => ({
    quotaNodes,
    reservedNodes,
    inUse: Math.min(inUse, quotaNodes + reservedNodes),
  }));

const scenario = fc.record({
  seed: fc.integer(),
  jitter: fc.constantFrom(0, 0.5, 1),
  capacity: fc.record({ "zone-a": capacity, "zone-b": capacity }),
  steps: fc.array(step, { maxLength: 40 }),
});

type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

/** Runs the steps, calling `check` after each one, and returns what was submitted and reported. */
function play(
  start: SimState,
  steps: readonly Step[],
  check: (state: SimState) => void,
): { state: SimState; submitted: Set<string>; events: ProviderEvent[] } {
  let state = start;
  let now = T0;
  const submitted = new Set<string>();
  const events: ProviderEvent[] = [];
  for (const s of steps) {
    if ("submit" in s) {
      for (const c of s.submit) submitted.add(c.id);
      state = simSubmit(state, s.submit, now);
    } else if ("advanceSeconds" in s) {
      now += s.advanceSeconds * SECOND;
      const advanced = simAdvance(state, now);
      state = advanced.state;
      events.push(...advanced.events);
    } else if ("fault" in s) {
      state = simSetFault(state, s.fault);
    } else if ("clear" in s) {
      state = simClearFault(state, s.clear);
    } else {
      state = simPreempt(
        state,
        { cluster: "prod-1", pool: "spot", node: "n", zone: s.preempt },
        now,
      );
    }
    check(state);
  }
  const rest = simAdvance(state, now + 86_400 * SECOND);
  check(rest.state);
  return { state: rest.state, submitted, events: [...events, ...rest.events] };
}

describe("sim properties", () => {
  it("capacity in use never exceeds capacity and never goes negative", () => {
    fc.assert(
      fc.property(scenario, ({ seed, jitter, capacity, steps }) => {
        play(createSim({ seed, jitter, capacity }, T0), steps, (state) => {
          for (const z of Object.values(simUsage(state).zones)) {
            expect(z.used).toBeGreaterThanOrEqual(0);
            if (z.capacity !== undefined) expect(z.used).toBeLessThanOrEqual(z.capacity);
          }
        });
      }),
      { numRuns: 300 },
    );
  });

  it("every distinct command reports exactly once, in time order, unless its drain is stuck", () => {
    fc.assert(
      fc.property(scenario, ({ seed, jitter, capacity, steps }) => {
        const { state, submitted, events } = play(
          createSim({ seed, jitter, capacity }, T0),
          steps,
          () => {},
        );
        const reported = events.flatMap((e) => (e.type === "NODE_PREEMPTED" ? [] : [e.commandId]));
        expect(new Set(reported).size).toBe(reported.length);
        expect(new Set([...reported, ...state.stuck])).toEqual(submitted);
        expect(reported.length + state.stuck.length).toBe(submitted.size);
        const times = events.map((e) => e.at);
        expect(times).toEqual([...times].sort((a, b) => a - b));
        expect(simUsage(state).pending).toBe(0);
      }),
      { numRuns: 300 },
    );
  });
});

describe("sim at scale", () => {
  it("carries 30,000 commands submitted a few at a time, driven report by report", () => {
    let sim = createSim({ seed: 5, jitter: 0.2, capacity: { "zone-a": { quotaNodes: 500 } } }, T0);
    let reported = 0;
    let now = T0;
    for (let i = 0; i < 10_000; i += 1) {
      now += SECOND;
      sim = simSubmit(sim, [create(`c${i}`), drain(`d${i}`), remove(`r${i}`)], now);
      const step = simAdvance(sim, now);
      sim = step.state;
      reported += step.events.length;
    }
    reported += simAdvance(sim, now + 86_400 * SECOND).events.length;
    expect(reported).toBe(30_000);
    // Only a bounded idempotency window of ids is remembered (seen-ids.ts).
    expect(simUsage(sim).commandsSeen).toBeLessThanOrEqual(256 * 16);
  });
});
