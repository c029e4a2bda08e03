/**
 * Test helpers: a fake executor that answers commands after fixed durations (with
 * injectable failures, capacity refusals and stuck drains) and a driver that runs a
 * node-pool upgrade to quiescence by feeding answers, ticks and scripted outside events
 * in time order. Deterministic: ties go script first, then answers in issue order.
 */
import type { Decision } from "../../src/machine/decision.ts";
import {
  cancelUpgrade,
  completeUpgrade,
  resumeUpgrade,
  rollbackUpgrade,
} from "../../src/node-pool/controls.ts";
import type { NodeFacts, NodePoolEvent, NodePoolFacts } from "../../src/node-pool/types.ts";
import { decideNodePoolUpgrade, type NodePoolOperation } from "../../src/node-pool/upgrade.ts";
import { poolNodes } from "../../src/node-pool/view.ts";
import type {
  CommandType,
  FailureReason,
  ProviderCommand,
  ProviderEvent,
} from "../../src/provider/commands.ts";
import { DEFAULT_SIM_DURATIONS } from "../../src/provider/sim/config.ts";
import type { Result } from "../../src/rules/violation.ts";
import { type Instant, MINUTE, SECOND } from "../../src/time/instant.ts";

export const T0: Instant = Date.UTC(2025, 0, 6, 9, 0, 0);

/** Seconds each command takes when nothing goes wrong: the sim's defaults. */
export const FAKE_DURATIONS: Readonly<Record<CommandType, number>> = DEFAULT_SIM_DURATIONS;

/** How the fake executor ends one command. */
export type Outcome =
  | { kind: "OK"; seconds?: number }
  | { kind: "FAIL"; reason: FailureReason; seconds?: number }
  | { kind: "STUCK" };

/** Decides a command's outcome; `nth` counts commands of that type on that node (1-based). */
export type FaultPlan = (command: ProviderCommand, nth: number) => Outcome | undefined;

/** Something from outside at a given time: a control, a window change, a preemption… */
export interface ScriptStep {
  at: Instant;
  label: string;
  act: (op: NodePoolOperation, now: Instant) => Result<Decision<NodePoolOperation>> | NodePoolEvent;
}

export interface DriveOptions {
  faults?: FaultPlan;
  script?: ScriptStep[];
  /** Stop once time passes this (default: 30 days after start). */
  until?: Instant;
  maxSteps?: number;
  /** Applied to each new state, e.g. a JSON round trip as a Durable Object would do. */
  reload?: (op: NodePoolOperation) => NodePoolOperation;
  /**
   * Answers due at the same instant arrive in a seeded random order instead of issue
   * order: sequence tests run many seeds to find orders a table test never tries.
   */
  tieSeed?: number;
  /** Called after every decision, e.g. to check invariants. */
  observe?: (op: NodePoolOperation, now: Instant, decision: Decision<NodePoolOperation>) => void;
}

export interface DriveResult {
  op: NodePoolOperation;
  now: Instant;
  commands: ProviderCommand[];
  /** Timeline, one line per command and outside step: `+seconds TYPE node`. */
  log: string[];
  refusals: string[];
}

interface Pending {
  at: Instant;
  seq: number;
  event: ProviderEvent;
}

/**
 * Runs an operation from its start decision until nothing more will happen.
 *
 * @example const { op } = drive(started, T0); op.header.state // "SUCCEEDED"
 */
export function drive(
  start: Decision<NodePoolOperation>,
  startAt: Instant,
  options: DriveOptions = {},
): DriveResult {
  const until = options.until ?? startAt + 30 * 86_400 * SECOND;
  const maxSteps = options.maxSteps ?? 200_000;
  const script = [...(options.script ?? [])].sort((a, b) => a.at - b.at);
  const pending: Pending[] = [];
  const counts = new Map<string, number>();
  const commands: ProviderCommand[] = [];
  const log: string[] = [];
  const refusals: string[] = [];
  let seq = 0;
  let rng = options.tieSeed === undefined ? 0 : options.tieSeed >>> 0 || 1;
  // xorshift32: a rank per answer; equal instants are then taken in rank order.
  const rank = (): number => {
    if (options.tieSeed === undefined) return seq++;
    rng ^= rng << 13;
    rng ^= rng >>> 17;
    rng ^= rng << 5;
    rng >>>= 0;
    return rng;
  };
  let op = start.state;
  let wakeAt = start.wakeAt;
  let now = startAt;
  let idleTicks = 0;

  const submit = (decision: Decision<NodePoolOperation>, at: Instant): void => {
    op = options.reload?.(decision.state) ?? decision.state;
    wakeAt = decision.wakeAt;
    options.observe?.(op, at, decision);
    for (const command of decision.commands) {
      commands.push(command);
      const node = "node" in command ? command.node : "";
      log.push(`+${(at - startAt) / SECOND} ${command.type} ${node}${describe(command)}`);
      const key = `${command.type}/${node}`;
      const nth = (counts.get(key) ?? 0) + 1;
      counts.set(key, nth);
      const outcome = options.faults?.(command, nth) ?? { kind: "OK" };
      if (outcome.kind === "STUCK") continue;
      const seconds = outcome.seconds ?? (outcome.kind === "OK" ? FAKE_DURATIONS[command.type] : 5);
      const done = at + seconds * SECOND;
      const event: ProviderEvent =
        outcome.kind === "OK"
          ? { type: "COMMAND_SUCCEEDED", commandId: command.id, at: done }
          : {
              type: "COMMAND_FAILED",
              commandId: command.id,
              at: done,
              reason: outcome.reason,
              message: "injected",
            };
      pending.push({ at: done, seq: rank(), event });
    }
  };

  submit(start, startAt);
  for (let steps = 0; steps < maxSteps; steps++) {
    let next = Number.POSITIVE_INFINITY;
    for (const p of pending) next = Math.min(next, p.at);
    const scripted = script[0]?.at ?? Number.POSITIVE_INFINITY;
    const woken = wakeAt ?? Number.POSITIVE_INFINITY;
    const at = Math.min(next, scripted, woken);
    if (!Number.isFinite(at) || at > until) break;
    if (at > now) idleTicks = 0;
    now = Math.max(now, at);
    if (scripted <= at) {
      const step = script.shift()!;
      log.push(`+${(now - startAt) / SECOND} ${step.label}`);
      const out = step.act(op, now);
      if ("type" in out) submit(decideNodePoolUpgrade(op, out, now), now);
      else if (out.ok) submit(out.value, now);
      else refusals.push(`${step.label}: ${out.error.kind} ${out.error.detail}`);
      continue;
    }
    if (next <= at) {
      let index = 0;
      for (let i = 1; i < pending.length; i++) {
        const p = pending[i]!;
        const best = pending[index]!;
        if (p.at < best.at || (p.at === best.at && p.seq < best.seq)) index = i;
      }
      const [due] = pending.splice(index, 1);
      submit(decideNodePoolUpgrade(op, due!.event, now), now);
      continue;
    }
    if (++idleTicks > 3)
      throw new Error(`woken again and again at ${now - startAt} ms: wakeAt is stuck`);
    submit(decideNodePoolUpgrade(op, { type: "TICK", at: now }, now), now);
  }
  return { op, now, commands, log, refusals };
}

function describe(command: ProviderCommand): string {
  if (command.type === "DRAIN_NODE") {
    return ` respectPdb=${command.respectPdb} grace=${command.graceSeconds}`;
  }
  if (command.type === "CREATE_NODE") return ` ${command.zone} ${command.version}`;
  return "";
}

/** Nodes per zone as the operation tracks them. @example zoneSizes(op) // { a: 5 } */
export function zoneSizes(op: NodePoolOperation): Record<string, number> {
  const out: Record<string, number> = {};
  for (const node of poolNodes(op)) out[node.zone] = (out[node.zone] ?? 0) + 1;
  return out;
}

/** READY (schedulable) nodes per zone. @example readySizes(op) // { a: 4 } */
export function readySizes(op: NodePoolOperation): Record<string, number> {
  const out: Record<string, number> = {};
  for (const node of poolNodes(op)) {
    out[node.zone] = (out[node.zone] ?? 0) + (node.state === "READY" ? 1 : 0);
  }
  return out;
}

/**
 * A pool of `count` nodes per zone on `version`, named `${zone}-${i}`.
 *
 * @example poolOf({ a: 5, b: 2 }).nodes.length // 7
 */
export function poolOf(
  zones: Record<string, number>,
  version = "1.30.1-gke.100",
  extra: Partial<NodePoolFacts> = {},
): NodePoolFacts {
  const nodes: NodeFacts[] = [];
  for (const [zone, count] of Object.entries(zones)) {
    for (let i = 0; i < count; i++) {
      nodes.push({
        name: `${zone}-${String(i).padStart(3, "0")}`,
        zone,
        version,
        nodeImage: "cos-1",
      });
    }
  }
  return {
    cluster: "prod-1",
    pool: "pool-a",
    controlPlaneVersion: "1.35.0-gke.100",
    nodes,
    ...extra,
  };
}

export const TARGET = { version: "1.31.2-gke.200", nodeImage: "cos-2" };

/**
 * Commands of the given types, with the node they act on.
 *
 * @example stepsOf(commands) // ["CREATE_NODE pool-a-x-0-0", "CORDON_NODE a-000", …]
 */
export function stepsOf(commands: readonly ProviderCommand[]): string[] {
  return commands.map((c) => `${c.type} ${"node" in c ? c.node : ""}`);
}

/** What a script can do to a running upgrade: its controls, or the window closing or opening. */
export type ControlAction = "cancel" | "resume" | "rollback" | "complete" | "close" | "open";

/**
 * Script steps from `(minute, action)` pairs after {@link T0}; a window opened by "open"
 * stays open 10 hours.
 *
 * @example drive(started, T0, { script: controlScript([{ minute: 5, action: "cancel" }]) })
 */
export function controlScript(actions: { minute: number; action: ControlAction }[]): ScriptStep[] {
  return actions.map(({ minute, action }) => ({
    at: T0 + minute * MINUTE,
    label: action,
    act: (op: NodePoolOperation, now: number) => {
      switch (action) {
        case "cancel":
          return cancelUpgrade(op, now);
        case "resume":
          return resumeUpgrade(op, now);
        case "rollback":
          return rollbackUpgrade(op, now);
        case "complete":
          return completeUpgrade(op, now);
        case "close":
          return { type: "WINDOW", at: now, window: { openUntil: null } };
        case "open":
          return { type: "WINDOW", at: now, window: { openUntil: now + 600 * MINUTE } };
        default:
          return action satisfies never;
      }
    },
  }));
}
