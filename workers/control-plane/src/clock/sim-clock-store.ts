import {
  getSimClock,
  type Inventory,
  initSimClock,
  putSimClock,
  renewSimClockLease,
  type SimClockRow,
  swapSimClock,
} from "@regatta/inventory";
import { type SimClockParams, virtualAt } from "./clock.ts";

const DEFAULT_SPEED = 3600;

/** The sim clock's row as a caller read it beside its own reads (absent: none saved). */
export interface ClockRead {
  row: SimClockRow | undefined;
}

/**
 * How far ahead (wall time) a process may read the running clock without writing. It is
 * also the most virtual time (× speed) a restart can count as having run: a process that
 * stops resumes, when started again, at the end of its last lease, which is never before
 * an instant it read. Renewed once half of it is gone, so a busy control plane writes the
 * row at most every 2.5 s and an idle one never.
 */
export const CLOCK_LEASE_MS = 5_000;

/** The sim speed configured for this deployment (`SIM_SPEED`, default 3600). */
export function configuredSpeed(raw: string | undefined): number {
  const speed = raw === undefined || raw === "" ? DEFAULT_SPEED : Number(raw);
  return Number.isFinite(speed) && speed >= 0 ? speed : DEFAULT_SPEED;
}

/**
 * This process. A restarted `wrangler dev` is a new one; random values may not be made
 * in a Worker's global scope, so it is drawn on first use.
 */
let thisProcess: string | undefined;
export function processId(): string {
  thisProcess ??= crypto.randomUUID();
  return thisProcess;
}

/**
 * The shared sim clock lives in D1 so every object and the API agree on virtual "now".
 * The first reader anchors it at the current wall time.
 *
 * Virtual time runs only while the control plane does. The row carries a lease: the wall
 * instant up to which the process that wrote it may read the clock. A reader of the same
 * process, or any reader while the lease lasts, finds the clock running and renews the
 * lease when half of it is gone. A reader of a new process after the lease ran out finds
 * the control plane was down: the clock resumes from the virtual instant at the end of
 * the lease (the latest anyone could have read), now, so a restart never replays its
 * downtime at sim speed.
 *
 * `read` is the row as the caller already read it (`selectSimClock`, in a batch with its
 * own reads), used on the first attempt instead of reading it again.
 *
 * @example const clock = simClock(await loadSimClock(db, configuredSpeed(env.SIM_SPEED)));
 */
export async function loadSimClock(
  db: Inventory,
  speed: number,
  wallNow = Date.now(),
  read?: ClockRead,
): Promise<SimClockParams> {
  for (let attempt = 0; ; attempt++) {
    const stored = attempt === 0 && read ? read.row : await getSimClock(db);
    if (!stored) {
      await initSimClock(db, leased({ anchorWallMs: wallNow, anchorVirtualMs: wallNow, speed }));
      continue;
    }
    // A frozen clock does not move whoever reads it: it needs no lease.
    if (stored.speed === 0) return params(stored);
    const lease = stored.leaseWallMs;
    const running = stored.boot === processId() || (lease !== null && wallNow <= lease);
    if (running) {
      if (lease !== null && wallNow + CLOCK_LEASE_MS / 2 < lease) return params(stored);
      const renewed = wallNow + CLOCK_LEASE_MS;
      await renewSimClockLease(db, { leaseWallMs: renewed, boot: processId() });
      return { ...params(stored), leaseWallMs: Math.max(renewed, lease ?? 0) };
    }
    // Down since the lease ran out (a row from before leases: since its anchor).
    const stoppedAt = lease ?? stored.anchorWallMs;
    const resumed = leased({
      anchorWallMs: wallNow,
      anchorVirtualMs: virtualAt(params(stored), stoppedAt),
      speed: stored.speed,
    });
    if (await swapSimClock(db, stored, resumed)) {
      console.log(
        `sim clock: the control plane was down ${Math.round((wallNow - stoppedAt) / 1000)} s; virtual time resumes at ${new Date(resumed.anchorVirtualMs).toISOString()} instead of replaying it`,
      );
      return params(resumed);
    }
    // Another reader re-anchored it first: read what it wrote.
    if (attempt >= 3) return params(stored);
  }
}

/**
 * Saves a new anchor (a jump, a speed change, a step of a jump), leased to this process.
 *
 * @example await saveSimClock(db, reanchor(params, Date.now(), { speed: 0 }));
 */
export async function saveSimClock(db: Inventory, clock: SimClockParams): Promise<void> {
  await putSimClock(db, leased(clock));
}

function leased(clock: SimClockParams): SimClockRow {
  return {
    anchorWallMs: clock.anchorWallMs,
    anchorVirtualMs: clock.anchorVirtualMs,
    speed: clock.speed,
    leaseWallMs: clock.anchorWallMs + CLOCK_LEASE_MS,
    boot: processId(),
  };
}

function params(row: SimClockRow): SimClockParams {
  return {
    anchorWallMs: row.anchorWallMs,
    anchorVirtualMs: row.anchorVirtualMs,
    speed: row.speed,
    ...(row.leaseWallMs === null ? {} : { leaseWallMs: row.leaseWallMs }),
  };
}
