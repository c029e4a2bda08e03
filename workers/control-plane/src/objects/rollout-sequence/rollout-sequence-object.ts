import {
  checkRolloutControl,
  type SequenceEvent,
  type SequenceFacts,
  type SequenceRolloutView,
  type SequenceState,
  sequenceRollouts,
} from "@regatta/engine";
import { loadSequenceFacts } from "@regatta/inventory";
import type { Outcome } from "../../outcome.ts";
import { DELIVERY_TIMER, type Timer } from "../../runtime/types.ts";
import { sendDueNotifications } from "../notifications/capability.ts";
import { PlanningClaims } from "../planning.ts";
import { WatchedObject } from "../watched-object.ts";
import { ObjectWiring } from "../wiring.ts";
import { SEQUENCE_TABLE } from "./capabilities.ts";
import type { SequenceContext } from "./context.ts";
import { runSequencePass, SEQUENCE_TIMER, STARTS, wakeSequence } from "./host.ts";
import { loadSequenceState, type PhaseEnded, queueEnds } from "./store.ts";

/** Passes one call runs at most: starts refused at once are heard by the next. */
const PASSES_PER_CALL = 4;

/**
 * One rollout sequence with custom stages (SEQ-19 onward): its stages' state, its timer,
 * the starts it asks of its fleets' objects and the ends they report back. A shell: the
 * engine decides (`decideSequence`), the runtime keeps state and timers, and its timers
 * and deliveries go through the kernel's table (capabilities.ts).
 */
export class RolloutSequenceObject extends WatchedObject {
  protected readonly wiring = new ObjectWiring(this.env, this.ctx.storage, {
    identity: { kind: "rollout-sequence", name: this.ctx.id.name },
    watch: this.ctx,
    // Clusters upgrade in their fleets' objects: this one sends no provider commands.
    provider: "none",
  });
  private readonly planning = new PlanningClaims();

  override async alarm(): Promise<void> {
    await this.tick();
  }

  /** Runs due timers (its alarm, or a sweep of due wake-ups). */
  async tick(): Promise<void> {
    const context = await this.context();
    await context.runtime.runAlarm();
    await this.dispatch(context);
  }

  /** A pass now: the sequence was written or deleted, a release published, the cron. */
  async evaluate(): Promise<void> {
    await this.pass(await this.context());
  }

  /** SEQ-19: ends of cluster phases a fleet reported; true once taken (repeats too). */
  async phasesEnded(ends: readonly PhaseEnded[]): Promise<boolean> {
    const context = await this.context();
    await context.runtime.commit((tx) => {
      queueEnds(tx, ends);
      wakeSequence(tx, tx.now);
    });
    await this.pass(context);
    return true;
  }

  /**
   * SEQ-20: pauses or resumes a rollout, applied by a pass now; answers the rollout as the
   * pass left it with the stages it was read against (who may see which), or why not (no
   * such rollout, or nothing left to pause).
   */
  async control(
    event: Extract<SequenceEvent, { kind: "PAUSE" | "RESUME" }>,
  ): Promise<
    Outcome<{ rollout: SequenceRolloutView; stages: SequenceFacts["stages"] }> | undefined
  > {
    const context = await this.context();
    const before = await this.read(context);
    if (before === undefined) return undefined;
    const checked = checkRolloutControl(before.rollouts, this.name(), event);
    if (!checked.ok) return checked;
    await this.pass(context, [event]);
    const after = (await this.read(context)) ?? before;
    const rollout = after.rollouts.find((r) => r.id === event.rollout) ?? checked.value;
    return { ok: true, value: { rollout, stages: after.facts.stages } };
  }

  /** SEQ-21: the sequence's rollouts with their facts; undefined when it does not exist. */
  async rollouts(): Promise<{ facts: SequenceFacts; rollouts: SequenceRolloutView[] } | undefined> {
    return this.read(await this.context());
  }

  /** EXT-6: the sequence's facts and state, read and changed nowhere, for a what-if plan. */
  async snapshot(): Promise<{ facts: SequenceFacts; state: SequenceState } | undefined> {
    const context = await this.context();
    const facts = await loadSequenceFacts(context.inventory, context.name);
    if (facts === undefined) return undefined;
    return { facts, state: await context.runtime.read((tx) => loadSequenceState(tx)) };
  }

  /** SEC-3: one plan of this sequence at a time. */
  async claimPlanning(forMs: number): Promise<string | undefined> {
    return this.planning.claim(forMs);
  }
  async releasePlanning(claim: string): Promise<void> {
    this.planning.release(claim);
  }

  /** Test and benchmark visibility. */
  async inspect(): Promise<{ now: number; timers: Timer[] }> {
    const { now, timers } = (await this.context()).runtime.inspect();
    return { now, timers };
  }

  private async read(context: SequenceContext) {
    const facts = await loadSequenceFacts(context.inventory, context.name);
    if (facts === undefined) return undefined;
    const state = await context.runtime.read((tx) => loadSequenceState(tx));
    return { facts, rollouts: sequenceRollouts(state, facts, context.runtime.now()) };
  }

  /**
   * Passes until no end is waiting: a pass's starts are carried out at once, and a start
   * refused at once is an end the next pass hears.
   */
  private async pass(context: SequenceContext, controls: readonly SequenceEvent[] = []) {
    await runSequencePass(context, controls);
    for (let i = 1; i < PASSES_PER_CALL && (await this.dispatch(context)); i++) {
      await runSequencePass(context);
    }
  }

  /**
   * Carries out the starts due now and hands notifications on; whether an end is now
   * waiting for a pass (a start that could not be made).
   */
  private async dispatch(context: SequenceContext): Promise<boolean> {
    const { runtime } = context;
    try {
      const now = runtime.now();
      const due = runtime
        .timers()
        .filter(
          (t) => t.kind === DELIVERY_TIMER && t.due <= now && (t.payload ?? "").startsWith(STARTS),
        );
      for (const timer of due) await SEQUENCE_TABLE.deliver(context, timer.payload ?? "");
      await sendDueNotifications(context);
    } catch (error) {
      // Still recorded: each delivery's own timer tries again.
      console.error(`rollout sequence ${context.name}: dispatch failed`, error);
    }
    const now = runtime.now();
    return runtime.timers().some((t) => t.kind === SEQUENCE_TIMER && t.due <= now);
  }

  private name(): string {
    return this.ctx.id.name ?? "";
  }

  private async context(): Promise<SequenceContext> {
    const runtime = await this.wiring.ready();
    const context: SequenceContext = {
      name: this.name(),
      runtime,
      env: this.env,
      inventory: this.wiring.inventory,
    };
    runtime.handleTimers((timer: Timer) => SEQUENCE_TABLE.fire(context, timer));
    return context;
  }
}
