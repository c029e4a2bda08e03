import { type Instant, SECOND } from "../../time/instant.ts";
import type {
  DrainNode,
  FailureReason,
  ProviderCommand,
  ProviderEvent,
  UpgradeComponent,
  UpgradeControlPlane,
} from "../commands.ts";
import { takeNode, type Zones } from "./capacity.ts";
import type { SimSettings } from "./config.ts";
import { findFault, type SimFault, spendFault } from "./faults.ts";
import { nextRandom } from "./prng.ts";
import type { Pending } from "./queue.ts";

/** The parts of the sim state that starting a command can change. */
export interface Running {
  zones: Zones;
  faults: readonly SimFault[];
  rng: number;
  stuck: readonly string[];
}

/**
 * Decides, when a command starts, how and when it will end. Faults are checked first,
 * and a faulted command never takes or gives back capacity, so capacity reflects
 * only nodes that really exist. Without a fault a create takes a node of its zone
 * (or is refused with QUOTA_EXCEEDED) and a delete gives one back when it finishes,
 * or keeps it for the node's replacement when the capacity is reserved (NUP-4).
 *
 * @example
 * const { running: next, entry } = startCommand(running, settings, create, now, 0);
 * entry?.event // { type: "COMMAND_SUCCEEDED", commandId: create.id, at: now + 120 s }
 */
export function startCommand(
  running: Running,
  settings: SimSettings,
  command: ProviderCommand,
  at: Instant,
  seq: number,
): { running: Running; entry?: Pending; before?: Pending } {
  const hit = findFault(running.faults, command);
  if (hit !== undefined) {
    const faulted = { ...running, faults: spendFault(running.faults, hit.index) };
    const because = `sim fault ${hit.fault.id} (${hit.fault.effect}) on ${describe(command)}`;
    switch (hit.fault.effect) {
      case "STUCK_DRAIN":
        if (
          command.type === "UPGRADE_CONTROL_PLANE" ||
          command.type === "UPGRADE_COMPONENT" ||
          (command.type === "DRAIN_NODE" && command.passAfterSeconds !== undefined)
        ) {
          return passStuckDrain(faulted, settings, command, at, seq);
        }
        return { running: { ...faulted, stuck: [...faulted.stuck, command.id] } };
      case "QUOTA_EXCEEDED":
      case "IP_EXHAUSTED":
        return refuse(faulted, settings, command, at, seq, hit.fault.effect, because);
      case "HEALTH_CHECK_FAIL":
        return finish(faulted, settings, command, at, seq, { reason: hit.fault.effect, because });
      case "FAIL": {
        // A failed provider preflight is a blocking diagnostic (LIFE-2), not a crash.
        const reason = command.type === "RUN_PREFLIGHT" ? "PREFLIGHT_BLOCKED" : "FAILED";
        return finish(faulted, settings, command, at, seq, { reason, because });
      }
      default:
        return hit.fault.effect satisfies never;
    }
  }
  switch (command.type) {
    case "CREATE_NODE": {
      const taken = takeNode(running.zones, command.zone, command.node);
      if (!taken.ok) {
        const { used, capacity } = taken.zone;
        const because = `zone ${command.zone} has no free node capacity (${used} of ${capacity} in use)`;
        return refuse(running, settings, command, at, seq, "QUOTA_EXCEEDED", because);
      }
      return finish({ ...running, zones: taken.zones }, settings, command, at, seq);
    }
    case "DELETE_NODE": {
      const done = finish(running, settings, command, at, seq);
      const frees =
        command.holdFor === undefined
          ? { release: command.zone }
          : { hold: { zone: command.zone, node: command.holdFor } };
      return { ...done, entry: done.entry && { ...done.entry, ...frees } };
    }
    default:
      return finish(running, settings, command, at, seq);
  }
}

/**
 * LIFE-6: a best-effort drain held by its pods is passed after `passAfterSeconds`; the
 * sim reports that (naming the node and the pods left behind) and then finishes the
 * component after its usual duration, counted from the pass.
 */
function passStuckDrain(
  running: Running,
  settings: SimSettings,
  command: UpgradeControlPlane | UpgradeComponent | DrainNode,
  at: Instant,
  seq: number,
): { running: Running; entry: Pending; before: Pending } {
  const passAfter =
    command.type === "DRAIN_NODE" ? command.passAfterSeconds : command.drain?.passAfterSeconds;
  const passedAt = at + (passAfter ?? 0) * SECOND;
  const node =
    command.type === "DRAIN_NODE"
      ? command.node
      : `${command.cluster}-${command.type === "UPGRADE_COMPONENT" ? command.component : "control-plane"}-1`;
  const passed: ProviderEvent = {
    type: "DRAIN_PASSED",
    commandId: command.id,
    node,
    stuckPods: [`default/${node}-pdb-guarded`],
    at: passedAt,
  };
  const done = finish(running, settings, command, passedAt, seq);
  return { ...done, before: { seq, event: passed } };
}

/** Ends the command after its configured (jittered) duration. */
function finish(
  running: Running,
  settings: SimSettings,
  command: ProviderCommand,
  at: Instant,
  seq: number,
  failure?: { reason: FailureReason; because: string },
): { running: Running; entry: Pending } {
  const seconds = settings.durations[command.type];
  let due = at + seconds * SECOND;
  let rng = running.rng;
  if (settings.jitter > 0 && seconds > 0) {
    const draw = nextRandom(rng);
    rng = draw.state;
    due = at + Math.round(seconds * SECOND * (1 + settings.jitter * (2 * draw.value - 1)));
  }
  return { running: { ...running, rng }, entry: { seq, event: report(command, due, failure) } };
}

/** Ends the command after the short delay of a provider refusing it outright. */
function refuse(
  running: Running,
  settings: SimSettings,
  command: ProviderCommand,
  at: Instant,
  seq: number,
  reason: FailureReason,
  because: string,
): { running: Running; entry: Pending } {
  const due = at + settings.rejectionDelaySeconds * SECOND;
  return { running, entry: { seq, event: report(command, due, { reason, because }) } };
}

function report(
  command: ProviderCommand,
  at: Instant,
  failure?: { reason: FailureReason; because: string },
): ProviderEvent {
  return failure === undefined
    ? { type: "COMMAND_SUCCEEDED", commandId: command.id, at }
    : {
        type: "COMMAND_FAILED",
        commandId: command.id,
        at,
        reason: failure.reason,
        message: failure.because,
      };
}

function describe(command: ProviderCommand): string {
  const pool = "pool" in command ? `/${command.pool}` : "";
  const node = "node" in command ? `/${command.node}` : "";
  return `${command.type} ${command.cluster}${pool}${node}`;
}
