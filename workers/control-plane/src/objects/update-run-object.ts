import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env.ts";
import { readyRuntime } from "./runtime/ready.ts";
import type { ObjectRuntime, Timer } from "./runtime/runtime.ts";

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
    this.runtime = await readyRuntime(this.runtime, this.env, this.ctx.storage);
    return this.runtime;
  }

  private async fire(timer: Timer): Promise<void> {
    console.warn(`update run: no handler for timer kind ${timer.kind}`);
  }
}
