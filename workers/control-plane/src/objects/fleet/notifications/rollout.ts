import type { GroupState, GroupUpgrade } from "@regatta/engine";
import type { NotificationEvent } from "@regatta/protocol";
import type { Tx } from "../../../runtime/types.ts";
import { recordNotification } from "../../notifications/record.ts";

/**
 * `rollout.group.started|soaking|completed`: a rollout group's decision compared with
 * the state before it, in the transaction that saves it. Each upgrade of the group says
 * when its turn came, its soak started and it was qualified, so an instant appearing is
 * the event. `rollout.group.stalled` has no such mark yet: it is in the catalogue only.
 */

/** The mark each event is read from, in the order they happen. */
const MARKS: readonly [keyof GroupUpgrade, NotificationEvent][] = [
  ["startedAt", "rollout.group.started"],
  ["soakStartedAt", "rollout.group.soaking"],
  ["completedAt", "rollout.group.completed"],
];

const keyOf = (u: GroupUpgrade) => `${u.type}/${u.version}/${u.tracking}`;

/** The group's rollout as an API path: `fleets/prod/rollout`, `fleets/prod/scopes/web/rollout`. */
function subjectOf(group: string): string {
  const [fleet, scope] = group.split("/");
  return scope === undefined
    ? `fleets/${fleet}/rollout`
    : `fleets/${fleet}/scopes/${scope}/rollout`;
}

/** Records the marks `after` set that `before` did not have. */
export function notifyRolloutChanges(
  tx: Tx,
  group: string,
  before: GroupState,
  after: GroupState,
): void {
  const was = new Map(before.upgrades.map((u) => [keyOf(u), u]));
  for (const upgrade of after.upgrades) {
    const previous = was.get(keyOf(upgrade));
    for (const [mark, event] of MARKS) {
      if (upgrade[mark] === undefined || previous?.[mark] !== undefined) continue;
      recordNotification(tx, {
        event,
        subject: subjectOf(group),
        data: {
          group,
          type: upgrade.type,
          version: upgrade.version,
          ...(event === "rollout.group.soaking" && upgrade.forced === true ? { forced: true } : {}),
        },
      });
    }
  }
}
