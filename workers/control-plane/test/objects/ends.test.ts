import type { ClusterUpgrade } from "@regatta/engine";
import { describe, expect, it } from "vitest";
import { clusterUpgradeSaved } from "../../src/objects/fleet/cluster-upgrade/ended.ts";
import {
  closeWatch,
  openWatch,
  sealWatch,
  watchAll,
  watchOperation,
} from "../../src/objects/fleet/ends.ts";
import { type RolloutEnd, rolloutInboxKey } from "../../src/objects/fleet/rollout/owners.ts";
import {
  memberWatch,
  REPORTS_PER_DELIVERY,
  type RunOwner,
} from "../../src/objects/fleet/run-members/members.ts";
import type { NotificationBatch } from "../../src/objects/notifications/record.ts";
import { pendingDelivery, pendingMessage } from "../../src/runtime/deliveries.ts";
import type { Tx } from "../../src/runtime/types.ts";
import { freezeClock } from "../helpers.ts";
import { inFleetRuntime } from "./helpers.ts";

/** A cluster upgrade's save as its host makes it, reduced to what ends.ts reads. */
function ended(tx: Tx, id: string, state: "SUCCEEDED" | "FAILED", error?: string): void {
  const op = { id, state, ...(error ? { error } : {}) } as unknown as ClusterUpgrade;
  clusterUpgradeSaved(tx, op, undefined);
}

const owner: RunOwner = { fleet: "ends", run: "r1", cluster: "c1" };

describe("one way for an operation's end to reach its waiter (ends.ts)", () => {
  it("RUN-5 a run member is heard once, when its watch is sealed and every operation ended — an end that came before the seal included", async () => {
    await freezeClock();
    await inFleetRuntime("ends-member", async (runtime) => {
      const watch = memberWatch(owner);
      await runtime.commit((tx) => {
        openWatch(tx, watch, { kind: "run-member", ...owner });
        watchOperation(tx, watch, "op-a");
        watchOperation(tx, watch, "op-b");
      });
      // Members' ends travel to their run together, in one delivery per run.
      const ends = `run-ends/${owner.run}`;
      // op-a ends while more operations may still join: nothing is reported yet.
      await runtime.commit((tx) => ended(tx, "op-a", "SUCCEEDED"));
      expect(await runtime.commit((tx) => pendingDelivery(tx, ends))).toBe(false);
      await runtime.commit((tx) => sealWatch(tx, watch));
      expect(await runtime.commit((tx) => pendingDelivery(tx, ends))).toBe(false);
      await runtime.commit((tx) => ended(tx, "op-b", "FAILED", "node n1 did not drain"));
      const delivery = await runtime.commit((tx) =>
        tx.getState<{ message: { reports: { succeeded: boolean; message: string }[] } }>(
          `delivery:${ends}`,
        ),
      );
      expect(delivery?.message.reports).toEqual([
        expect.objectContaining({
          succeeded: false,
          message: "node n1 did not drain (operation op-b)",
        }),
      ]);
      // The same end saved again (a later save of a terminal operation) is not heard twice.
      await runtime.commit((tx) => {
        tx.deleteState(`delivery:${ends}`);
        ended(tx, "op-b", "FAILED", "node n1 did not drain");
      });
      expect(await runtime.commit((tx) => pendingDelivery(tx, ends))).toBe(false);
    });
  });

  it("SEQ-5 a rollout phase over two pools hears FAILED naming the failed one, once both ended", async () => {
    await freezeClock();
    await inFleetRuntime("ends-phase", async (runtime) => {
      const waiter = {
        kind: "rollout-phase" as const,
        group: "ends-phase",
        cluster: "c1",
        type: "NODE" as const,
        version: "1.30.1-gke.1",
      };
      await runtime.commit((tx) => watchAll(tx, "phase", waiter, ["op-1", "op-2"]));
      await runtime.commit((tx) => ended(tx, "op-1", "FAILED", "quota"));
      const before = await runtime.commit((tx) =>
        tx.getState<RolloutEnd[]>(rolloutInboxKey("ends-phase")),
      );
      expect(before).toBeUndefined();
      await runtime.commit((tx) => ended(tx, "op-2", "SUCCEEDED"));
      const inbox = await runtime.commit((tx) =>
        tx.getState<RolloutEnd[]>(rolloutInboxKey("ends-phase")),
      );
      expect(inbox).toEqual([
        {
          cluster: "c1",
          type: "NODE",
          version: "1.30.1-gke.1",
          outcome: "FAILED",
          error: "op-1 FAILED: quota",
        },
      ]);
    });
  });

  it("a closed watch hears nothing: its waiter went away", async () => {
    await freezeClock();
    await inFleetRuntime("ends-closed", async (runtime) => {
      const watch = memberWatch({ ...owner, run: "r2" });
      await runtime.commit((tx) => {
        watchAll(tx, watch, { kind: "run-member", ...owner, run: "r2" }, ["op-x"]);
        closeWatch(tx, watch);
      });
      await runtime.commit((tx) => ended(tx, "op-x", "SUCCEEDED"));
      expect(await runtime.commit((tx) => pendingDelivery(tx, watch))).toBe(false);
      expect(await runtime.commit((tx) => tx.getState("watched-by:op-x"))).toBeUndefined();
    });
  });

  it("LIFE-3 a cluster upgrade's end is heard once per ending: a save that repeats it is not an end, a resumed upgrade that ends again is", async () => {
    await freezeClock();
    await inFleetRuntime("ends-repeat", async (runtime) => {
      const op = (state: string, endedAt?: number) =>
        ({
          id: "op-r",
          cluster: "c-r",
          target: "1.2.3",
          state,
          ...(endedAt === undefined ? {} : { endedAt }),
        }) as unknown as ClusterUpgrade;
      const notified = () =>
        runtime.read(
          (tx) =>
            pendingMessage<NotificationBatch>(tx, "notify/collecting")?.events.map(
              (e) => e.event,
            ) ?? [],
        );
      await runtime.commit((tx) => clusterUpgradeSaved(tx, op("FAILED", 10), op("RUNNING")));
      expect(await notified()).toEqual(["operation.failed"]);
      // Saved again as it was (a tick of an ended upgrade): not a second end.
      await runtime.commit((tx) => clusterUpgradeSaved(tx, op("FAILED", 10), op("FAILED", 10)));
      expect(await notified()).toEqual(["operation.failed"]);
      // Resumed, then ended again: a new end.
      await runtime.commit((tx) => clusterUpgradeSaved(tx, op("SUCCEEDED", 20), op("RUNNING")));
      expect(await notified()).toEqual(["operation.failed", "operation.succeeded"]);
    });
  });

  it("RUN-5 a run's ends collect in one delivery of at most 1,000 reports: a full one goes on under its own id, and every end is carried once", async () => {
    await freezeClock();
    await inFleetRuntime("ends-full", async (runtime) => {
      const total = REPORTS_PER_DELIVERY + 2;
      await runtime.commit((tx) => {
        for (let i = 0; i < total; i++) {
          const member: RunOwner = { fleet: "ends-full", run: "big", cluster: `c${i}` };
          const watch = memberWatch(member);
          openWatch(tx, watch, { kind: "run-member", ...member });
          watchOperation(tx, watch, `op-${i}`);
          sealWatch(tx, watch);
          ended(tx, `op-${i}`, "SUCCEEDED");
        }
      });
      const deliveries = runtime
        .timers()
        .filter((timer) => (timer.payload ?? "").includes("big"))
        .map((timer) => timer.payload ?? "");
      expect(deliveries).toHaveLength(2);
      // The full one sorts first: older ends go first.
      expect(deliveries[0]).toMatch(/^run-ends-full\/big\//);
      expect(deliveries[1]).toBe("run-ends/big");
      const reports = await runtime.read((tx) =>
        deliveries.map(
          (id) =>
            tx.getState<{ message: { reports: { cluster: string }[] } }>(`delivery:${id}`)!.message
              .reports,
        ),
      );
      expect(reports.map((r) => r.length)).toEqual([REPORTS_PER_DELIVERY, 2]);
      expect(new Set(reports.flat().map((r) => r.cluster)).size).toBe(total);
    });
  });
});
