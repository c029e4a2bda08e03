import { describe, expect, it } from "vitest";
import { FLEET_TABLE } from "../../src/objects/fleet/capabilities.ts";
import { RUN_TABLE } from "../../src/objects/update-run/capabilities.ts";
import {
  type Capability,
  type CapabilityContext,
  type CapabilityCourier,
  CapabilityTable,
} from "../../src/runtime/capabilities.ts";
import { DELIVERY_TIMER, deliver, pendingDelivery } from "../../src/runtime/deliveries.ts";
import { freezeClock } from "../helpers.ts";
import { inFleetRuntime } from "./helpers.ts";

/** The kernel both objects dispatch through (runtime/capabilities.ts). */

interface Ping {
  type: "ping";
  text: string;
}
type Waiter = { kind: "a"; id: string } | { kind: "b"; count: number };

function table(capabilities: Capability<CapabilityContext, Waiter, string>[]) {
  return new CapabilityTable<CapabilityContext, Waiter, string>("test", capabilities);
}

describe("one capability table for both objects (runtime/capabilities.ts)", () => {
  it("a timer kind, message type or waiter kind claimed by two capabilities is refused when the table is built", () => {
    const timer = async () => {};
    expect(() =>
      table([
        { name: "x", timers: { t: timer } },
        { name: "y", timers: { t: timer } },
      ]),
    ).toThrow("test capabilities: timer kind t claimed twice");
    // The delivery timer is the kernel's own.
    expect(() => table([{ name: "x", timers: { [DELIVERY_TIMER]: timer } }])).toThrow(
      "timer kind delivery claimed twice",
    );
    const courier: CapabilityCourier<CapabilityContext, Ping> = { send: async () => undefined };
    expect(() =>
      table([
        { name: "x", deliveries: { ping: courier } },
        { name: "y", deliveries: { ping: courier } },
      ]),
    ).toThrow("message type ping claimed twice");
    const hear = { hear: () => {} };
    expect(() =>
      table([
        { name: "x", ends: { a: hear } },
        { name: "y", ends: { a: hear } },
      ]),
    ).toThrow("waiter kind a claimed twice");
  });

  it("a waiter's ends reach the capability subscribed to its kind, with the waiter's own shape", async () => {
    await freezeClock();
    const heard: string[] = [];
    const kernel = table([
      {
        name: "x",
        ends: { a: { hear: (_tx, waiter, ends) => heard.push(`${waiter.id}:${ends}`) } },
      },
      { name: "y", ends: { b: { hear: (_tx, waiter) => heard.push(`b${waiter.count}`) } } },
    ]);
    await inFleetRuntime("kernel-ends", (runtime) =>
      runtime.commit((tx) => {
        kernel.hear(tx, { kind: "a", id: "w1" }, ["op-1", "op-2"]);
        kernel.hear(tx, { kind: "b", count: 2 }, []);
      }),
    );
    expect(heard).toEqual(["w1:op-1,op-2", "b2"]);
  });

  it("a delivery's timer reaches the courier of its message's type, and what follows the attempt runs after it", async () => {
    await freezeClock();
    const steps: string[] = [];
    const ping: CapabilityCourier<CapabilityContext, Ping, string> = {
      async send(_context, message) {
        steps.push(`send ${message.text}`);
        return "pong";
      },
      taken: (_tx, _message, answer) => void steps.push(`taken ${answer}`),
      async settled() {
        steps.push("settled");
      },
    };
    const kernel = table([{ name: "pinger", deliveries: { ping } }]);
    await inFleetRuntime("kernel-deliveries", async (runtime) => {
      await runtime.commit((tx) => deliver<Ping>(tx, "p1", { type: "ping", text: "hi" }));
      const timer = runtime.timers().find((t) => t.kind === DELIVERY_TIMER)!;
      await kernel.fire({ runtime }, timer);
      expect(await runtime.read((tx) => pendingDelivery(tx, "p1"))).toBe(false);
    });
    expect(steps).toEqual(["send hi", "taken pong", "settled"]);
  });

  it("the fleet object and the update-run object dispatch through the same kernel type", () => {
    expect(FLEET_TABLE).toBeInstanceOf(CapabilityTable);
    expect(RUN_TABLE).toBeInstanceOf(CapabilityTable);
    for (const kind of ["run", DELIVERY_TIMER]) expect(RUN_TABLE.handles(kind)).toBe(true);
    // The "dispatch" timer of an earlier storage layout is gone with its shim.
    expect(RUN_TABLE.handles("dispatch")).toBe(false);
    for (const kind of ["op", "cu", "as", "rollout", "provider", DELIVERY_TIMER]) {
      expect(FLEET_TABLE.handles(kind)).toBe(true);
    }
  });

  it("LIFE-3 SEQ-5 SEQ-19 RUN-5 each kind of waiter's ends is heard by the room subscribed to it", () => {
    const rooms = Object.fromEntries(
      FLEET_TABLE.capabilities.flatMap((c) =>
        Object.keys(c.ends ?? {}).map((kind) => [kind, c.name]),
      ),
    );
    expect(rooms).toEqual({
      "cluster-upgrade": "cluster upgrades",
      "rollout-phase": "rollout",
      "run-member": "update-run members",
      "sequence-phase": "rollout",
    });
    for (const kind of Object.keys(rooms)) expect(FLEET_TABLE.hears(kind)).toBe(true);
  });
});
