import { DAY } from "../../time/instant.ts";
import type {
  CreateNode,
  DeleteNode,
  DrainNode,
  HealthCheck,
  ProviderCommand,
  ProviderEvent,
} from "../commands.ts";
import { simAdvance } from "./sim.ts";
import type { SimState } from "./state.ts";

// Builders shared by the sim's tests; not part of the public surface.

export const T0 = Date.UTC(2022, 5, 1, 10);

export function create(id: string, fields: Partial<CreateNode> = {}): CreateNode {
  return {
    id,
    type: "CREATE_NODE",
    cluster: "prod-1",
    pool: "default",
    zone: "zone-a",
    node: `node-${id}`,
    version: "1.21.14-gke.4300",
    nodeImage: "cos-101",
    ...fields,
  };
}

export function remove(id: string, fields: Partial<DeleteNode> = {}): DeleteNode {
  return {
    id,
    type: "DELETE_NODE",
    cluster: "prod-1",
    pool: "default",
    zone: "zone-a",
    node: `node-${id}`,
    ...fields,
  };
}

export function drain(id: string, fields: Partial<DrainNode> = {}): DrainNode {
  return {
    id,
    type: "DRAIN_NODE",
    cluster: "prod-1",
    pool: "default",
    node: "node-old",
    respectPdb: true,
    graceSeconds: 600,
    ...fields,
  };
}

export function healthCheck(id: string, cluster = "prod-1"): HealthCheck {
  return { id, type: "HEALTH_CHECK", cluster };
}

/** One command of every type, in declaration order. */
export function oneOfEach(): ProviderCommand[] {
  const base = { cluster: "prod-1", pool: "default", node: "node-1" };
  return [
    create("create"),
    remove("delete"),
    { id: "cordon", type: "CORDON_NODE", ...base },
    { id: "uncordon", type: "UNCORDON_NODE", ...base },
    drain("drain"),
    { id: "cp", type: "UPGRADE_CONTROL_PLANE", cluster: "prod-1", version: "1.22.0" },
    { id: "comp", type: "UPGRADE_COMPONENT", cluster: "prod-1", component: "addons", version: "2" },
    { id: "preflight", type: "RUN_PREFLIGHT", cluster: "prod-1", version: "1.22.0" },
    healthCheck("health"),
  ];
}

/** Everything the sim will report within a day, with the state after it. */
export function reportAll(state: SimState): { state: SimState; events: ProviderEvent[] } {
  return simAdvance(state, state.now + DAY);
}

/** When each command reported, in seconds after `from`, keyed by command id. */
export function secondsById(events: readonly ProviderEvent[], from = T0): Record<string, number> {
  return Object.fromEntries(
    events.flatMap((event) =>
      event.type === "COMMAND_SUCCEEDED" || event.type === "COMMAND_FAILED"
        ? [[event.commandId, (event.at - from) / 1000]]
        : [],
    ),
  );
}
