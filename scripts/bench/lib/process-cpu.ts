import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/**
 * CPU time of processes from Linux's /proc: how a benchmark sees what a child it did not
 * spawn itself costs (Miniflare spawns workerd). Linux only; elsewhere `childPids`
 * finds nothing and the caller reports the measurement as skipped.
 */

let ticksPerSecond: number | undefined;

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`, almost always 100). */
function clockTicks(): number {
  ticksPerSecond ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());
  return ticksPerSecond;
}

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces). */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

/**
 * Pids of the direct children of `parent` whose command is `name`.
 *
 * @example const [workerd] = childPids(process.pid, "workerd");
 */
export function childPids(parent: number, name: string): number[] {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return [];
  }
  return entries
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        const comm = readFileSync(`/proc/${pid}/comm`, "utf8").trim();
        // Field 4 of stat is the parent pid; fields here start at field 3 (state).
        return comm === name && Number(statFields(pid)?.[1]) === parent;
      } catch {
        return false;
      }
    });
}

/**
 * User plus system CPU time in ms a process (all its threads) has used so far.
 *
 * @example const before = processCpuMs(pid); … const used = processCpuMs(pid) - before;
 */
export function processCpuMs(pid: number): number {
  const fields = statFields(pid);
  if (fields === undefined) throw new Error(`process ${pid} is gone`);
  // utime and stime are fields 14 and 15 of stat: 11 and 12 here.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks();
}

/**
 * The child of this process named `name` that is not in `known`: the one a library (such
 * as Miniflare) just started. Take `known` right before starting it.
 *
 * @example const known = new Set(childPids(process.pid, "workerd")); … const pid = newChildPid("workerd", known);
 */
export function newChildPid(name: string, known: ReadonlySet<number>): number | undefined {
  return childPids(process.pid, name).find((pid) => !known.has(pid));
}
