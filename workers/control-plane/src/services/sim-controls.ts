import type { z } from "@hono/zod-openapi";
import type {
  SimFault,
  SimFaultInput,
  SimPreemptInput,
  SimSettings,
  SimStatus,
} from "@regatta/contract";
import { DEFAULT_REJECTION_DELAY_SECONDS } from "@regatta/engine";
import { getCluster, getNode } from "@regatta/inventory";
import { simFaults, simSettings } from "@regatta/inventory/schema";
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
    const db = inventoryDb(this.env.DB);
    const rows = await db.select().from(simFaults).orderBy(simFaults.id);
    return {
      now: new Date(simClock(params).now()).toISOString(),
      speed: params.speed,
      settings: await this.settings(),
      faults: rows.map((row) => ({
        id: row.id,
        match: row.match,
        effect: row.effect,
        ...(row.times === null ? {} : { times: row.times }),
      })),
    };
  }

  async settings(): Promise<z.infer<typeof SimSettings>> {
    const [row] = await inventoryDb(this.env.DB)
      .select()
      .from(simSettings)
      .where(eq(simSettings.id, 1))
      .limit(1);
    return row
      ? {
          durations: row.durations,
          jitter: row.jitter,
          rejectionDelaySeconds: row.rejectionDelaySeconds,
        }
      : { durations: {}, jitter: 0, rejectionDelaySeconds: DEFAULT_REJECTION_DELAY_SECONDS };
  }

  /** New timing applies to commands each fleet starts from now on. */
  async putSettings(input: z.infer<typeof SimSettings>): Promise<z.infer<typeof SimStatus>> {
    await inventoryDb(this.env.DB)
      .insert(simSettings)
      .values({ id: 1, ...input })
      .onConflictDoUpdate({ target: simSettings.id, set: input });
    return this.status();
  }

  /** Reports a node of the cluster's pool as preempted, through its fleet's sim. */
  async preempt(input: z.infer<typeof SimPreemptInput>): Promise<void> {
    const db = inventoryDb(this.env.DB);
    const cluster = await getCluster(db, input.cluster);
    if (!cluster) throw new ProblemError(404, `cluster ${input.cluster} does not exist`);
    const node = await getNode(db, input.cluster, input.node);
    const target = { ...input, ...(node ? { zone: node.zone } : {}) };
    const preempted = await this.env.FLEET.get(this.env.FLEET.idFromName(cluster.fleet)).preempt(
      target,
    );
    if (!preempted)
      throw new ProblemError(
        409,
        `fleet ${cluster.fleet} has no simulated activity yet; start an upgrade first`,
      );
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

  advance(seconds: number): Promise<z.infer<typeof SimStatus>> {
    return this.reanchor({ advanceSeconds: seconds });
  }

  setSpeed(speed: number): Promise<z.infer<typeof SimStatus>> {
    return this.reanchor({ speed });
  }

  /**
   * Re-anchors the shared clock, then wakes every object so what became due runs now
   * and alarms follow the new speed.
   */
  private async reanchor(change: {
    advanceSeconds?: number;
    speed?: number;
  }): Promise<z.infer<typeof SimStatus>> {
    const params = await loadSimClock(this.env.DB, configuredSpeed(this.env.SIM_SPEED));
    await saveSimClock(this.env.DB, reanchor(params, Date.now(), change));
    await runScheduled(this.env, Date.now());
    return this.status();
  }
}
