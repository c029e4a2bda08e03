/**
 * Test host for cluster upgrades: answers provider commands after fixed durations (with
 * injectable failures), carries out START_POOL_UPGRADE intents by reporting the pool's
 * own upgrade started at once and ended after a fixed time, and runs scripted controls
 * (resume) — all in time order until nothing more happens.
 */

import { decideClusterUpgrade } from "../../src/lifecycle/machine.ts";
import type {
  ClusterUpgrade,
  ClusterUpgradeDecision,
  ClusterUpgradeEvent,
} from "../../src/lifecycle/types.ts";
import type { NodeFacts, NodePoolFacts } from "../../src/node-pool/types.ts";
import type { FailureReason, ProviderCommand } from "../../src/provider/commands.ts";
import type { Result } from "../../src/rules/violation.ts";
import { type Instant, SECOND } from "../../src/time/instant.ts";
import { FAKE_DURATIONS } from "../node-pool/driver.ts";

export const T0: Instant = Date.UTC(2025, 0, 6, 9, 0, 0);
/** How long the test host's worker pool upgrades take. */
export const POOL_SECONDS = 900;

/** A step's answer: success, or a failure with its reason. */
export type Answer = { ok: true } | { ok: false; reason: FailureReason };

export interface LifecycleDriveOptions {
  /** `nth` counts the commands of that step (1-based). */
  answer?: (command: ProviderCommand, step: string, nth: number) => Answer | undefined;
  /** The end state of a pool's nth upgrade. */
  poolEnd?: (pool: string, nth: number) => "SUCCEEDED" | "FAILED";
  script?: Array<{
    at: Instant;
    label: string;
    act: (op: ClusterUpgrade, now: Instant) => Result<ClusterUpgradeDecision>;
  }>;
  observe?: (op: ClusterUpgrade, decision: ClusterUpgradeDecision, now: Instant) => void;
  reload?: boolean;
  /** Answers due at the same instant come in a seeded random order instead of issue order. */
  tieSeed?: number;
}

interface Pending {
  at: Instant;
  seq: number;
  event: ClusterUpgradeEvent;
}

export function driveCluster(
  start: ClusterUpgradeDecision,
  startAt: Instant,
  options: LifecycleDriveOptions = {},
): { op: ClusterUpgrade; log: string[]; commands: ProviderCommand[]; refusals: string[] } {
  const pending: Pending[] = [];
  const script = [...(options.script ?? [])].sort((a, b) => a.at - b.at);
  const counts = new Map<string, number>();
  const log: string[] = [];
  const commands: ProviderCommand[] = [];
  const refusals: string[] = [];
  let seq = 0;
  let rng = options.tieSeed === undefined ? 0 : options.tieSeed >>> 0 || 1;
  // xorshift32 ranks: simultaneous answers are taken in rank order.
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
  const t = (at: Instant) => `+${(at - startAt) / SECOND}`;
  const nth = (key: string) => {
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    return n;
  };
  const submit = (decision: ClusterUpgradeDecision, at: Instant): void => {
    op = options.reload
      ? (JSON.parse(JSON.stringify(decision.state)) as ClusterUpgrade)
      : decision.state;
    wakeAt = decision.wakeAt;
    options.observe?.(op, decision, at);
    for (const note of decision.notes) {
      if (/^(VER-8|LIFE-5|LIFE-6)|failed \(|resumed/.test(note)) log.push(`${t(at)}   ${note}`);
    }
    for (const command of decision.commands) {
      commands.push(command);
      const step = command.id.split(":")[1] ?? "";
      const n = nth(`cmd/${step}`);
      const answer = options.answer?.(command, step, n) ?? { ok: true };
      const done = at + (answer.ok ? FAKE_DURATIONS[command.type] : 5) * SECOND;
      log.push(`${t(at)} ${command.type} ${step}${answer.ok ? "" : ` → ${answer.reason}`}`);
      pending.push({
        at: done,
        seq: rank(),
        event: answer.ok
          ? { type: "COMMAND_SUCCEEDED", commandId: command.id, at: done }
          : {
              type: "COMMAND_FAILED",
              commandId: command.id,
              at: done,
              reason: answer.reason,
              message: "injected",
            },
      });
    }
    for (const intent of decision.intents) {
      const n = nth(`pool/${intent.pool}`);
      const operationId = `np-${intent.pool}-${n}`;
      const state = options.poolEnd?.(intent.pool, n) ?? "SUCCEEDED";
      log.push(`${t(at)} START_POOL_UPGRADE ${intent.pool} → ${operationId} ${state}`);
      pending.push({
        at,
        seq: rank(),
        event: { type: "POOL_UPGRADE_STARTED", pool: intent.pool, operationId, at },
      });
      const end = at + POOL_SECONDS * SECOND;
      const ended: ClusterUpgradeEvent =
        state === "SUCCEEDED"
          ? { type: "POOL_UPGRADE_ENDED", pool: intent.pool, operationId, state, at: end }
          : {
              type: "POOL_UPGRADE_ENDED",
              pool: intent.pool,
              operationId,
              state,
              error: "NUP-7: injected",
              at: end,
            };
      pending.push({ at: end, seq: rank(), event: ended });
    }
  };
  submit(start, startAt);
  for (let steps = 0; steps < 100_000; steps++) {
    let next = Number.POSITIVE_INFINITY;
    for (const p of pending) next = Math.min(next, p.at);
    const scripted = script[0]?.at ?? Number.POSITIVE_INFINITY;
    const woken = wakeAt ?? Number.POSITIVE_INFINITY;
    const at = Math.min(next, scripted, woken);
    if (!Number.isFinite(at)) break;
    if (scripted <= at) {
      const step = script.shift()!;
      log.push(`${t(at)} ${step.label}`);
      const out = step.act(op, at);
      if (out.ok) submit(out.value, at);
      else refusals.push(`${step.label}: ${out.error.detail}`);
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
      submit(decideClusterUpgrade(op, due!.event, at), at);
      continue;
    }
    submit(decideClusterUpgrade(op, { type: "TICK", at }, at), at);
  }
  log.push(`${t(op.updatedAt)} ${op.state} spec=${op.spec.version} status=${op.status.version}`);
  return { op, log, commands, refusals };
}

/** A worker pool of `count` nodes per zone on `version`. */
export function workerPool(
  name: string,
  zones: Record<string, number>,
  version: string,
  extra: Partial<NodePoolFacts> = {},
): NodePoolFacts {
  const nodes: NodeFacts[] = [];
  for (const [zone, count] of Object.entries(zones)) {
    for (let i = 0; i < count; i++) {
      nodes.push({ name: `${name}-${zone}-${i}`, zone, version, nodeImage: "ubuntu-1" });
    }
  }
  return { cluster: "bm-1", pool: name, controlPlaneVersion: version, nodes, ...extra };
}
