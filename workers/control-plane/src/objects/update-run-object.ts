import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env.ts";
import { ObjectWiring } from "../wiring.ts";
import type { Timer } from "./runtime/types.ts";

/**
 * One update run (SPEC RUN, EXT): the copied strategy and the whole status tree. The
 * run machine arrives with the update-run issue; the runtime (state, timers, outbox,
 * intake) is already the same as the fleet's.
 */
export class UpdateRunObject extends DurableObject<Env> {
  private readonly wiring = new ObjectWiring(this.env, this.ctx.storage);

  override async alarm(): Promise<void> {
    const runtime = await this.wiring.ready();
    await runtime.runAlarm((timer) => this.fire(timer));
  }

  private async fire(timer: Timer): Promise<void> {
    console.warn(`update run: no handler for timer kind ${timer.kind}`);
  }
}
