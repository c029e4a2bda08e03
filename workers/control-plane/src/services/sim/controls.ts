import type { z } from "@hono/zod-openapi";
import type {
  SimFault,
  SimFaultInput,
  SimPreemptInput,
  SimSettings,
  SimStatus,
} from "@regatta/contract";
import {
  DEFAULT_REJECTION_DELAY_SECONDS,
  SPOT_PREEMPTION_NOTICE_SECONDS,
  toRfc3339,
} from "@regatta/engine";
import {
  allPages,
  countSimFaults,
  deleteSimFault,
  getCluster,
  getNode,
  getNodePool,
  getSimFault,
  getSimSettings,
  type Inventory,
  listSimFaults,
  putSimFault,
  putSimSettings,
  SIM_FAULTS_READ,
} from "@regatta/inventory";
import { mayAccess, type Principal } from "../../auth/principal.ts";
import { reanchor, simClock } from "../../clock/clock.ts";
import { configuredSpeed, loadSimClock, saveSimClock } from "../../clock/sim-clock-store.ts";
import type { Env } from "../../env.ts";
import { wakePendingObjects } from "../../objects/wakeups.ts";
import { accepted, type Outcome, refused } from "../../outcome.ts";
import { stepClock } from "./stepper.ts";

type Fault = z.infer<typeof SimFault>;

/** The sim provider's operator controls: the shared virtual clock and fault injection. */
export class SimControls {
  constructor(
    private readonly env: Env,
    private readonly db: Inventory,
  ) {}

  /**
   * The clock, timing and faults. A fault names the cluster, pool, node or operation it
   * hits, so a `reader` who is not an admin sees only faults on clusters it may read.
   */
  async status(reader?: Principal): Promise<z.infer<typeof SimStatus>> {
    const params = await loadSimClock(this.db, configuredSpeed(this.env.SIM_SPEED));
    const all = await allPages((page) => listSimFaults(this.db, page));
    const rows = reader === undefined ? all : await this.readableFaults(reader, all);
    return {
      now: toRfc3339(simClock(params).now()),
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

  private async readableFaults<F extends { match: { cluster?: string | undefined } }>(
    reader: Principal,
    faults: F[],
  ): Promise<F[]> {
    if (reader.role === "admin") return faults;
    const readable: F[] = [];
    for (const fault of faults) {
      const name = fault.match.cluster;
      const cluster = name === undefined ? undefined : await getCluster(this.db, name);
      const resource = cluster && {
        kind: "fleet" as const,
        fleet: cluster.fleet,
        scopes: cluster.scopes,
      };
      if (resource && mayAccess(reader, "read", resource)) readable.push(fault);
    }
    return readable;
  }

  async settings(): Promise<z.infer<typeof SimSettings>> {
    return (
      (await getSimSettings(this.db)) ?? {
        durations: {},
        jitter: 0,
        rejectionDelaySeconds: DEFAULT_REJECTION_DELAY_SECONDS,
      }
    );
  }

  /** New timing applies to commands each fleet starts from now on. */
  async putSettings(input: z.infer<typeof SimSettings>): Promise<z.infer<typeof SimStatus>> {
    await putSimSettings(this.db, input);
    return this.status();
  }

  /**
   * Reports a node of the cluster's pool as preempted, through its fleet's sim: a spot
   * node after the seed's 15 s notice, any other at once.
   */
  async preempt(input: z.infer<typeof SimPreemptInput>): Promise<Outcome<void>> {
    const cluster = await getCluster(this.db, input.cluster);
    if (!cluster) return refused("missing", `cluster ${input.cluster} does not exist`);
    const pool = await getNodePool(this.db, input.cluster, input.pool);
    if (!pool)
      return refused("missing", `node pool ${input.pool} does not exist in ${input.cluster}`);
    const node = await getNode(this.db, input.cluster, input.node);
    const target = {
      ...input,
      ...(node ? { zone: node.zone } : {}),
      ...(pool.spot ? { noticeSeconds: SPOT_PREEMPTION_NOTICE_SECONDS } : {}),
    };
    await this.env.FLEET.get(this.env.FLEET.idFromName(cluster.fleet)).preempt(target);
    return accepted(undefined);
  }

  /**
   * A new fault beyond the ones the sim reads ({@link SIM_FAULTS_READ}) is refused rather
   * than stored and silently never applied; replacing one is always allowed.
   */
  async putFault(id: string, input: z.infer<typeof SimFaultInput>): Promise<Outcome<Fault>> {
    if (
      (await getSimFault(this.db, id)) === undefined &&
      (await countSimFaults(this.db)) >= SIM_FAULTS_READ
    ) {
      return refused(
        "conflict",
        `the sim applies at most ${SIM_FAULTS_READ} faults; clear one (DELETE /v1/sim/faults/{id}) first`,
      );
    }
    await putSimFault(
      this.db,
      { id, match: input.match, effect: input.effect, times: input.times ?? null },
      Date.now(),
    );
    return accepted({ id, ...input });
  }

  async deleteFault(id: string): Promise<Outcome<void>> {
    const deleted = await deleteSimFault(this.db, id);
    if (deleted.length === 0) return refused("missing", `sim fault ${id} does not exist`);
    return accepted(undefined);
  }

  /**
   * Moves the clock `seconds` ahead through every instant at which something is due
   * (see `stepClock`). On a running clock every object with anything pending is woken
   * after, so its alarm follows the moved anchor; a frozen clock sets no alarms.
   */
  async advance(seconds: number): Promise<z.infer<typeof SimStatus>> {
    const params = await loadSimClock(this.db, configuredSpeed(this.env.SIM_SPEED));
    const from = simClock(params).now();
    await stepClock(this.env, this.db, from, from + seconds * 1000);
    const after = reanchor(params, Date.now(), {});
    await saveSimClock(this.db, { ...after, anchorVirtualMs: from + seconds * 1000 });
    if (after.speed > 0) await wakePendingObjects(this.env, this.db);
    return this.status();
  }

  /** Re-anchors the shared clock at a new speed; pending objects re-arm their alarms. */
  async setSpeed(speed: number): Promise<z.infer<typeof SimStatus>> {
    const params = await loadSimClock(this.db, configuredSpeed(this.env.SIM_SPEED));
    await saveSimClock(this.db, reanchor(params, Date.now(), { speed }));
    await wakePendingObjects(this.env, this.db);
    return this.status();
  }
}
