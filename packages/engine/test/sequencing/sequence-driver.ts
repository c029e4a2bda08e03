import {
  decideSequence,
  initialSequenceState,
  type SequenceCluster,
  type SequencedUpgradeType,
  type SequenceEvent,
  type SequenceFacts,
  type SequenceRolloutView,
  type SequenceStage,
  type SequenceState,
  sequenceRollouts,
} from "../../src/sequencing/index.ts";
import { type Instant, SECOND } from "../../src/time/instant.ts";
import { R25, T0 } from "./driver.ts";

/** A cluster of `fleet` on the Regular channel, nodes at the control plane's version. */
export function member(
  name: string,
  fleet: string,
  version: string,
  labels: Record<string, string> = {},
): SequenceCluster {
  return {
    name,
    fleet,
    labels,
    channel: "REGULAR",
    scopeCount: 1,
    version,
    nodeVersion: version,
    region: "asia-southeast2",
  };
}

export interface SequenceStart {
  stage: number;
  cluster: string;
  type: SequencedUpgradeType;
  version: string;
  at: Instant;
}

/**
 * Runs one rollout sequence against a tiny world, as its object would: starts become
 * upgrades that end after a fixed time, ends come back as events, the pass's wake-up is
 * honoured. Labels and controls change between runs.
 */
export class SequenceDriver {
  now: Instant = T0;
  state: SequenceState = initialSequenceState();
  readonly starts: SequenceStart[] = [];
  readonly log: string[] = [];
  private wakeAt: Instant | undefined;
  private readonly world = new Map<string, SequenceCluster>();
  private ops: { cluster: string; type: SequencedUpgradeType; version: string; endsAt: Instant }[] =
    [];

  constructor(
    readonly stages: SequenceStage[],
    clusters: SequenceCluster[],
    readonly seconds: { controlPlane: number; node: number } = { controlPlane: 3600, node: 7200 },
  ) {
    for (const c of clusters) this.world.set(c.name, { ...c });
  }

  facts(): SequenceFacts {
    return {
      sequence: "seq",
      stages: this.stages,
      clusters: [...this.world.values()],
      releases: { targets: { REGULAR: R25 }, availability: {} },
    };
  }

  relabel(name: string, labels: Record<string, string>): void {
    const c = this.world.get(name);
    if (c !== undefined) this.world.set(name, { ...c, labels });
  }

  cluster(name: string): SequenceCluster | undefined {
    return this.world.get(name);
  }

  rollouts(): SequenceRolloutView[] {
    return sequenceRollouts(this.state, this.facts(), this.now);
  }

  rollout(type: SequencedUpgradeType, version: string): SequenceRolloutView | undefined {
    return this.rollouts().find((r) => r.type === type && r.version === version);
  }

  /** One pass with `events`, carrying out its starts. */
  decide(events: SequenceEvent[] = [{ kind: "EVALUATE" }]): void {
    const decision = decideSequence(this.state, events, this.facts(), this.now);
    this.state = decision.state;
    this.wakeAt = decision.wakeAt;
    for (const note of decision.notes) this.log.push(`${(this.now - T0) / 3_600_000}h ${note}`);
    for (const intent of decision.intents) {
      const type = intent.kind === "START_NODE_UPGRADE" ? "NODE" : "CONTROL_PLANE";
      this.starts.push({
        stage: intent.stage,
        cluster: intent.cluster,
        type,
        version: intent.version,
        at: this.now,
      });
      const seconds = type === "NODE" ? this.seconds.node : this.seconds.controlPlane;
      this.ops.push({
        cluster: intent.cluster,
        type,
        version: intent.version,
        endsAt: this.now + seconds * SECOND,
      });
    }
  }

  /** Runs until nothing is due before `until`. */
  run(until: Instant): void {
    this.decide();
    for (let guard = 0; guard < 10_000; guard++) {
      const due = [
        ...this.ops.map((op) => op.endsAt),
        ...(this.wakeAt === undefined ? [] : [this.wakeAt]),
      ];
      const next = due.length > 0 ? Math.min(...due) : undefined;
      if (next === undefined || next > until) break;
      this.now = Math.max(this.now, next);
      const ended = this.ops.filter((op) => op.endsAt <= this.now);
      this.ops = this.ops.filter((op) => op.endsAt > this.now);
      const events: SequenceEvent[] = ended.map((op) => {
        const c = this.world.get(op.cluster);
        if (c !== undefined) {
          this.world.set(
            op.cluster,
            op.type === "NODE" ? { ...c, nodeVersion: op.version } : { ...c, version: op.version },
          );
        }
        return {
          kind: "UPGRADE_ENDED",
          cluster: op.cluster,
          type: op.type,
          version: op.version,
          outcome: "SUCCEEDED",
        };
      });
      this.decide([...events, { kind: "EVALUATE" }]);
    }
    this.now = Math.max(this.now, until);
    this.decide();
  }

  /** Hours after T0 at which `type` started on each of `clusters` (undefined: not started). */
  startHours(type: SequencedUpgradeType, clusters: readonly string[]): (number | undefined)[] {
    return clusters.map((name) => {
      const start = this.starts.find((s) => s.cluster === name && s.type === type);
      return start === undefined ? undefined : (start.at - T0) / 3_600_000;
    });
  }
}
