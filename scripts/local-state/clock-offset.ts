/**
 * Whether the local state `npm start` is about to run on was made on another clock
 * (issue 24 item 5). Every timestamp the fleet stores is on the control plane's clock:
 * the sim's virtual clock in sim mode, the wall clock in webhook mode. A state made by the
 * sim at 3,600× lies weeks ahead of the wall clock, so started in webhook mode it shows
 * soaks ending in 42 days and runs created in the future; nothing else says why.
 *
 * What the local D1 tells (one query, `LOCAL_STATE_QUERY`):
 * - the sim clock's row, written only in sim mode: its anchor and, on a checkout whose
 *   clock runs only while the control plane does, its lease (`lease_wall_ms`: where the
 *   clock stopped; absent on a checkout without leases, whose clock ran on while stopped);
 * - the latest fleet timestamp in the inventory (operations, clusters, node pools, nodes).
 *
 * So it can tell (1) webhook mode over a state the sim made: how far the sim clock had
 * got when it stopped, ahead of or behind the wall clock, exactly with a lease; without
 * one only a lower bound (its anchor, its latest timestamp), reported when it is ahead;
 * and (2) sim mode over a state last run in webhook mode after the sim: fleet timestamps
 * more than an hour past where the sim clock resumes were stamped by the wall clock since.
 * It cannot tell a webhook run whose stamps fall behind the sim clock (they merely look
 * old), and a state made in webhook mode alone has no sim clock: the sim anchors one at
 * wall time, level with its stamps, so there is nothing to say.
 */

export type ProviderMode = "sim" | "webhook";

/** The sim clock's row (table sim_clock), as milliseconds. */
export interface SimClockRow {
  anchorWallMs: number;
  anchorVirtualMs: number;
  speed: number;
  /**
   * The wall instant up to which the control plane that wrote the row could read the
   * clock; null on a row written before leases; undefined on a checkout without them.
   */
  leaseWallMs?: number | null;
}

export interface LocalState {
  /** Absent when the sim never ran on this state. */
  clock?: SimClockRow;
  /** The latest fleet timestamp the inventory holds (on the clock that made it). */
  latestStampMs?: number;
}

/**
 * One row whatever the state holds: the sim clock's columns (null without a row; more of
 * them on newer checkouts) and the latest fleet timestamp.
 */
export const LOCAL_STATE_QUERY =
  "SELECT c.*, (SELECT max(x) FROM (SELECT max(created_at) AS x FROM operations" +
  " UNION ALL SELECT max(updated_at) FROM clusters UNION ALL SELECT max(updated_at) FROM node_pools" +
  " UNION ALL SELECT max(updated_at) FROM nodes)) AS latest_stamp_ms" +
  " FROM (SELECT 1) AS one LEFT JOIN sim_clock AS c ON c.id = 1";

const HOUR_MS = 3_600_000;

/** Past this, two clocks disagree enough for a person to notice in what the API shows. */
export const TOLERANCE_MS = HOUR_MS;

/**
 * Reads what `wrangler d1 execute --json --command LOCAL_STATE_QUERY` printed: an array
 * of statement results, each `{results: [row]}`.
 *
 * @example parseLocalState([{ results: [{ anchor_wall_ms: 1, anchor_virtual_ms: 1, speed: 3600, latest_stamp_ms: null }] }])
 */
export function parseLocalState(output: unknown): LocalState {
  const results = Array.isArray(output) ? (output[0] as { results?: unknown })?.results : undefined;
  const row: Record<string, unknown> =
    Array.isArray(results) && typeof results[0] === "object" && results[0] !== null
      ? (results[0] as Record<string, unknown>)
      : {};
  const number = (key: string) => (typeof row[key] === "number" ? row[key] : undefined);
  const anchorWallMs = number("anchor_wall_ms");
  const anchorVirtualMs = number("anchor_virtual_ms");
  const speed = number("speed");
  const latestStampMs = number("latest_stamp_ms");
  const state: LocalState = latestStampMs === undefined ? {} : { latestStampMs };
  if (anchorWallMs === undefined || anchorVirtualMs === undefined || speed === undefined) {
    return state;
  }
  const clock: SimClockRow = { anchorWallMs, anchorVirtualMs, speed };
  if ("lease_wall_ms" in row) clock.leaseWallMs = number("lease_wall_ms") ?? null;
  return { ...state, clock };
}

/**
 * The warning `npm start` prints before starting in `mode` over `state` at wall time
 * `wallNow`, or undefined when the state's timestamps agree with the clock it will run on.
 *
 * @example clockWarning({ clock: simRow }, "webhook", Date.now()) // "regatta: warning: this local state was made in sim mode. …"
 */
export function clockWarning(
  state: LocalState,
  mode: ProviderMode,
  wallNow: number,
): string | undefined {
  const clock = state.clock;
  if (clock === undefined) return undefined;
  return mode === "webhook"
    ? webhookOverSim(clock, state.latestStampMs, wallNow)
    : simOverWebhook(clock, state.latestStampMs, wallNow);
}

function webhookOverSim(
  clock: SimClockRow,
  latestStampMs: number | undefined,
  wallNow: number,
): string | undefined {
  const stopped = leaseEnd(clock, wallNow);
  // Without a lease only a lower bound is known: the clock ran on from its anchor while
  // the control plane did, at least to the latest timestamp it stamped.
  const reached = stopped ?? Math.max(clock.anchorVirtualMs, latestStampMs ?? -Infinity);
  const offset = reached - wallNow;
  if (stopped === undefined ? offset <= TOLERANCE_MS : Math.abs(offset) <= TOLERANCE_MS) {
    return undefined;
  }
  const ahead = offset > 0;
  const by = `${stopped === undefined ? "at least " : ""}${duration(offset)}`;
  return [
    "regatta: warning: this local state was made in sim mode. Its timestamps (every fleet,",
    "  run and operation instant) are on the sim's virtual clock, which had reached",
    `  ${iso(reached)} when it last ran: ${by} ${ahead ? "ahead of" : "behind"} the wall clock.`,
    "  In webhook mode the control plane runs on the wall clock, so soaks and maintenance",
    ...(ahead
      ? [
          "  windows are computed from timestamps in the future: soaks end that much later than",
          "  they should, runs and operations look created in the future.",
        ]
      : [
          "  windows are computed from timestamps in the past: soaks and waits that were still",
          "  running end at once.",
        ]),
    "  To go on with it, start it in sim mode (npm start).",
    ...RESET_ADVICE,
  ].join("\n");
}

function simOverWebhook(
  clock: SimClockRow,
  latestStampMs: number | undefined,
  wallNow: number,
): string | undefined {
  if (latestStampMs === undefined) return undefined;
  const resumes = resumesAt(clock, wallNow);
  const offset = latestStampMs - resumes;
  if (offset <= TOLERANCE_MS) return undefined;
  return [
    "regatta: warning: this local state was last run in webhook mode. The timestamps made",
    `  then are on the wall clock, up to ${iso(latestStampMs)}: ${duration(offset)} past`,
    `  where the sim's virtual clock resumes (${iso(resumes)}). Until the sim catches up,`,
    "  operations look created in the future, and soaks and maintenance windows computed",
    "  from those timestamps end that much later than they should.",
    ...RESET_ADVICE,
  ].join("\n");
}

const RESET_ADVICE = [
  "  To start clean: stop npm start, run `npm run reset` (removes the local state of both",
  "  workers), then npm start again.",
];

/** Where a leased clock stopped (or stands, while its lease lasts); undefined without a lease. */
function leaseEnd(clock: SimClockRow, wallNow: number): number | undefined {
  const lease = clock.leaseWallMs;
  return typeof lease === "number" ? virtualAt(clock, Math.min(wallNow, lease)) : undefined;
}

/**
 * Where the sim clock resumes when the control plane starts: the end of its lease; its
 * anchor for a row from before leases (it is not known how far it ran); on a checkout
 * without leases, where it ran on to while the control plane was stopped.
 */
function resumesAt(clock: SimClockRow, wallNow: number): number {
  if (clock.leaseWallMs === null) return clock.anchorVirtualMs;
  return leaseEnd(clock, wallNow) ?? virtualAt(clock, wallNow);
}

function virtualAt(clock: SimClockRow, wall: number): number {
  return clock.anchorVirtualMs + (wall - clock.anchorWallMs) * clock.speed;
}

function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** @example duration(-(42 * 24 + 3) * 3_600_000) // "42 days 3 hours" */
export function duration(ms: number): string {
  const hours = Math.round(Math.abs(ms) / HOUR_MS);
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (days === 0) return unit(rest, "hour");
  return rest === 0 ? unit(days, "day") : `${unit(days, "day")} ${unit(rest, "hour")}`;
}
