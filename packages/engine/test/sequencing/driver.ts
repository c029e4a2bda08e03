import type { ChannelTargets } from "../../src/channel/channel.ts";
import {
  decideGroupAll,
  type GroupEvent,
  type GroupFacts,
  type GroupIntent,
  type GroupState,
  initialGroupState,
  type RolloutStatusView,
  rolloutStatus,
  type SequencedCluster,
  type SequencedUpgradeType,
} from "../../src/sequencing/index.ts";
import { DAY, type Instant, SECOND } from "../../src/time/instant.ts";

/** 2022-06-01T00:00Z, a Wednesday. */
export const T0: Instant = Date.UTC(2022, 5, 1);

/** 2022-R25 on the Regular channel (seed 000). */
export const R25: ChannelTargets = {
  "1.20": "1.21.14-gke.4300",
  "1.21": "1.21.14-gke.4300",
  "1.22": "1.23.8-gke.1900",
  "1.24": "1.24.5-gke.600",
};

export interface GroupSpec {
  name: string;
  soakSeconds: number;
  overrides?: Record<string, number>;
  clusters: SequencedCluster[];
  kind?: "FLEET" | "SCOPE";
}

export interface DriveOptions {
  targets?: ChannelTargets;
  availability?: Record<string, string[]>;
  /** How long one cluster's control-plane / node upgrade takes. */
  controlPlaneSeconds?: number;
  nodeSeconds?: number;
  /** Per-cluster override of the upgrade time (e.g. a slow node pool). */
  durationOf?: (cluster: string, type: SequencedUpgradeType) => number | undefined;
  /** Seeds the order groups are evaluated in at each instant (simultaneous wake-ups). */
  tieSeed?: number;
  /** Clusters whose upgrades fail. */
  failing?: ReadonlySet<string>;
  /** When each version became an auto-upgrade target (the release's availability). */
  targetSince?: Record<string, number>;
  /** CH-2: each minor's end of life on the Regular channel. */
  endOfLife?: Record<string, Instant>;
  /** Versions the Regular channel's releases publish (targets and catalogue). */
  published?: string[];
}

/** A started upgrade, for the invariants: which group, what, when. */
export interface StartRecord {
  group: string;
  cluster: string;
  type: SequencedUpgradeType;
  version: string;
  at: Instant;
}

/** A cluster with defaults: Regular channel, one region, nodes at the control plane's version. */
export function cluster(
  name: string,
  version: string,
  extra: Partial<SequencedCluster> = {},
): SequencedCluster {
  return {
    name,
    channel: "REGULAR",
    scopeCount: 1,
    version,
    nodeVersion: version,
    region: "asia-southeast2",
    ...extra,
  };
}

const day = (at: Instant) => `d${((at - T0) / DAY).toFixed(2).padStart(6, "0")}`;

/**
 * Runs a chain of groups against a tiny world: starts become upgrades that end after a
 * fixed time, messages reach the downstream at once, each group's alarm is honoured. The
 * log is the readable timeline the golden files hold.
 */
export class ChainDriver {
  now: Instant = T0;
  readonly log: string[] = [];
  readonly starts: StartRecord[] = [];
  readonly messages: { from: string; to: string; key: string }[] = [];
  readonly states = new Map<string, GroupState>();
  /** How many decisions the groups took. */
  decisions = 0;
  private readonly wakes = new Map<string, Instant | undefined>();
  private readonly world = new Map<string, SequencedCluster>();
  private readonly groupOf = new Map<string, string>();
  private ops: { cluster: string; type: SequencedUpgradeType; version: string; endsAt: Instant }[] =
    [];

  constructor(
    readonly groups: GroupSpec[],
    readonly options: DriveOptions = {},
  ) {
    for (const group of groups) {
      this.states.set(group.name, initialGroupState());
      for (const c of group.clusters) {
        this.world.set(c.name, { ...c });
        this.groupOf.set(c.name, group.name);
      }
    }
  }

  /** The facts a host would read for `group` now. */
  facts(group: string): GroupFacts {
    const index = this.groups.findIndex((g) => g.name === group);
    const spec = this.groups[index];
    if (spec === undefined) throw new Error(`no group ${group}`);
    const facts: GroupFacts = {
      group,
      kind: spec.kind ?? "FLEET",
      defaultSoakSeconds: spec.soakSeconds,
      soakOverrides: spec.overrides ?? {},
      targets: { REGULAR: this.options.targets ?? R25 },
      availability: this.options.availability ?? {},
      ...(this.options.targetSince ? { targetSince: this.options.targetSince } : {}),
      ...(this.options.endOfLife ? { endOfLife: { REGULAR: this.options.endOfLife } } : {}),
      ...(this.options.published ? { published: { REGULAR: this.options.published } } : {}),
      clusters: [...this.world.values()].filter((c) => this.groupOf.get(c.name) === group),
    };
    const up = this.groups[index - 1]?.name;
    const down = this.groups[index + 1]?.name;
    if (up !== undefined) facts.upstream = up;
    if (down !== undefined) facts.downstream = down;
    return facts;
  }

  /** Changes a cluster in the world (e.g. clears deprecated API usage). */
  patch(name: string, change: Partial<SequencedCluster>): void {
    const c = this.world.get(name);
    if (c !== undefined) this.world.set(name, { ...c, ...change });
  }

  /** Changes a group's soak settings (SEQ-14). */
  setSoak(group: string, change: { soakSeconds?: number; overrides?: Record<string, number> }) {
    const spec = this.groups.find((g) => g.name === group);
    if (spec === undefined) throw new Error(`no group ${group}`);
    if (change.soakSeconds !== undefined) spec.soakSeconds = change.soakSeconds;
    if (change.overrides !== undefined) spec.overrides = change.overrides;
  }

  status(group: string): RolloutStatusView {
    return rolloutStatus(this.mustState(group), this.facts(group), this.now);
  }

  private mustState(group: string): GroupState {
    const state = this.states.get(group);
    if (state === undefined) throw new Error(`no group ${group}`);
    return state;
  }

  /** Feeds one event to a group and carries out its intents. */
  send(group: string, event: (facts: GroupFacts) => GroupEvent): void {
    this.sendAll(group, [event(this.facts(group))]);
  }

  /** Feeds events that arrived together to a group in one decision. */
  sendAll(group: string, events: GroupEvent[]): void {
    this.decisions++;
    const decision = decideGroupAll(this.mustState(group), events, this.now);
    this.states.set(group, decision.state);
    this.wakes.set(group, decision.wakeAt);
    for (const note of decision.notes) this.log.push(`${day(this.now)} ${group}: ${note}`);
    for (const intent of decision.intents) this.carryOut(group, intent);
  }

  private round = 0;

  evaluateAll(): void {
    const names = this.groups.map((g) => g.name);
    const seed = this.options.tieSeed;
    if (seed !== undefined) {
      // A small LCG shuffle: deterministic per seed and round, no dependency needed.
      let x = (seed * 7919 + this.round++ * 104729) >>> 0;
      for (let i = names.length - 1; i > 0; i--) {
        x = (x * 1664525 + 1013904223) >>> 0;
        const j = x % (i + 1);
        [names[i], names[j]] = [names[j] as string, names[i] as string];
      }
    }
    for (const name of names) this.send(name, (facts) => ({ kind: "EVALUATE", facts }));
  }

  private carryOut(group: string, intent: GroupIntent): void {
    switch (intent.kind) {
      case "START_CONTROL_PLANE_UPGRADE":
      case "START_NODE_UPGRADE": {
        const type = intent.kind === "START_NODE_UPGRADE" ? "NODE" : "CONTROL_PLANE";
        const base =
          type === "NODE"
            ? (this.options.nodeSeconds ?? 2 * 3600)
            : (this.options.controlPlaneSeconds ?? 3600);
        const seconds = this.options.durationOf?.(intent.cluster, type) ?? base;
        this.starts.push({
          group,
          cluster: intent.cluster,
          type,
          version: intent.version,
          at: this.now,
        });
        this.log.push(
          `${day(this.now)} ${group}: start ${type} ${intent.cluster} → ${intent.version}`,
        );
        this.ops.push({
          cluster: intent.cluster,
          type,
          version: intent.version,
          endsAt: this.now + seconds * SECOND,
        });
        return;
      }
      case "NOTIFY_DOWNSTREAM": {
        const key = `${intent.message.type} ${intent.message.outcome}${"version" in intent.message ? ` ${intent.message.version}` : ""}${"versions" in intent.message ? ` ${intent.message.versions.join(",")}` : ""}`;
        this.messages.push({ from: group, to: intent.downstream, key });
        this.log.push(`${day(this.now)} ${group} → ${intent.downstream}: ${key}`);
        const message = intent.message;
        this.send(intent.downstream, (facts) => ({ kind: "UPSTREAM", message, facts }));
        return;
      }
      default:
        intent satisfies never;
    }
  }

  /** Runs until nothing is due before `until`, evaluating every group at each step. */
  run(until: Instant): void {
    this.evaluateAll();
    for (let guard = 0; guard < 100_000; guard++) {
      // After every pass each wake is in the future and every ended op is gone, so time moves.
      const due = [
        ...this.ops.map((op) => op.endsAt),
        ...[...this.wakes.values()].filter((at): at is Instant => at !== undefined),
      ];
      const next = due.length > 0 ? Math.min(...due) : undefined;
      if (next === undefined || next > until) break;
      this.now = Math.max(this.now, next);
      const ended = this.ops.filter((op) => op.endsAt <= this.now);
      this.ops = this.ops.filter((op) => op.endsAt > this.now);
      this.finishAll(ended);
      this.evaluateAll();
    }
    this.now = Math.max(this.now, until);
    this.evaluateAll();
  }

  /** Ends that fall on one instant reach each group together, as the host's inbox does. */
  private finishAll(ops: { cluster: string; type: SequencedUpgradeType; version: string }[]): void {
    const byGroup = new Map<string, GroupEvent[]>();
    for (const op of ops) {
      const group = this.groupOf.get(op.cluster);
      if (group === undefined) continue;
      const failed = this.options.failing?.has(op.cluster) === true;
      if (!failed) {
        this.patch(
          op.cluster,
          op.type === "NODE" ? { nodeVersion: op.version } : { version: op.version },
        );
      }
      this.log.push(
        `${day(this.now)} ${group}: ${op.type} ${op.cluster} ${failed ? "failed" : "done"}`,
      );
      const events = byGroup.get(group) ?? [];
      events.push({
        kind: "UPGRADE_ENDED",
        cluster: op.cluster,
        type: op.type,
        version: op.version,
        outcome: failed ? "FAILED" : "SUCCEEDED",
        ...(failed ? { error: "simulated failure" } : {}),
        // Facts are read when the group decides, below.
        facts: this.facts(group),
      });
      byGroup.set(group, events);
    }
    for (const [group, events] of byGroup) {
      const facts = this.facts(group);
      this.sendAll(
        group,
        events.map((event) => ({ ...event, facts })),
      );
    }
  }
}
