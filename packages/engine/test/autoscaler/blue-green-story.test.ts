import { describe, expect, it } from "vitest";
import {
  type AutoscalerNode,
  type AutoscalerPod,
  type Decision,
  decideNodePoolUpgrade,
  evaluateCluster,
  initialAutoscalerState,
  type NodePoolEvent,
  type NodePoolOperation,
  type ProviderCommand,
  poolScalingPolicy,
  scalableNodes,
  startNodePoolUpgrade,
} from "../../src/index.ts";
import { pod, pool, T0 } from "./fixtures.ts";
import { allNodesOf } from "./upgrade-fixtures.ts";
import { schedule } from "./world.ts";

const CP = "1.34.1-gke.300";
const ZONE = "us-central1-a";
const STEP = 5_000;

/**
 * An autoscaled blue-green upgrade and the autoscaler side by side, as the fleet object
 * runs them: provider commands take 5 s, the autoscaler passes every 10 s, nodes it adds
 * join the operation (`POOL_SCALED`), drained pods lose their node and the scheduler puts
 * them back first fit on READY nodes.
 */
function run(blue: number, podsPerNode: number) {
  const started = startNodePoolUpgrade(
    {
      operationId: "op-abg",
      pool: {
        cluster: "c1",
        pool: "web",
        controlPlaneVersion: CP,
        autoscalingEnabled: true,
        upgradeStrategy: { type: "AUTOSCALED_BLUE_GREEN", waitSeconds: 600 },
        nodes: Array.from({ length: blue }, (_, i) => ({
          name: `blue-${i}`,
          zone: ZONE,
          version: "1.33.5-gke.100",
          nodeImage: "cos-1",
        })),
      },
      target: { version: CP, nodeImage: "cos-2" },
    },
    T0,
  );
  if (!started.ok) throw new Error(started.error.detail);
  let op: NodePoolOperation = started.value.state;
  let wake = started.value.wakeAt;
  let pods: AutoscalerPod[] = [];
  for (let i = 0; i < blue; i++) {
    for (let k = 0; k < podsPerNode; k++)
      pods.push(pod(`app-${i}-${k}`, 900, 512, { node: `blue-${i}` }));
  }
  let state = initialAutoscalerState();
  const inbox: { at: number; event: NodePoolEvent; command?: ProviderCommand }[] = [];
  const p = pool("web", {
    zones: [ZONE],
    autoscaling: { enabled: true, totalMinNodes: 1, totalMaxNodes: 20 },
  });
  let now = T0;
  let nextPass = T0;
  let added = 0;
  const submit = (d: Decision<NodePoolOperation>): void => {
    op = d.state;
    wake = d.wakeAt;
    for (const command of d.commands)
      inbox.push({
        at: now + STEP,
        event: { type: "COMMAND_SUCCEEDED", commandId: command.id, at: now + STEP },
        command,
      });
  };
  submit(started.value);
  for (let steps = 0; steps < 2_000 && op.header.state === "RUNNING"; steps++) {
    const due = Math.min(...inbox.map((e) => e.at), wake ?? Infinity, nextPass);
    now = Math.max(now, due);
    const index = inbox.findIndex((e) => e.at <= now);
    if (index >= 0) {
      const [{ event, command }] = inbox.splice(index, 1) as [(typeof inbox)[number]];
      if (command?.type === "DRAIN_NODE") {
        pods = pods.map((x) => (x.node === command.node ? { ...x, node: undefined } : x));
      }
      submit(decideNodePoolUpgrade(op, event, now));
      continue;
    }
    if (nextPass <= now) {
      const nodes: AutoscalerNode[] = allNodesOf(op).map((n) => ({
        name: n.name,
        pool: "web",
        zone: n.zone,
        state: n.state,
        ...(n.color ? { color: n.color } : {}),
      }));
      const input = {
        cluster: { name: "c1", controlPlaneVersion: CP },
        pools: [{ ...p, scaling: poolScalingPolicy(op), scalableNodes: scalableNodes(op) }],
        nodes,
        pods,
        state,
      };
      const d = evaluateCluster(input, now);
      state = d.state;
      for (const action of d.actions) {
        const event: NodePoolEvent =
          action.type === "SCALE_UP"
            ? {
                type: "POOL_SCALED",
                at: now,
                added: action.newNodes.map((n) => ({
                  name: `green-${added++}`,
                  zone: n.zone,
                  version: action.config?.version ?? "",
                  nodeImage: action.config?.nodeImage ?? "",
                })),
                removed: [],
              }
            : { type: "POOL_SCALED", at: now, added: [], removed: action.nodes };
        if (action.type === "SCALE_DOWN") {
          const gone = new Set(action.nodes);
          pods = pods.map((x) =>
            x.node !== undefined && gone.has(x.node) ? { ...x, node: undefined } : x,
          );
        }
        submit(decideNodePoolUpgrade(op, event, now));
      }
      const scheduled = schedule({
        ...input,
        nodes: allNodesOf(op).map((n) => ({
          name: n.name,
          pool: "web",
          zone: n.zone,
          state: n.state,
        })),
        pods,
      });
      pods = scheduled.pods;
      nextPass = now + 10_000;
      continue;
    }
    submit(decideNodePoolUpgrade(op, { type: "TICK", at: now }, now));
  }
  return { op, pods, nodes: allNodesOf(op) };
}

describe("autoscaled blue-green with the autoscaler", () => {
  it("NUP-12 CA-3 evicted pods from blue make green grow: the pool ends on green nodes with every pod placed", () => {
    const { op, pods, nodes } = run(3, 4);
    expect(op.header.state).toBe("SUCCEEDED");
    // 12 pods of 0.9 CPU: 4 per 4-CPU node, so green ends with 3 nodes.
    expect(nodes.map((n) => n.color)).toEqual(["GREEN", "GREEN", "GREEN"]);
    expect(nodes.every((n) => n.version === CP)).toBe(true);
    const names = new Set(nodes.map((n) => n.name));
    expect(pods.every((x) => x.node !== undefined && names.has(x.node))).toBe(true);
    expect(pods.every((x) => x.node?.startsWith("green-"))).toBe(true);
  });
});
