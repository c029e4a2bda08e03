import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env.ts";
import { executorFor } from "../providers/executor.ts";
import { objectClock } from "./clock-source.ts";
import { ObjectRuntime, type Timer } from "./runtime/runtime.ts";

/**
 * One update run (SPEC RUN, EXT): the copied strategy and the whole status tree. The
 * run machine arrives with the update-run issue; the runtime (state, timers, outbox,
 * intake) is already the same as the fleet's.
 */
export class UpdateRunObject extends DurableObject<Env> {
  private runtime: ObjectRuntime | undefined;

  override async alarm(): Promise<void> {
    const runtime = await this.ready();
    await runtime.runAlarm((timer) => this.fire(timer));
  }

  private async ready(): Promise<ObjectRuntime> {
    const clock = await objectClock(this.env);
    this.runtime ??= new ObjectRuntime(
      this.ctx.storage,
      clock,
      executorFor(this.env, this.ctx.storage),
    );
    this.runtime.clock = clock;
    await this.runtime.prepare();
    return this.runtime;
  }

  private async fire(timer: Timer): Promise<void> {
    console.warn(`update run: no handler for timer kind ${timer.kind}`);
  }
}
