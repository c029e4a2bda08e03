import { ok, type Result, refuse } from "../rules/violation.ts";
import { DAY, type Instant, MINUTE, toRfc3339 } from "../time/instant.ts";
import type {
  GateSpec,
  GateWeekday,
  RunGate,
  RunGroup,
  RunStage,
  ScheduledStart,
} from "./types.ts";

const WEEKDAYS: readonly GateWeekday[] = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
];

/** `"+05:30"` → minutes east of UTC. @example offsetMinutes("-03:00") // -180 */
function offsetMinutes(utcOffset: string): number {
  const sign = utcOffset.startsWith("-") ? -1 : 1;
  const [hours, minutes] = utcOffset.slice(1).split(":").map(Number);
  return sign * ((hours ?? 0) * 60 + (minutes ?? 0));
}

/**
 * EXT-1: the first instant at or after `from` that is `day` at `time` in the gate's UTC
 * offset — the gate's own clock, so a week boundary there is not UTC's.
 *
 * @example nextScheduledStart({ day: "Wednesday", time: "02:00", utcOffset: "+00:00" }, monday) // that Wednesday 02:00Z
 */
export function nextScheduledStart(spec: ScheduledStart, from: Instant): Instant {
  const shift = offsetMinutes(spec.utcOffset) * MINUTE;
  const local = from + shift;
  const [hh, mm] = spec.time.split(":").map(Number);
  const midnight = local - (((local % DAY) + DAY) % DAY);
  const today = new Date(midnight).getUTCDay();
  const wanted = WEEKDAYS.indexOf(spec.day);
  let candidate =
    midnight + ((wanted - today + 7) % 7) * DAY + ((hh ?? 0) * 60 + (mm ?? 0)) * MINUTE;
  if (candidate < local) candidate += 7 * DAY;
  return candidate - shift;
}

/** Gate ids name their scope, timing and place: `stage-<s>-before-0`, `group-<g>-after-1`. */
function gateId(
  scope: "stage" | "group",
  name: string,
  timing: RunGate["timing"],
  i: number,
): string {
  return `${scope}-${name}-${timing.toLowerCase()}-${i}`;
}

/** The run's gates of one scope, copied from the strategy at creation (NotStarted). */
export function createGates(
  scope: "stage" | "group",
  name: string,
  before: readonly GateSpec[] | undefined,
  after: readonly GateSpec[] | undefined,
): RunGate[] {
  const copy =
    (timing: RunGate["timing"]) =>
    (spec: GateSpec, i: number): RunGate => {
      const gate: RunGate = {
        id: gateId(scope, name, timing, i),
        type: spec.type,
        timing,
        state: "NotStarted",
      };
      if (spec.displayName !== undefined) gate.displayName = spec.displayName;
      if (spec.scheduledStart !== undefined) gate.scheduledStart = { ...spec.scheduledStart };
      if (spec.separateApprover === true) gate.separateApprover = true;
      return gate;
    };
  return [...(before ?? []).map(copy("Before")), ...(after ?? []).map(copy("After"))];
}

/** A ScheduledStart gate names its time; an Approval gate has none. */
export function validateGate(spec: GateSpec, where: string): Result<GateSpec> {
  if (spec.type === "ScheduledStart" && spec.scheduledStart === undefined) {
    return refuse(
      "EXT-1",
      "refused",
      `EXT-1: ScheduledStart gate of ${where} needs scheduledStart {day, time, utcOffset}`,
    );
  }
  if (spec.type === "Approval" && spec.scheduledStart !== undefined) {
    return refuse("EXT-1", "refused", `EXT-1: Approval gate of ${where} takes no scheduledStart`);
  }
  return ok(spec);
}

/**
 * Opens the gates of `timing` that are not open yet (Pending from `now`; a scheduled one
 * learns when it completes) and completes the scheduled ones that are due. Returns
 * whether all of them are Completed, and when a scheduled one next needs a look.
 */
export function passGates(
  gates: RunGate[] | undefined,
  timing: RunGate["timing"],
  now: Instant,
): { open: boolean; wakeAt?: Instant } {
  let open = true;
  let wakeAt: Instant | undefined;
  for (const gate of gates ?? []) {
    if (gate.timing !== timing || gate.state === "Completed" || gate.state === "Skipped") continue;
    if (gate.state === "NotStarted") {
      gate.state = "Pending";
      gate.pendingSince = now;
      if (gate.scheduledStart !== undefined)
        gate.dueAt = nextScheduledStart(gate.scheduledStart, now);
    }
    if (gate.type === "ScheduledStart" && gate.dueAt !== undefined && gate.dueAt <= now) {
      gate.state = "Completed";
      gate.completedAt = gate.dueAt;
      continue;
    }
    open = false;
    if (gate.dueAt !== undefined)
      wakeAt = wakeAt === undefined ? gate.dueAt : Math.min(wakeAt, gate.dueAt);
  }
  return wakeAt === undefined ? { open } : { open, wakeAt };
}

/** Whether every gate of `timing` is Completed or Skipped (or there is none). */
export function gatesThrough(
  gates: readonly RunGate[] | undefined,
  timing: RunGate["timing"],
): boolean {
  return (gates ?? []).every(
    (g) => g.timing !== timing || g.state === "Completed" || g.state === "Skipped",
  );
}

/** EXT-1: gates of a skipped scope are Skipped with it (never alone). */
export function skipGates(gates: RunGate[] | undefined): void {
  for (const gate of gates ?? []) if (gate.state !== "Completed") gate.state = "Skipped";
}

/** The first gate still holding its scope, as a reason led by the rule (EXT-9). */
export function gateReason(
  gates: readonly RunGate[] | undefined,
  timing?: RunGate["timing"],
): string | undefined {
  const gate = (gates ?? []).find(
    (g) => g.state === "Pending" && (timing === undefined || g.timing === timing),
  );
  if (gate === undefined) return undefined;
  const name = gate.displayName === undefined ? gate.id : `${gate.id} (${gate.displayName})`;
  return gate.type === "Approval"
    ? `EXT-1: waiting for approval of gate ${name}`
    : `EXT-1: gate ${name} opens at ${toRfc3339(gate.dueAt ?? 0)}`;
}

/** Every gate of the run, with the stage or group that holds it. */
export function allGates(
  stages: readonly RunStage[],
): { gate: RunGate; holder: RunStage | RunGroup }[] {
  const out: { gate: RunGate; holder: RunStage | RunGroup }[] = [];
  for (const stage of stages) {
    for (const gate of stage.gates ?? []) out.push({ gate, holder: stage });
    for (const group of stage.groups)
      for (const gate of group.gates ?? []) out.push({ gate, holder: group });
  }
  return out;
}
