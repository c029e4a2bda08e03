import type { z } from "@hono/zod-openapi";
import type { SimFault, SimFaultInput, SimStatus } from "@regatta/contract";
import { simFaults } from "@regatta/inventory/schema";
import { eq } from "drizzle-orm";
import { inventoryDb } from "../db.ts";
import type { Env } from "../env.ts";
import { ProblemError } from "../http/problem.ts";
import { reanchor, simClock } from "../objects/runtime/clock.ts";
import { configuredSpeed, loadSimClock, saveSimClock } from "../providers/sim-clock.ts";
import { runScheduled } from "../scheduled.ts";

type Fault = z.infer<typeof SimFault>;

/** The sim provider's operator controls: the shared virtual clock and fault injection. */
export class SimControls {
  constructor(private readonly env: Env) {}

  async status(): Promise<z.infer<typeof SimStatus>> {
    const params = await loadSimClock(this.env.DB, configuredSpeed(this.env.SIM_SPEED));
    const rows = await inventoryDb(this.env.DB).select().from(simFaults).orderBy(simFaults.id);
    return {
      now: new Date(simClock(params).now()).toISOString(),
      speed: params.speed,
      faults: rows.map((row) => ({
        id: row.id,
        match: row.match,
        effect: row.effect,
        ...(row.times === null ? {} : { times: row.times }),
      })),
    };
  }

  async putFault(id: string, input: z.infer<typeof SimFaultInput>): Promise<Fault> {
    const row = {
      id,
      match: input.match,
      effect: input.effect,
      times: input.times ?? null,
      createdAt: Date.now(),
    };
    await inventoryDb(this.env.DB)
      .insert(simFaults)
      .values(row)
      .onConflictDoUpdate({
        target: simFaults.id,
        set: { match: row.match, effect: row.effect, times: row.times },
      });
    return { id, ...input };
  }

  async deleteFault(id: string): Promise<void> {
    const deleted = await inventoryDb(this.env.DB)
      .delete(simFaults)
      .where(eq(simFaults.id, id))
      .returning();
    if (deleted.length === 0) throw new ProblemError(404, `sim fault ${id} does not exist`);
  }

  /** Jumps ahead, then wakes every object so what became due runs now, not at the next alarm. */
  async advance(seconds: number): Promise<z.infer<typeof SimStatus>> {
    const params = await loadSimClock(this.env.DB, configuredSpeed(this.env.SIM_SPEED));
    await saveSimClock(this.env.DB, reanchor(params, Date.now(), { advanceSeconds: seconds }));
    await runScheduled(this.env, Date.now());
    return this.status();
  }

  async setSpeed(speed: number): Promise<z.infer<typeof SimStatus>> {
    const params = await loadSimClock(this.env.DB, configuredSpeed(this.env.SIM_SPEED));
    await saveSimClock(this.env.DB, reanchor(params, Date.now(), { speed }));
    await runScheduled(this.env, Date.now());
    return this.status();
  }
}
