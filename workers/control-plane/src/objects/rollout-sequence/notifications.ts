import {
  type GroupUpgrade,
  rolloutKey,
  type SequenceFacts,
  type SequenceState,
} from "@regatta/engine";
import type { NotificationEvent } from "@regatta/protocol";
import type { Tx } from "../../runtime/types.ts";
import { recordNotification } from "../notifications/record.ts";

/**
 * `rollout.stage.started|soaking|completed`, `rollout.paused|resumed`: a pass's decision
 * compared with the state before it, in the transaction that saves it. Subscriptions
 * belong to fleets, so each event is recorded once for each fleet of the stage (or of the
 * sequence, for a pause) and names no other fleet.
 */

const MARKS: readonly [keyof GroupUpgrade, NotificationEvent][] = [
  ["startedAt", "rollout.stage.started"],
  ["soakStartedAt", "rollout.stage.soaking"],
  ["completedAt", "rollout.stage.completed"],
];

const keyOf = (u: GroupUpgrade) => `${u.type}/${u.version}/${u.tracking}`;

export function notifySequenceChanges(
  tx: Tx,
  facts: SequenceFacts,
  before: SequenceState,
  after: SequenceState,
): void {
  const sequence = facts.sequence;
  for (const [index, stage] of after.stages.entries()) {
    const was = new Map((before.stages[index]?.upgrades ?? []).map((u) => [keyOf(u), u]));
    for (const upgrade of stage.upgrades) {
      const previous = was.get(keyOf(upgrade));
      const rollout = rolloutKey(upgrade.type, upgrade.version);
      for (const [mark, event] of MARKS) {
        if (upgrade[mark] === undefined || previous?.[mark] !== undefined) continue;
        for (const fleet of facts.stages[index]?.fleets ?? []) {
          recordNotification(tx, {
            event,
            fleet,
            subject: `rollout-sequences/${sequence}/rollouts/${rollout}`,
            data: {
              sequence,
              rollout,
              type: upgrade.type,
              version: upgrade.version,
              stage: index + 1,
              ...(event === "rollout.stage.soaking" && upgrade.forced === true
                ? { forced: true }
                : {}),
            },
          });
        }
      }
    }
  }
  const fleets = [...new Set(facts.stages.flatMap((stage) => stage.fleets))];
  const changes: [string[], NotificationEvent][] = [
    [after.paused.filter((key) => !before.paused.includes(key)), "rollout.paused"],
    [before.paused.filter((key) => !after.paused.includes(key)), "rollout.resumed"],
  ];
  for (const [rollouts, event] of changes) {
    for (const rollout of rollouts) {
      // A pause dropped because its rollout is gone is no resume.
      if (event === "rollout.resumed" && !keeps(after, rollout)) continue;
      for (const fleet of fleets) {
        recordNotification(tx, {
          event,
          fleet,
          subject: `rollout-sequences/${sequence}/rollouts/${rollout}`,
          data: { sequence, rollout },
        });
      }
    }
  }
}

function keeps(state: SequenceState, rollout: string): boolean {
  return state.stages.some((stage) =>
    stage.upgrades.some((u) => rolloutKey(u.type, u.version) === rollout),
  );
}
