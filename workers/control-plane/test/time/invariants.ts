import { expect } from "vitest";

/** What a scenario shows through the API at one instant (see speed-invariance.test.ts). */
export type Observed = Record<string, unknown>;

interface NodeSeen {
  name: string;
  version: string;
  state: string;
}
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
 * State that agrees with itself, checked after every step of a scenario:
 * - a node the decision log calls unregistered (CA-4) is not READY;
 * - a node a scale-down removed is not READY (it drains, is deleted, or is gone);
 * - once an upgrade has succeeded, every node of its pool carries the target, the
 *   autoscaler's own nodes included;
 * - an update-run member whose operation has ended has heard it: it is not Running.
 */
export function checkInvariants(scenario: string, observed: Observed): void {
  const nodes = (observed.nodes ?? []) as NodeSeen[];
  const ready = new Set(nodes.filter((n) => n.state === "READY").map((n) => n.name));
  for (const decision of (observed.decisions ?? []) as DecisionSeen[]) {
    if (decision.action !== "SCALE_DOWN") continue;
    for (const name of decision.nodes ?? []) {
      expect(ready.has(name), `${scenario}: ${name} is READY after "${decision.reason}"`).toBe(
        false,
      );
    }
  }
  const operation = observed.operation as { state: string } | undefined;
  if (operation?.state === "SUCCEEDED" && typeof observed.target === "string") {
    const behind = nodes.filter((n) => n.version !== observed.target);
    expect(behind, `${scenario}: nodes not on ${observed.target} after SUCCEEDED`).toEqual([]);
  }
  const ended = (observed.memberOperations ?? {}) as Record<string, string>;
  const run = observed.run as { stages: { groups: { members: MemberSeen[] }[] }[] } | undefined;
  for (const stage of run?.stages ?? [])
    for (const group of stage.groups)
      for (const member of group.members) {
        const state = member.operation ? ended[member.operation] : undefined;
        if (state === undefined || !TERMINAL.has(state)) continue;
        expect(
          member.state,
          `${scenario}: member ${member.cluster} still Running after its operation ${state}`,
        ).not.toBe("Running");
      }
}
