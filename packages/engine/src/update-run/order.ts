import { mayStartAutomaticUpgrade } from "../maintenance/may-start.ts";
import { HOUR, type Instant } from "../time/instant.ts";
import type { RunMember } from "./types.ts";

/** RUN-7: a window opening within this long ranks second. */
export const SOON_OPENING = 4 * HOUR;

/**
 * RUN-7 rank of a member at `now`: 0 window open now, 1 window opening within 4 hours,
 * 2 no window, 3 window closed.
 */
export function windowRank(member: RunMember, now: Instant): 0 | 1 | 2 | 3 {
  const maintenance = member.facts.maintenance;
  if ((maintenance?.windows ?? []).length === 0) return 2;
  const start = mayStartAutomaticUpgrade(maintenance, now, "PATCH");
  if (start.allowed) return 0;
  if (start.nextOpen !== undefined && start.nextOpen - now <= SOON_OPENING) return 1;
  return 3;
}

/**
 * RUN-7: the order a group tries its members in at `now`; members of the same rank keep
 * the group's order.
 *
 * @example membersInTryOrder([closed, none, open], now) // [open, none, closed]
 */
export function membersInTryOrder(members: readonly RunMember[], now: Instant): RunMember[] {
  // One bucket per rank, filled in the group's order: the order a stable sort by rank
  // gives, without sorting a large group on every answer.
  const ranked: RunMember[][] = [[], [], [], []];
  for (const member of members) ranked[windowRank(member, now)]!.push(member);
  return ranked.flat();
}
