import { describe, expect, it } from "vitest";
import { SECOND } from "../../time/instant.ts";
import { DEFAULT_SIM_DURATIONS } from "./config.ts";
import { SPOT_PREEMPTION_NOTICE_SECONDS, simPreempt } from "./controls.ts";
import { create, healthCheck, oneOfEach, remove, reportAll, secondsById, T0 } from "./fixtures.ts";
import { createSim, simAdvance, simNextEventAt, simSubmit } from "./sim.ts";
import type { SimState } from "./state.ts";
import { simUsage } from "./usage.ts";

describe("sim durations", () => {
  it("reports every command type after its default duration", () => {
    const sim = simSubmit(createSim({ seed: 1 }, T0), oneOfEach(), T0);
    const { events } = reportAll(sim);
    expect(events.every((event) => event.type === "COMMAND_SUCCEEDED")).toBe(true);
    expect(secondsById(events)).toEqual({
      create: 120,
      delete: 30,
      cordon: 1,
      uncordon: 1,
      drain: 60,
      cp: 600,
      comp: 120,
      preflight: 60,
      health: 10,
    });
    expect(DEFAULT_SIM_DURATIONS.CREATE_NODE).toBe(120);
  });

  it("honours configured durations and keeps the defaults for the rest", () => {
    const sim = createSim({ seed: 1, durations: { DRAIN_NODE: 3600, HEALTH_CHECK: 0 } }, T0);
    const { events } = reportAll(simSubmit(sim, oneOfEach(), T0));
    const seconds = secondsById(events);
    expect(seconds.drain).toBe(3600);
    expect(seconds.health).toBe(0);
    expect(seconds.create).toBe(120);
  });

  it("reports nothing before a command is due and reports it at its due instant", () => {
    const sim = simSubmit(createSim({ seed: 1 }, T0), [create("c1")], T0);
    const early = simAdvance(sim, T0 + 120 * SECOND - 1);
    expect(early.events).toEqual([]);
    const due = simAdvance(early.state, T0 + 120 * SECOND);
    expect(due.events).toEqual([
      { type: "COMMAND_SUCCEEDED", commandId: "c1", at: T0 + 120 * SECOND },
    ]);
    expect(simAdvance(due.state, T0 + 1000 * SECOND).events).toEqual([]);
  });

  it("starts a command at the time it is submitted", () => {
    const later = T0 + 500 * SECOND;
    const sim = simSubmit(createSim({ seed: 1 }, T0), [healthCheck("h")], later);
    expect(simNextEventAt(sim)).toBe(later + 10 * SECOND);
  });

  it("treats a now earlier than the sim's clock as the sim's clock", () => {
    const sim = simAdvance(createSim({ seed: 1 }, T0), T0 + 100 * SECOND).state;
    const late = simSubmit(sim, [healthCheck("h")], T0);
    expect(simNextEventAt(late)).toBe(T0 + 110 * SECOND);
    expect(simUsage(late).now).toBe(T0 + 100 * SECOND);
  });
});

describe("sim idempotency", () => {
  it("ignores a resubmitted command id, within a batch, while pending and after it reported", () => {
    let sim = createSim({ seed: 1, capacity: { "zone-a": { quotaNodes: 5 } } }, T0);
    sim = simSubmit(sim, [create("c1"), create("c1")], T0);
    sim = simSubmit(sim, [create("c1")], T0 + 60 * SECOND);
    expect(simUsage(sim).zones["zone-a"]?.used).toBe(1);
    const first = reportAll(sim);
    expect(first.events).toHaveLength(1);
    const again = simSubmit(first.state, [create("c1", { zone: "zone-b" })], first.state.now);
    expect(again).toBe(first.state);
    expect(simUsage(again).commandsSeen).toBe(1);
  });
});

describe("sim ordering", () => {
  it("reports in time order and breaks ties by submission order", () => {
    let sim = createSim({ seed: 1 }, T0);
    sim = simSubmit(sim, [create("slow"), healthCheck("h2"), healthCheck("h1")], T0);
    sim = simSubmit(sim, [healthCheck("h3")], T0);
    sim = simSubmit(sim, [healthCheck("h4")], T0 + 5 * SECOND);
    const ids = reportAll(sim).events.map((event) => "commandId" in event && event.commandId);
    expect(ids).toEqual(["h2", "h1", "h3", "h4", "slow"]);
  });

  it("gives the earliest pending report as the next event time, none when idle", () => {
    let sim = createSim({ seed: 1 }, T0);
    expect(simNextEventAt(sim)).toBeUndefined();
    sim = simSubmit(sim, [create("c"), healthCheck("h")], T0);
    expect(simNextEventAt(sim)).toBe(T0 + 10 * SECOND);
    sim = simAdvance(sim, T0 + 10 * SECOND).state;
    expect(simNextEventAt(sim)).toBe(T0 + 120 * SECOND);
    expect(simNextEventAt(reportAll(sim).state)).toBeUndefined();
  });
});

describe("sim preemption", () => {
  it("NUP-11 reports NODE_PREEMPTED in order with other reports and frees the node's capacity", () => {
    let sim = createSim({ seed: 1, capacity: { "zone-a": { quotaNodes: 2, inUse: 2 } } }, T0);
    sim = simSubmit(sim, [healthCheck("h")], T0);
    sim = simPreempt(sim, { cluster: "prod-1", pool: "flex", node: "n-1", zone: "zone-a" }, T0);
    const { state, events } = simAdvance(sim, T0 + 10 * SECOND);
    expect(events).toEqual([
      { type: "NODE_PREEMPTED", cluster: "prod-1", pool: "flex", node: "n-1", at: T0 },
      { type: "COMMAND_SUCCEEDED", commandId: "h", at: T0 + 10 * SECOND },
    ]);
    expect(simUsage(state).zones["zone-a"]).toEqual({ capacity: 2, used: 1, free: 1 });
  });

  it("CA-3 a spot node preempted with the seed's 15 s notice is reported gone when the notice runs out", () => {
    let sim = createSim({ seed: 1, capacity: { "zone-a": { quotaNodes: 2, inUse: 2 } } }, T0);
    const target = { cluster: "prod-1", pool: "spot", node: "n-1", zone: "zone-a" };
    sim = simPreempt(sim, { ...target, noticeSeconds: SPOT_PREEMPTION_NOTICE_SECONDS }, T0);
    const early = simAdvance(sim, T0 + 14 * SECOND);
    expect(early.events).toEqual([]);
    expect(simUsage(early.state).zones["zone-a"]?.used).toBe(2);
    const { state, events } = simAdvance(early.state, T0 + 15 * SECOND);
    expect(events).toEqual([
      {
        type: "NODE_PREEMPTED",
        cluster: "prod-1",
        pool: "spot",
        node: "n-1",
        at: T0 + 15 * SECOND,
      },
    ]);
    expect(simUsage(state).zones["zone-a"]?.used).toBe(1);
  });
});

describe("sim state", () => {
  it("never mutates the state it is given", () => {
    const base = simSubmit(createSim({ seed: 3, jitter: 0.5 }, T0), oneOfEach(), T0);
    const frozen = deepFreeze<SimState>(JSON.parse(JSON.stringify(base)));
    let sim: SimState = frozen;
    sim = simSubmit(sim, [create("x"), remove("y"), healthCheck("z")], T0 + SECOND);
    sim = simPreempt(sim, { cluster: "prod-1", pool: "p", node: "n", zone: "zone-a" }, T0);
    sim = simAdvance(sim, T0 + 200 * SECOND).state;
    sim = simSubmit(sim, [create("w")], T0 + 300 * SECOND);
    expect(frozen).toEqual(base);
    expect(reportAll(sim).events.length).toBeGreaterThan(0);
  });

  it("continues identically after a JSON round trip, as a Durable Object reload would", () => {
    const run = (reload: (state: SimState) => SimState) => {
      let sim = createSim({ seed: 9, jitter: 0.3, capacity: { "zone-a": { quotaNodes: 2 } } }, T0);
      const events = [];
      for (let step = 0; step < 20; step += 1) {
        const now = T0 + step * 30 * SECOND;
        sim = reload(simSubmit(sim, [create(`c${step}`), remove(`d${step}`)], now));
        const advanced = simAdvance(sim, now);
        sim = reload(advanced.state);
        events.push(...advanced.events);
      }
      return events;
    };
    const roundTrip = (state: SimState): SimState => JSON.parse(JSON.stringify(state));
    expect(run(roundTrip)).toEqual(run((state) => state));
  });
});

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
