/** What a scenario shows through the API at one instant (see speed-invariance.test.ts). */
export type Observed = Record<string, unknown>;

interface NodeSeen {
  name: string;
  version: string;
  nodeImage?: string;
  state: string;
}

/** States of a node on its way out (a scale-down drains, then deletes it). */
const LEAVING = new Set(["CORDONED", "DRAINING", "DELETING"]);
interface DecisionSeen {
  action: string;
  reason: string;
  nodes?: string[];
}
interface MemberSeen {
  cluster: string;
  state: string;
  operation?: string;
}

const TERMINAL = new Set(["SUCCEEDED", "FAILED", "CANCELLED"]);

/**
 * State that agrees with itself, checked after every step of a scenario (the speed
 * invariance property test and the chaos runs). Answers what is wrong, nothing when
 * all holds:
 * - a node a scale-down removed, or that the decision log calls unregistered (CA-4), is
 *   on its way out (cordoned, draining, deleting) or gone;
 * - once an upgrade has succeeded, every node of its pool carries the target, the
 *   autoscaler's own nodes included;
 * - every node created after the upgrade began (not in `original`) carries the target
 *   version and, when `targetImage` is given, image;
 * - an update-run member whose operation has ended has heard it: it is not Running.
 */
export function invariantViolations(observed: Observed): string[] {
  const wrong: string[] = [];
  const nodes = (observed.nodes ?? []) as NodeSeen[];
  const byName = new Map(nodes.map((n) => [n.name, n]));
  for (const decision of (observed.decisions ?? []) as DecisionSeen[]) {
    if (decision.action !== "SCALE_DOWN") continue;
    for (const name of decision.nodes ?? []) {
      const node = byName.get(name);
      if (node !== undefined && !LEAVING.has(node.state))
        wrong.push(`${name} is ${node.state} after "${decision.reason}"`);
    }
  }
  const operation = observed.operation as { state: string } | undefined;
  if (operation?.state === "SUCCEEDED" && typeof observed.target === "string") {
    const behind = nodes.filter((n) => n.version !== observed.target);
    if (behind.length > 0)
      wrong.push(`nodes not on ${observed.target} after SUCCEEDED: ${JSON.stringify(behind)}`);
  }
  if (Array.isArray(observed.original) && typeof observed.target === "string") {
    const original = new Set(observed.original as string[]);
    const image = observed.targetImage;
    const stale = nodes.filter(
      (n) =>
        !original.has(n.name) &&
        (n.version !== observed.target || (typeof image === "string" && n.nodeImage !== image)),
    );
    if (stale.length > 0)
      wrong.push(
        `nodes created since the upgrade began not on the target version or image: ${JSON.stringify(stale)}`,
      );
  }
  const ended = (observed.memberOperations ?? {}) as Record<string, string>;
  const run = observed.run as { stages: { groups: { members: MemberSeen[] }[] }[] } | undefined;
  for (const stage of run?.stages ?? [])
    for (const group of stage.groups)
      for (const member of group.members) {
        const state = member.operation ? ended[member.operation] : undefined;
        if (state === undefined || !TERMINAL.has(state)) continue;
        if (member.state === "Running")
          wrong.push(`member ${member.cluster} still Running after its operation ${state}`);
      }
  return wrong;
}
