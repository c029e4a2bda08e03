import { describe, expect, it } from "vitest";
import {
  EVENTS_PER_DELIVERY,
  type NotificationBatch,
  recordNotification,
} from "../../src/objects/notifications/record.ts";
import { DELIVERY_TIMER } from "../../src/runtime/deliveries.ts";
import { freezeClock } from "../helpers.ts";
import { inFleetRuntime } from "./helpers.ts";

/**
 * Work of one instant done together (docs/architecture.md "What a step costs"): what
 * collects, how far, and that a read changes nothing.
 */
describe("work of one instant done together", () => {
  it("notifications: events recorded at once share one delivery, a full one is set apart and retried on its own, and none is lost or repeated", async () => {
    await freezeClock();
    await inFleetRuntime("batching-notify", async (runtime) => {
      const total = EVENTS_PER_DELIVERY + 3;
      // Not handed to the queue here: deliveries wait on their timers.
      await runtime.commit((tx) => {
        for (let i = 0; i < total; i++) {
          recordNotification(tx, {
            event: "operation.succeeded",
            fleet: "batching-notify",
            subject: `operations/op-${i}`,
            data: { i },
          });
        }
      });
      const ids = runtime
        .timers()
        .filter((timer) => timer.kind === DELIVERY_TIMER)
        .map((timer) => timer.payload ?? "");
      expect(ids).toHaveLength(2);
      const batches = await runtime.read((tx) =>
        ids.map((id) => tx.getState<{ message: NotificationBatch }>(`delivery:${id}`)!.message),
      );
      const sizes = batches.map((batch) => batch.events.length).sort((a, b) => a - b);
      expect(sizes).toEqual([3, EVENTS_PER_DELIVERY]);
      const subjects = batches.flatMap((batch) => batch.events.map((event) => event.subject));
      expect(new Set(subjects).size).toBe(total);
    });
  });

  it("DESIGN a read sees what a commit would and cannot change anything", async () => {
    await freezeClock();
    await inFleetRuntime("batching-read", async (runtime) => {
      await runtime.commit((tx) => tx.putState("k", { v: 1 }));
      expect(await runtime.read((tx) => tx.getState("k"))).toEqual({ v: 1 });
      await expect(runtime.read((tx) => tx.putState("k", { v: 2 }))).rejects.toThrow(
        /a read changed state/,
      );
      expect(await runtime.read((tx) => tx.getState("k"))).toEqual({ v: 1 });
    });
  });
});
