import { DurableObject } from "cloudflare:workers";
import type { ProviderEvent } from "@regatta/engine";
import type { Env } from "../env.ts";
import { executorFor } from "../providers/executor.ts";
import { advanceSim } from "../providers/sim-executor.ts";
import { objectClock } from "./clock-source.ts";
import { eventKey, recordUnclaimed } from "./events.ts";
import { ObjectRuntime, type Timer, type Tx } from "./runtime/runtime.ts";

/**
 * One fleet: its rollout sequencing state, node-pool operations, autoscaler decisions
 * and (in sim mode) the simulated provider for its clusters. A shell: it loads the
 * runtime, hands events and time to the engine and lets the runtime keep effects safe.
 */
export class FleetObject extends DurableObject<Env> {
  private runtime: ObjectRuntime | undefined;

  /** The platform alarm: run every due timer. */
  override async alarm(): Promise<void> {
    await this.tick();
  }

  /** Runs due timers now; called by the alarm and after the sim clock jumps ahead. */
  async tick(): Promise<{ fired: number; failed: number }> {
    const runtime = await this.ready();
    return runtime.runAlarm((timer) => this.fire(runtime, timer));
  }

  /** Intake of one provider event (sim or webhook callback); duplicates are ignored. */
  async receiveEvent(event: ProviderEvent): Promise<{ applied: boolean }> {
    const runtime = await this.ready();
    const applied = await runtime.commit((tx) => this.apply(tx, event));
    return { applied };
  }

  /** Test and operator visibility: the object's clock and pending work. */
  async inspect(): Promise<{ now: number; timers: Timer[]; outbox: number }> {
    const runtime = await this.ready();
    return { now: runtime.now(), timers: runtime.timers(), outbox: runtime.pendingOutbox().length };
  }

  protected async ready(): Promise<ObjectRuntime> {
    const clock = await objectClock(this.env);
    this.runtime ??= new ObjectRuntime(
      this.ctx.storage,
      clock,
      executorFor(this.env, this.ctx.storage),
    );
    this.runtime.clock = clock;
    return this.runtime;
  }

  /** Routes one provider event to its owner, once. */
  private apply(tx: Tx, event: ProviderEvent): boolean {
    return tx.once(eventKey(event), () => recordUnclaimed(tx, event));
  }

  private async fire(runtime: ObjectRuntime, timer: Timer): Promise<void> {
    switch (timer.kind) {
      case "sim": {
        // Advancing the sim and applying what it reports is one transaction: a crash
        // cannot lose an event the sim already considers delivered.
        await runtime.commit((tx) => {
          for (const event of advanceSim(tx)) this.apply(tx, event);
        });
        return;
      }
      default:
        console.warn(`fleet: no handler for timer kind ${timer.kind}`);
    }
  }
}
