import { expect } from "vitest";
import { clusterBody, poolBody, seedBasics } from "../fixtures.ts";
import { ADMIN, api } from "../helpers.ts";

/**
 * The world the access matrix runs in: fleet A with team scopes x, y and z, fleet B, and
 * global inventory. Every request of the matrix names resources of fleet A / scope x.
 */
export const A = "mx-fleet-a";
export const B = "mx-fleet-b";
export const X = "mx-team-x";
export const Y = "mx-team-y";
export const Z = "mx-team-z";
const NEW = "1.21.14-gke.4300";
const OLD = "1.21.11-gke.1100";

/** Fleet A's notification subscription; its name carries A's marker, as its data does. */
export const NOTIFICATION = `${A}-notify`;
export const notificationBody = () => ({
  url: "https://hooks.example.com/regatta",
  secret: "matrix-secret-0123456789",
  events: ["*"],
  fleets: [A],
});

/** The callers of the matrix. */
export type Role = "admin" | "opA" | "viewerA" | "opB" | "viewerB" | "opAx" | "opAy";
export const ROLES: readonly Role[] = ["opB", "viewerB", "opAy", "viewerA", "opAx", "opA", "admin"];
const GRANTS: Record<
  Exclude<Role, "admin">,
  { role: string; fleets?: string[]; scopes?: string[] }
> = {
  opA: { role: "operator", fleets: [A] },
  viewerA: { role: "viewer", fleets: [A] },
  opB: { role: "operator", fleets: [B] },
  viewerB: { role: "viewer", fleets: [B] },
  opAx: { role: "operator", scopes: [`${A}/${X}`] },
  opAy: { role: "operator", scopes: [`${A}/${Y}`] },
};

/**
 * Names that are data of fleet A, by who may see them: a caller must never find in an
 * answer a name it may not see, unless its own request named it.
 */
export const MARKERS = {
  fleetA: [A],
  scopeX: [X, "mx-a-user", "mx-a-admin", "mx-pool", "mx-op-pool"],
  scopeY: [Y, "mx-a-y"],
};

/** Names of A each caller may not see (the operation id joins scope x once started). */
export function forbiddenFor(role: Role, operationId: string): string[] {
  const scopeX = [...MARKERS.scopeX, operationId];
  switch (role) {
    case "opB":
    case "viewerB":
      return [...MARKERS.fleetA, ...scopeX, ...MARKERS.scopeY];
    case "opAy":
      return scopeX;
    case "opAx":
      return MARKERS.scopeY;
    default:
      return [];
  }
}

/** The world as far as requests can change it, re-read after every seed. */
export interface World {
  tokens: Record<Role, string>;
  operationId: string;
  node: string;
}

const clusterSpecs: Record<string, Record<string, unknown>> = {
  "mx-a-admin": { fleet: A, scopes: [X], role: "admin", version: NEW },
  "mx-a-user": { fleet: A, scopes: [X], role: "user", adminCluster: "mx-a-admin", version: NEW },
  "mx-a-y": { fleet: A, scopes: [Y], version: NEW },
  "mx-a-shared": { fleet: A, scopes: [X, Z], version: NEW },
  "mx-b-admin": { fleet: B, role: "admin", version: NEW },
  "mx-b-user": { fleet: B, role: "user", adminCluster: "mx-b-admin", version: NEW },
};

/** The spec the matrix PUTs for a cluster: the one it was seeded with, so a replace is a no-op. */
export function clusterSpec(name: string): Record<string, unknown> {
  return clusterBody(clusterSpecs[name]);
}

async function put(path: string, body: unknown = {}): Promise<void> {
  const res = await api("PUT", path, { body });
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
}

/**
 * (Re)creates every fixture with the admin token, idempotently: the matrix calls it again
 * after any request that changed something, so each caller meets the same world.
 */
export async function seed(): Promise<void> {
  await seedBasics(A);
  for (const fleet of [A, B]) await put(`/v1/fleets/${fleet}`);
  for (const scope of [X, Y, Z]) await put(`/v1/fleets/${A}/scopes/${scope}`);
  await put(`/v1/fleets/${B}/scopes/mx-team-b`);
  await put("/v1/zones/europe-west1-b", { region: "europe-west1", quota: { nodes: 100 } });
  await put("/v1/machine-types/e2-standard-4", {
    cpuMillis: 4000,
    memoryMiB: 16384,
    pricePerHour: 0.134,
  });
  await put("/v1/reservations/mx-reservation", {
    zone: "europe-west1-b",
    machineType: "e2-standard-4",
    count: 1,
  });
  await put("/v1/sim/faults/mx-fault", {
    match: { cluster: "mx-a-user" },
    effect: "FAIL",
    times: 1,
  });
  await put("/v1/sim/speed", { speed: 0 });
  for (const name of Object.keys(clusterSpecs))
    await put(`/v1/clusters/${name}`, clusterSpec(name));
  for (const pool of ["mx-pool", "mx-op-pool"]) {
    const existing = await api("GET", `/v1/clusters/mx-a-user/node-pools/${pool}`);
    if (existing.status === 404)
      await put(`/v1/clusters/mx-a-user/node-pools/${pool}`, poolBody({ version: OLD }));
  }
  await put("/v1/clusters/mx-b-user/node-pools/mx-b-pool", poolBody({ version: OLD }));
  await put(`/v1/notifications/${NOTIFICATION}`, notificationBody());
  const victim = await api("POST", "/v1/tokens", { body: { name: "mx-victim", role: "viewer" } });
  expect([201, 409]).toContain(victim.status);
}

/** Seeds the world once, with its callers and a running operation on scope x's cluster. */
export async function createWorld(): Promise<World> {
  await seed();
  const tokens = { admin: ADMIN } as Record<Role, string>;
  for (const [role, grants] of Object.entries(GRANTS)) {
    const res = await api("POST", "/v1/tokens", {
      body: { name: `matrix-${role.toLowerCase()}`, ...grants },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    tokens[role as Role] = res.body.token;
  }
  const started = await api("POST", "/v1/clusters/mx-a-user/node-pools/mx-op-pool/upgrade", {
    body: {},
  });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const world: World = { tokens, operationId: started.body.id, node: "" };
  await refreshWorld(world);
  return world;
}

/** Re-reads what a re-seed may have renamed (the nodes of a re-created pool). */
export async function refreshWorld(world: World): Promise<void> {
  const nodes = await api("GET", "/v1/clusters/mx-a-user/nodes?pool=mx-pool&limit=1");
  world.node = nodes.body.items[0]?.name ?? "mx-missing-node";
}
