import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import type { ProviderCommand } from "@regatta/engine";
import { SIGNATURE_WINDOW_MS } from "@regatta/protocol";
import { afterEach, describe, expect, it, vi } from "vitest";
import { simClock } from "../src/clock/clock.ts";
import type { Env } from "../src/env.ts";
import type { FleetObject } from "../src/objects/fleet/fleet-object.ts";
import type { ObjectWiring } from "../src/objects/wiring.ts";
import { WebhookExecutor } from "../src/providers/webhook-executor.ts";
import { MAX_FIRINGS_AT_ONE_INSTANT, ObjectRuntime } from "../src/runtime/runtime.ts";
import type { OutboxBatch, OutboxExecutor } from "../src/runtime/types.ts";
import { advanceClock, freezeClock } from "./helpers.ts";

const createNode = (id: string): ProviderCommand => ({
  id,
  type: "CREATE_NODE",
  cluster: "c1",
  pool: "p1",
  zone: "zone-a",
  node: `node-${id}`,
  version: "1.21.14-gke.4300",
  nodeImage: "cos",
});

/** An executor that records deliveries and can be made to crash on demand. */
class RecordingExecutor implements OutboxExecutor {
  delivered: string[] = [];
  crashBeforeNext = 0;
  crashAfterNext = 0;
  async execute(batch: OutboxBatch): Promise<void> {
    if (this.crashBeforeNext > 0) {
      this.crashBeforeNext--;
      throw new Error("simulated crash before the provider saw the batch");
    }
    this.delivered.push(...batch.commands.map((command) => command.id));
    if (this.crashAfterNext > 0) {
      this.crashAfterNext--;
      throw new Error("simulated crash after the provider saw the batch");
    }
  }
}

function fleet(name: string) {
  return env.FLEET.get(env.FLEET.idFromName(name));
}

afterEach(async () => {
  vi.restoreAllMocks();
  // Alarms are not reset between tests in workerd.
  for (const name of [
    "timers",
    "crash",
    "dup",
    "sim",
    "chain",
    "packed",
    "overlap",
    "overlap-rt",
    "inbox",
    "wall",
    "finish",
    "armed",
    "prefetch",
  ]) {
    await runInDurableObject(fleet(name), (_instance: FleetObject, state) =>
      state.storage.deleteAlarm(),
    );
  }
});

/** Provider events the fleet logged because no operation owns them. */
function unclaimedReports(warn: { mock: { calls: unknown[][] } }): { commandId?: string }[] {
  return warn.mock.calls
    .filter((call) => call[0] === "fleet: no operation owns provider event")
    .map((call) => call[1] as { commandId?: string });
}

describe("Durable Object runtime", () => {
  it("a timer fires through the alarm when virtual time reaches it", async () => {
    await freezeClock();
    const stub = fleet("timers");
    // A CREATE_NODE through the real sim provider: completion is a sim timer 120 s out.
    await runInDurableObject(stub, async (instance: FleetObject) => {
      const runtime = await (instance as unknown as { ready(): Promise<ObjectRuntime> }).ready();
      await runtime.commit((tx) => tx.send([createNode("t1")]));
    });
    const before = await stub.inspect();
    expect(before.timers.map((t) => t.kind)).toEqual(["provider"]);
    expect(before.timers[0]!.due - before.now).toBe(120_000);

    expect(await runDurableObjectAlarm(stub)).toBe(true);
    // Not due yet: nothing delivered, the timer stays.
    expect((await stub.inspect()).timers).toHaveLength(1);

    await advanceClock(120);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const after = await stub.inspect();
    expect(after.timers).toHaveLength(0);
    // No operation owns this command: its completion reaches the fleet and is logged.
    expect(unclaimedReports(warn)).toEqual([
      expect.objectContaining({ type: "COMMAND_SUCCEEDED", commandId: "t1" }),
    ]);
  });

  it("a wall timer fires once the wall clock passes it, whatever the virtual clock does, and sets the alarm in wall time", async () => {
    await runInDurableObject(fleet("wall"), async (_instance: FleetObject, state) => {
      let wall = 5_000_000;
      const clock = {
        now: () => 1_000_000,
        wallFor: () => undefined,
        wall: () => wall,
      };
      const runtime = new ObjectRuntime(state.storage, clock, new RecordingExecutor());
      const fired: string[] = [];
      const fire = async (timer: { id: string; kind: string }) => {
        fired.push(`${timer.kind}:${timer.id}`);
      };
      await runtime.commit((tx) => {
        tx.setTimer({ id: "keep", due: tx.wall + 60_000, kind: "retire", clock: "wall" });
        tx.setTimer({ id: "moved", due: tx.now + 1, kind: "retire" });
        // Set again on the wall clock: it leaves the virtual table.
        tx.setTimer({ id: "moved", due: tx.wall + 120_000, kind: "retire", clock: "wall" });
      });
      expect(runtime.timers()).toEqual([]);
      expect(runtime.wallTimers().map((t) => t.id)).toEqual(["keep", "moved"]);
      // A frozen virtual clock still wakes the object for its bookkeeping.
      const alarm = await state.storage.getAlarm();
      expect(alarm).not.toBeNull();
      expect(alarm! - Date.now()).toBeLessThanOrEqual(60_000);

      await runtime.runAlarm(fire);
      expect(fired).toEqual([]);
      wall += 60_000;
      await runtime.runAlarm(fire);
      expect(fired).toEqual(["retire:keep"]);
      await runtime.commit((tx) => tx.clearTimer("moved"));
      wall += 600_000;
      await runtime.runAlarm(fire);
      expect(fired).toEqual(["retire:keep"]);
      expect(runtime.wallTimers()).toEqual([]);
      expect(await state.storage.getAlarm()).toBeNull();
    });
  });

  it("the alarm is set only when it moves: a commit that leaves it standing writes none, and one is set again after an alarm run", async () => {
    await runInDurableObject(fleet("armed"), async (_instance: FleetObject, state) => {
      await state.storage.deleteAlarm();
      // A frozen clock: virtual timers keep an alarm a day ahead, on the hour.
      const clock = simClock({ anchorWallMs: 0, anchorVirtualMs: 1_000_000, speed: 0 });
      const runtime = new ObjectRuntime(state.storage, clock, new RecordingExecutor());
      const set = () => runtime.counters.alarmsSet;
      await runtime.commit((tx) => tx.setTimer({ id: "soak", due: tx.now + 3_600_000, kind: "k" }));
      const armed = await state.storage.getAlarm();
      expect(armed).not.toBeNull();
      expect(armed! % 3_600_000).toBe(0);
      expect(set()).toBe(1);
      // State changes, a later timer: the alarm stands where it was.
      await runtime.commit((tx) => {
        tx.putState("x", 1);
        tx.setTimer({ id: "later", due: tx.now + 7_200_000, kind: "k" });
      });
      expect(set()).toBe(1);
      expect(await state.storage.getAlarm()).toBe(armed);
      // An alarm run: the platform keeps only what the run sets, so the run sets it.
      await runtime.runAlarm(async () => {});
      expect(set()).toBe(2);
      expect(await state.storage.getAlarm()).toBe(armed);
      // Nothing left: the alarm goes, once.
      await runtime.commit((tx) => {
        tx.clearTimer("soak");
        tx.clearTimer("later");
      });
      expect(await state.storage.getAlarm()).toBeNull();
      await runtime.commit((tx) => tx.putState("x", 2));
      expect(await state.storage.getAlarm()).toBeNull();
      expect(set()).toBe(2);
    });
  });

  it("a transaction reads keys ahead in one statement; what it read ahead, there or not, needs no read after", async () => {
    await runInDurableObject(fleet("prefetch"), async (_instance: FleetObject, state) => {
      const clock = simClock({ anchorWallMs: 0, anchorVirtualMs: 1_000_000, speed: 0 });
      await new ObjectRuntime(state.storage, clock, new RecordingExecutor()).commit((tx) =>
        tx.putState("kept", { n: 1 }),
      );
      // A new instance: nothing cached.
      const runtime = new ObjectRuntime(state.storage, clock, new RecordingExecutor());
      const exec = vi.spyOn(state.storage.sql, "exec");
      const seen = await runtime.commit((tx) => {
        const before = exec.mock.calls.length;
        tx.prefetch(["kept", "new-1", "new-2"]);
        const ahead = exec.mock.calls.length - before;
        const values = [tx.getState("kept"), tx.getState("new-1"), tx.getState("new-2")];
        const after = exec.mock.calls.length - before - ahead;
        tx.putState("new-1", "one");
        return { ahead, after, values, written: tx.getState("new-1") };
      });
      expect(seen).toEqual({
        ahead: 1,
        after: 0,
        values: [{ n: 1 }, undefined, undefined],
        written: "one",
      });
      expect(await runtime.read((tx) => tx.getState("new-1"))).toBe("one");
    });
  });

  it("a crash between persist and execute neither loses nor doubles a command", async () => {
    await freezeClock();
    await runInDurableObject(fleet("crash"), async (_instance: FleetObject, state) => {
      const executor = new RecordingExecutor();
      const clock = simClock({ anchorWallMs: 0, anchorVirtualMs: 1_000_000, speed: 0 });
      const runtime = new ObjectRuntime(state.storage, clock, executor);

      executor.crashBeforeNext = 1;
      await runtime.commit((tx) => {
        tx.putState("op", { step: 1 });
        tx.send([createNode("a1"), createNode("a2")]);
      });
      await runtime.drainOutbox();
      // The state and the command are both persisted; the provider has seen nothing.
      expect(executor.delivered).toEqual([]);
      expect(runtime.pendingOutbox()).toHaveLength(1);

      // A fresh runtime (as after eviction) retries once the backoff has passed.
      const later = simClock({ anchorWallMs: 0, anchorVirtualMs: 1_000_000 + 60_000, speed: 0 });
      const restarted = new ObjectRuntime(state.storage, later, executor);
      executor.crashAfterNext = 1;
      await restarted.drainOutbox();
      // Delivered, but the acknowledgement was lost: the batch is still pending...
      expect(executor.delivered).toEqual(["a1", "a2"]);
      expect(restarted.pendingOutbox()).toHaveLength(1);

      const muchLater = simClock({
        anchorWallMs: 0,
        anchorVirtualMs: 1_000_000 + 600_000,
        speed: 0,
      });
      await new ObjectRuntime(state.storage, muchLater, executor).drainOutbox();
      // ...so it is delivered again with the same ids, which the provider deduplicates.
      expect(executor.delivered).toEqual(["a1", "a2", "a1", "a2"]);
      expect(new ObjectRuntime(state.storage, muchLater, executor).pendingOutbox()).toHaveLength(0);
    });
  });

  it("the sim provider executes a redelivered batch only once", async () => {
    await freezeClock();
    const stub = fleet("sim");
    await runInDurableObject(stub, async (instance: FleetObject) => {
      const runtime = await (instance as unknown as { ready(): Promise<ObjectRuntime> }).ready();
      await runtime.commit((tx) => tx.send([createNode("s1")]));
      // Same batch again, as after a lost acknowledgement.
      await runtime.commit((tx) => tx.send([createNode("s1")]));
    });
    await advanceClock(600);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await stub.tick();
    const events = unclaimedReports(warn);
    expect(events.filter((e) => e.commandId === "s1")).toHaveLength(1);
  });

  it("a timer scheduled for now by a due timer runs in the same alarm; one that always asks for now is bounded and starves no other", async () => {
    await freezeClock();
    await runInDurableObject(fleet("chain"), async (instance: FleetObject) => {
      const runtime = await (instance as unknown as { ready(): Promise<ObjectRuntime> }).ready();
      const fired: string[] = [];
      await runtime.commit((tx) => {
        tx.setTimer({ id: "end", due: tx.now, kind: "test-end" });
        tx.setTimer({ id: "loop", due: tx.now, kind: "test-loop" });
      });
      const outcome = await runtime.runAlarm(async (timer) => {
        fired.push(timer.id);
        await runtime.commit((tx) => {
          // An operation that ends asks for its write-back now; a runaway asks again.
          if (timer.id === "end") tx.setTimer({ id: "write-back", due: tx.now, kind: "test-sync" });
          if (timer.id === "loop")
            tx.setTimer({ id: "loop", due: timer.due - 1, kind: "test-loop" });
        });
      });
      expect(fired.filter((id) => id === "write-back")).toEqual(["write-back"]);
      expect(fired.filter((id) => id === "loop")).toHaveLength(MAX_FIRINGS_AT_ONE_INSTANT);
      expect(outcome).toEqual({ fired: fired.length, failed: 0 });
      expect(runtime.timers().map((t) => t.id)).toEqual(["loop"]);
    });
  });

  it("small values that change together are written as one row; large ones get their own; a failed transaction leaves nothing behind", async () => {
    await runInDurableObject(fleet("packed"), async (_i: FleetObject, state) => {
      const clock = simClock({ anchorWallMs: 0, anchorVirtualMs: 1_000_000, speed: 0 });
      const packs = (key: string) => key === "sim" || key.startsWith("op:");
      const runtime = new ObjectRuntime(state.storage, clock, new RecordingExecutor(), { packs });
      const rows = () => {
        const before = runtime.rowsWritten;
        return () => runtime.rowsWritten - before;
      };
      const ownRows = () =>
        state.storage.sql
          .exec<{ key: string }>("SELECT key FROM state ORDER BY key")
          .toArray()
          .map((row) => row.key);

      let written = rows();
      await runtime.commit((tx) => {
        tx.putState("sim", { queue: [1, 2] });
        tx.putState("op:a", { state: "RUNNING" });
        tx.putState("other", 1);
      });
      // One packed row for sim and op:a, one row for "other".
      expect(written()).toBe(2);
      expect(ownRows()).toEqual(["other", "~packed"]);

      written = rows();
      await runtime.commit((tx) => {
        tx.putState("sim", { queue: [2] });
        tx.putState("op:a", { state: "SUCCEEDED" });
      });
      expect(written()).toBe(1);

      // Too large to pack: a row of its own; small again: back in the packed row.
      const big = "x".repeat(600 * 1024);
      await runtime.commit((tx) => tx.putState("op:a", { big }));
      expect(ownRows()).toEqual(["op:a", "other", "~packed"]);
      await runtime.commit((tx) => tx.putState("op:a", { state: "DONE" }));
      expect(ownRows()).toEqual(["other", "~packed"]);

      await expect(
        runtime.commit((tx) => {
          tx.putState("sim", { queue: ["lost"] });
          throw new Error("the decision failed");
        }),
      ).rejects.toThrow(/decision failed/);

      // A fresh runtime over the same storage reads the committed values only.
      const reloaded = new ObjectRuntime(state.storage, clock, new RecordingExecutor(), {
        packs,
      });
      const seen = await reloaded.commit((tx) => [
        tx.getState("sim"),
        tx.getState("op:a"),
        tx.getState("other"),
      ]);
      expect(seen).toEqual([{ queue: [2] }, { state: "DONE" }, 1]);
      expect(await runtime.commit((tx) => tx.getState("sim"))).toEqual({ queue: [2] });
      await reloaded.commit((tx) => {
        tx.deleteState("sim");
        tx.deleteState("op:a");
      });
      expect(ownRows()).toEqual(["other"]);
    });
  });

  it("what a transaction asks to finish with runs once, at its end, from the state its changes left; a read may not ask; a failed change finishes nothing", async () => {
    await runInDurableObject(fleet("finish"), async (_i: FleetObject, state) => {
      const clock = simClock({ anchorWallMs: 0, anchorVirtualMs: 1_000_000, speed: 0 });
      const runtime = new ObjectRuntime(state.storage, clock, new RecordingExecutor());
      const finished: number[][] = [];
      const record = (tx: Parameters<Parameters<ObjectRuntime["commit"]>[0]>[0]) =>
        tx.atEnd("record", () => {
          const asked = tx.getState<number[]>("asked") ?? [];
          finished.push(asked);
          tx.putState("recorded", asked.length);
        });
      await runtime.commit((tx) => {
        for (const n of [1, 2, 3]) {
          tx.putState("asked", [...(tx.getState<number[]>("asked") ?? []), n]);
          record(tx);
        }
      });
      // Three asks, one finish, seeing all three; what it wrote is committed with them.
      expect(finished).toEqual([[1, 2, 3]]);
      expect(await runtime.commit((tx) => tx.getState("recorded"))).toBe(3);
      await expect(runtime.read((tx) => record(tx))).rejects.toThrow(/a read changed state/);
      await expect(
        runtime.commit((tx) => {
          record(tx);
          throw new Error("the decision failed");
        }),
      ).rejects.toThrow(/decision failed/);
      expect(finished).toHaveLength(1);
    });
  });

  it("a duplicate provider event is ignored", async () => {
    await freezeClock();
    const stub = fleet("dup");
    const event = { type: "COMMAND_SUCCEEDED" as const, commandId: "x1", at: 5 };
    expect(await stub.receiveEvent(event)).toEqual({ applied: true });
    expect(await stub.receiveEvent(event)).toEqual({ applied: false });
    const failed = {
      type: "COMMAND_FAILED" as const,
      commandId: "x1",
      at: 6,
      reason: "FAILED" as const,
      message: "late",
    };
    expect(await stub.receiveEvent(failed)).toEqual({ applied: true });
  });

  it("overlapping alarm runs take turns: each due timer fires once", async () => {
    await runInDurableObject(fleet("overlap-rt"), async (_i: FleetObject, state) => {
      const clock = simClock({ anchorWallMs: 0, anchorVirtualMs: 1_000_000, speed: 0 });
      const runtime = new ObjectRuntime(state.storage, clock, new RecordingExecutor());
      await runtime.commit((tx) => {
        for (const id of ["a", "b", "c"]) tx.setTimer({ id, due: tx.now, kind: "test" });
      });
      const fired: string[] = [];
      // Each timer waits on I/O, as a write-back does: where a second run could slip in.
      const fire = async (timer: { id: string }) => {
        fired.push(timer.id);
        await new Promise((resolve) => setTimeout(resolve, 5));
      };
      await Promise.all([runtime.runAlarm(fire), runtime.runAlarm(fire), runtime.runAlarm(fire)]);
      expect(fired.sort()).toEqual(["a", "b", "c"]);
    });
  });

  it("alarm() and tick() interleaved: each due timer fires once and no batch goes out twice", async () => {
    await freezeClock();
    const stub = fleet("overlap");
    const posted: string[] = [];
    // A slow webhook endpoint: the wait is where a second run could slip in.
    const fetch: typeof globalThis.fetch = async (_input, init) => {
      posted.push(...JSON.parse(String(init?.body)).commands.map((c: { id: string }) => c.id));
      await new Promise((resolve) => setTimeout(resolve, 20));
      return new Response(null, { status: 202 });
    };
    const webhookEnv = {
      ...env,
      REGATTA_PROVIDER: "webhook",
      WEBHOOK_URL: "https://executor.example/commands",
      WEBHOOK_SECRET: "s3cret",
    } as Env;
    await runInDurableObject(stub, async (instance: FleetObject) => {
      const wiring = (instance as unknown as { wiring: ObjectWiring }).wiring;
      wiring.hooks.executor = () => new WebhookExecutor(webhookEnv, { fetch });
      wiring.restart();
      const runtime = await wiring.ready();
      await runtime.commit((tx) => {
        for (const id of ["t1", "t2", "t3"]) tx.setTimer({ id, due: tx.now, kind: "test-overlap" });
        tx.send([createNode("op-a:1")]);
        tx.send([createNode("op-b:1")]);
      });
    });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      await Promise.all([runDurableObjectAlarm(stub), stub.tick(), stub.tick()]);
      const fired = warn.mock.calls.filter((call) => String(call[0]).includes("test-overlap"));
      expect(fired).toHaveLength(3);
      expect(posted.sort()).toEqual(["op-a:1", "op-b:1"]);
      expect((await stub.inspect()).timers).toEqual([]);
    } finally {
      warn.mockRestore();
      await runInDurableObject(stub, (instance: FleetObject) => {
        (instance as unknown as { wiring: ObjectWiring }).wiring.hooks = {};
      });
    }
  });

  it("the inbox forgets events after 24 h of wall time, bounded per alarm, and never within the 5-minute signature window", async () => {
    await runInDurableObject(fleet("inbox"), async (_i: FleetObject, state) => {
      let wall = 1_000_000_000;
      // Virtual time stands still: the inbox follows the wall clock callbacks are signed with.
      const clock = simClock({ anchorWallMs: 0, anchorVirtualMs: 5, speed: 0 }, () => wall);
      const runtime = new ObjectRuntime(state.storage, clock, new RecordingExecutor());
      const keys = () =>
        state.storage.sql
          .exec<{ key: string }>("SELECT key FROM inbox ORDER BY key")
          .toArray()
          .map((row) => row.key);
      await runtime.commit((tx) => tx.once("old", () => {}));
      wall += 2 * 3_600_000;
      await runtime.commit((tx) => tx.once("young", () => {}));
      wall += 22 * 3_600_000 + 1;
      await runtime.runAlarm(async () => {});
      expect(keys()).toEqual(["young"]);
      // Forgotten: the same key is new again (the signature's skew bound refuses such replays).
      expect(await runtime.commit((tx) => tx.once("old", () => {}))).toBe(true);

      // A retention configured below the signature window the object passes in is raised
      // to twice that window (the runtime itself knows no protocol).
      const short = new ObjectRuntime(state.storage, clock, new RecordingExecutor(), {
        inboxRetentionMs: 1_000,
        replayWindowMs: SIGNATURE_WINDOW_MS,
      });
      await short.commit((tx) => tx.once("fresh", () => {}));
      wall += 6 * 60_000;
      await short.runAlarm(async () => {});
      expect(keys()).toContain("fresh");
      wall += 5 * 60_000;
      await short.runAlarm(async () => {});
      expect(keys()).not.toContain("fresh");
    });
  });
});
