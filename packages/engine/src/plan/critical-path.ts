import type { Instant } from "../time/instant.ts";
import type { PathStep } from "./types.ts";

/** What the run's critical path is read from (a `MemberPlan` / `StagePlan` shape). */
interface PlannedMember {
  cluster: string;
  stage: string;
  group: string;
  start?: Instant;
  end?: Instant;
  waits: readonly { from: Instant; until: Instant; reason: string }[];
}

interface PlannedStage {
  name: string;
  afterStageWait?: { from: Instant; until: Instant; reason: string };
}

interface Link extends PathStep {
  stage: number;
  group?: string;
  member?: string;
}

/**
 * EXT-6: the chain that decides a run's end, read backwards from it. Each link started
 * the instant its predecessor ended: a member after its own Pending spell (a window), or
 * after the previous member of its group (RUN-3), or after the previous stage's wait
 * (RUN-2) or last member; a stage's wait after the stage's last member. Discrete-event
 * time makes "ended at that instant" exact, so no tolerance is needed.
 *
 * @example runCriticalPath(members, stages, from, end).map((s) => s.name) // ["c-1", "c-2", "stage-1", "c-3"]
 */
export function runCriticalPath(
  members: readonly PlannedMember[],
  stages: readonly PlannedStage[],
  from: Instant,
  end: Instant,
): PathStep[] {
  const order = new Map(stages.map((s, i) => [s.name, i]));
  const links: Link[] = [];
  for (const m of members) {
    const stage = order.get(m.stage) ?? 0;
    for (const w of m.waits) {
      links.push({ kind: "wait", name: m.cluster, ...w, stage, group: m.group, member: m.cluster });
    }
    if (m.start !== undefined && m.end !== undefined) {
      links.push({
        kind: "member",
        name: m.cluster,
        from: m.start,
        until: m.end,
        stage,
        group: m.group,
        member: m.cluster,
      });
    }
  }
  stages.forEach((s, stage) => {
    if (s.afterStageWait)
      links.push({ kind: "stage-wait", name: s.name, ...s.afterStageWait, stage });
  });
  const last = lastLink(links.filter((l) => l.until <= end));
  if (last === undefined) return [];
  const path: Link[] = [last];
  const seen = new Set<Link>([last]);
  let current = last;
  while (current.from > from) {
    const previous = predecessor(links, current, seen);
    if (previous === undefined) break;
    path.push(previous);
    seen.add(previous);
    current = previous;
  }
  return path.reverse().map(({ kind, name, from: f, until, reason }) => {
    const step: PathStep = { kind, name, from: f, until };
    if (reason !== undefined) step.reason = reason;
    return step;
  });
}

/** What ends last: a stage's wait before its last member, a later stage before an earlier. */
function lastLink(links: readonly Link[]): Link | undefined {
  let best: Link | undefined;
  for (const link of links) {
    if (best === undefined || link.until > best.until) {
      best = link;
      continue;
    }
    if (link.until < best.until) continue;
    const rank = (l: Link) => (l.kind === "stage-wait" ? 2 : l.kind === "member" ? 1 : 0);
    if (rank(link) > rank(best) || (rank(link) === rank(best) && link.stage >= best.stage)) {
      best = link;
    }
  }
  return best;
}

function predecessor(links: readonly Link[], current: Link, seen: Set<Link>): Link | undefined {
  const at = current.from;
  const ending = links.filter((l) => l.until === at && !seen.has(l) && l.from <= at);
  const pick = (test: (l: Link) => boolean) => ending.find(test);
  if (current.kind === "stage-wait") {
    return pick((l) => l.kind === "member" && l.stage === current.stage);
  }
  return (
    (current.kind === "member"
      ? pick((l) => l.kind === "wait" && l.member === current.member)
      : undefined) ??
    pick((l) => l.kind === "member" && l.group === current.group && l.stage === current.stage) ??
    pick((l) => l.kind === "stage-wait" && l.stage < current.stage) ??
    pick((l) => l.kind === "member" && l.stage <= current.stage)
  );
}
