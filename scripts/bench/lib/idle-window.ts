import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { REQUEST_TIMEOUT_MS, within } from "./api-latency.ts";
import type { ControlPlane } from "./control-plane.ts";
import { processCpuMs } from "./process-cpu.ts";
import { formatInt, printTable } from "./report.ts";

/**
 * What a control plane nobody calls costs: workerd's CPU over a wall window and what the
 * fleet objects write meanwhile. Shared by the idle and time benchmarks.
 */

interface ObjectCounters {
  /**
   * `rowsWritten` of each fleet (storage rows its runtime wrote since the object
   * started), undefined for one that did not answer within REQUEST_TIMEOUT_MS.
   */
  rows: (number | undefined)[];
  scanTimers: number;
  timers: number;
}

async function objectCounters(
  cp: ControlPlane,
  fleets: readonly string[],
): Promise<ObjectCounters> {
  const inspections = await Promise.all(
    fleets.map((fleet) => within(REQUEST_TIMEOUT_MS, cp.inspectFleet(fleet))),
  );
  const counters: ObjectCounters = { rows: [], scanTimers: 0, timers: 0 };
  for (const inspection of inspections) {
    counters.rows.push(inspection?.rowsWritten);
    counters.timers += inspection?.timers.length ?? 0;
    counters.scanTimers += inspection?.timers.filter((t) => t.kind === "as").length ?? 0;
  }
  return counters;
}

export interface IdleWindow {
  wallS: number;
  workerdCpuMs: number;
  nodeCpuMs: number;
  /** Storage rows the fleet objects wrote in the window (a lower bound, see `restarted`). */
  rowsWritten: number;
  /**
   * Objects whose counter went down: workerd evicted them while idle and the inspection
   * after the window started them afresh (what they wrote before eviction is lost).
   */
  restarted: number;
  /** Fleets whose inspection before or after the window did not answer in time. */
  unanswered: number;
  /** Timers pending when the window opened (of the fleets that answered). */
  timers: number;
  scanTimers: number;
}

/**
 * CPU of workerd (pid `workerd`) and of this driver over `seconds` of nobody calling the
 * worker, and what the objects of `fleets` wrote meanwhile; undefined without a pid
 * (not on Linux).
 *
 * @example const idle = await idleWindow(cp, newChildPid("workerd", known), fleets, 20);
 */
export async function idleWindow(
  cp: ControlPlane,
  workerd: number | undefined,
  fleets: readonly string[],
  seconds: number,
): Promise<IdleWindow | undefined> {
  if (workerd === undefined) return undefined;
  const before = await objectCounters(cp, fleets);
  const cpu0 = processCpuMs(workerd);
  const node0 = process.cpuUsage();
  const wall0 = performance.now();
  await sleep(seconds * 1000);
  const wallS = (performance.now() - wall0) / 1000;
  const workerdCpuMs = processCpuMs(workerd) - cpu0;
  const node = process.cpuUsage(node0);
  const after = await objectCounters(cp, fleets);
  let rowsWritten = 0;
  let restarted = 0;
  let unanswered = 0;
  after.rows.forEach((rows, i) => {
    const was = before.rows[i];
    if (rows === undefined || was === undefined) {
      unanswered++;
      return;
    }
    if (rows < was) restarted++;
    rowsWritten += rows < was ? rows : rows - was;
  });
  return {
    wallS,
    workerdCpuMs,
    nodeCpuMs: (node.user + node.system) / 1000,
    rowsWritten,
    restarted,
    unanswered,
    timers: before.timers,
    scanTimers: before.scanTimers,
  };
}

/** workerd's CPU in the window as % of one core. */
export function idleCpuPercent(idle: IdleWindow): number {
  return (idle.workerdCpuMs / (idle.wallS * 1000)) * 100;
}

/** Prints the window as one table row, with a line saying where the numbers come from. */
export function printIdleWindow(idle: IdleWindow, fleets: number): void {
  printTable(
    [
      { header: "wall s", align: "right" },
      { header: "workerd CPU ms", align: "right" },
      { header: "workerd CPU %", align: "right" },
      { header: "driver CPU ms", align: "right" },
      { header: "fleet rows written", align: "right" },
      { header: "objects evicted", align: "right" },
      { header: "no answer", align: "right" },
      { header: "scan timers pending", align: "right" },
      { header: "timers pending", align: "right" },
    ],
    [
      [
        idle.wallS.toFixed(1),
        formatInt(idle.workerdCpuMs),
        idleCpuPercent(idle).toFixed(1),
        formatInt(idle.nodeCpuMs),
        formatInt(idle.rowsWritten),
        formatInt(idle.restarted),
        formatInt(idle.unanswered),
        formatInt(idle.scanTimers),
        formatInt(idle.timers),
      ],
    ],
  );
  console.log(
    `  CPU % of one core, from /proc/<pid>/stat (10 ms ticks); rows, evictions and timers pending at the start: FleetObject.inspect() of the ${fleets} fleets holding the autoscaled pools (an evicted object's counter restarts: rows are then a lower bound)`,
  );
}
