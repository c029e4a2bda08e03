import { describe, expect, it, vi } from "vitest";
import {
  attemptDelivery,
  type Courier,
  DELIVERY_TIMER,
  deliver,
  MAX_DELIVERY_ATTEMPTS,
  pendingDelivery,
} from "../../src/runtime/deliveries.ts";
import { freezeClock } from "../helpers.ts";
import { inFleetRuntime } from "./helpers.ts";

/** A runtime of a fleet object no test route reaches, its timers handled by the test. */

interface Note {
  type: "note";
  text: string;
}

/** A courier that fails its first `failures` attempts and records what it took. */
function flaky(failures: number) {
  const sent: string[] = [];
  const taken: string[] = [];
  let left = failures;
  const courier: Courier<Note, string> = {
    async send(message) {
      sent.push(message.text);
      if (left-- > 0) throw new Error("receiver down");
      return `ack ${message.text}`;
    },
    taken(tx, message, answer) {
      taken.push(answer);
      tx.putState(`taken:${message.text}`, answer);
    },
  };
  return { courier, sent, taken };
}

describe("durable deliveries (one retry mechanism for every object)", () => {
  it("a delivery that fails is retried on its own timer with growing waits until it is taken, and its answer is applied once", async () => {
    await freezeClock();
    await inFleetRuntime("deliveries-retry", async (runtime) => {
      const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
      const { courier, sent, taken } = flaky(2);
      await runtime.commit((tx) => deliver<Note>(tx, "d1", { type: "note", text: "hello" }));
      await attemptDelivery(runtime, "d1", courier);
      const first = runtime.timers().find((t) => t.kind === DELIVERY_TIMER)!;
      expect(first.due - runtime.now()).toBe(5_000);
      await attemptDelivery(runtime, "d1", courier);
      const second = runtime.timers().find((t) => t.kind === DELIVERY_TIMER)!;
      expect(second.due - runtime.now()).toBe(10_000);
      await attemptDelivery(runtime, "d1", courier);
      expect(sent).toEqual(["hello", "hello", "hello"]);
      expect(taken).toEqual(["ack hello"]);
      // Taken: gone, its timer too; another attempt sends nothing.
      await attemptDelivery(runtime, "d1", courier);
      expect(sent).toHaveLength(3);
      expect(runtime.timers().filter((t) => t.kind === DELIVERY_TIMER)).toEqual([]);
      expect(await runtime.commit((tx) => tx.getState("taken:hello"))).toBe("ack hello");
      quiet.mockRestore();
    });
  });

  it("a message replaced while its attempt is under way is not dropped by that attempt's answer", async () => {
    await freezeClock();
    await inFleetRuntime("deliveries-replace", async (runtime) => {
      const sent: string[] = [];
      const courier: Courier<Note, string> = {
        async send(message) {
          sent.push(message.text);
          if (message.text === "v1") {
            await runtime.commit((tx) => deliver<Note>(tx, "d2", { type: "note", text: "v2" }));
          }
          return "ok";
        },
      };
      await runtime.commit((tx) => deliver<Note>(tx, "d2", { type: "note", text: "v1" }));
      await attemptDelivery(runtime, "d2", courier);
      expect(await runtime.commit((tx) => pendingDelivery(tx, "d2"))).toBe(true);
      await attemptDelivery(runtime, "d2", courier);
      expect(sent).toEqual(["v1", "v2"]);
      expect(await runtime.commit((tx) => pendingDelivery(tx, "d2"))).toBe(false);
    });
  });

  it("two attempts of one delivery never overlap: the second finds it under way and does nothing", async () => {
    await freezeClock();
    await inFleetRuntime("deliveries-overlap", async (runtime) => {
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const sent: string[] = [];
      const courier: Courier<Note, string> = {
        async send(message) {
          sent.push(message.text);
          await gate;
          return "ok";
        },
      };
      await runtime.commit((tx) => deliver<Note>(tx, "d3", { type: "note", text: "once" }));
      const first = attemptDelivery(runtime, "d3", courier);
      await attemptDelivery(runtime, "d3", courier);
      release();
      await first;
      expect(sent).toEqual(["once"]);
    });
  });

  it("a delivery never taken is given up after a bounded number of attempts (nothing grows forever)", async () => {
    await freezeClock();
    await inFleetRuntime("deliveries-bound", async (runtime) => {
      const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
      const { courier, sent } = flaky(Number.POSITIVE_INFINITY);
      await runtime.commit((tx) => deliver<Note>(tx, "d4", { type: "note", text: "x" }));
      for (let i = 0; i < MAX_DELIVERY_ATTEMPTS + 5; i++) {
        await attemptDelivery(runtime, "d4", courier);
      }
      quiet.mockRestore();
      expect(sent).toHaveLength(MAX_DELIVERY_ATTEMPTS);
      expect(await runtime.commit((tx) => pendingDelivery(tx, "d4"))).toBe(false);
    });
  });
});
