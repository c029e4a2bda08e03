import { env, runInDurableObject } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, freezeClock } from "../helpers.ts";
import {
  A,
  B,
  clusterSpec,
  createWorld,
  forbiddenFor,
  MARKERS,
  NOTIFICATION,
  notificationBody,
  ROLES,
  type Role,
  refreshWorld,
  seed,
  type World,
  X,
  Z,
} from "./matrix-fixtures.ts";

/**
 * The role × scope × endpoint matrix (issue 7): every operation of /openapi.json, called
 * by an admin, an operator and a viewer of fleet A, of fleet B, and operators of team
 * scopes A/x and A/y, with every path parameter and body naming resources of fleet A /
 * scope x. A route added later joins automatically; one whose parameters or body the
 * tables below cannot fill fails the test until a fixture is added.
 */

/** Path (and resource-naming query) parameters by name, for every route. */
const PARAMS: Record<string, (w: World) => string> = {
  fleet: () => A,
  scope: () => X,
  cluster: () => "mx-a-user",
  pool: () => "mx-pool",
  zone: () => "europe-west1-b",
  release: () => "2022-R25",
  channel: () => "REGULAR",
  run: () => "mx-run",
  gate: () => "mx-gate",
};

/** Parameters whose name means different things per route (`id`, `name`). */
const PARAMS_BY_PATH: Record<string, Record<string, (w: World) => string>> = {
  "/v1/operations/{id}": { id: (w) => w.operationId },
  "/v1/operations/{id}/events": { id: (w) => w.operationId },
  "/v1/operations/{id}/resume": { id: (w) => w.operationId },
  "/v1/operations/{id}/cancel": { id: (w) => w.operationId },
  "/v1/sim/faults/{id}": { id: () => "mx-fault" },
  "/v1/reservations/{id}": { id: () => "mx-reservation" },
  "/v1/tokens/{name}": { name: () => "mx-victim" },
  "/v1/machine-types/{name}": { name: () => "e2-standard-4" },
  "/v1/compute-classes/{name}": { name: () => "mx-class" },
  "/v1/fleets/{fleet}/update-strategies/{name}": { name: () => "mx-strategy" },
  "/v1/fleets/{fleet}/auto-upgrade-profiles/{name}": { name: () => "mx-profile" },
  // A rollout sequence over fleet A; its name carries A's marker, as its data does.
  "/v1/rollout-sequences/{name}": { name: () => `${A}-seq` },
  "/v1/rollout-sequences/{name}/watch": { name: () => `${A}-seq` },
  "/v1/rollout-sequences/{name}/plan": { name: () => `${A}-seq` },
  "/v1/rollout-sequences/{name}/rollouts": { name: () => `${A}-seq` },
  "/v1/rollout-sequences/{name}/rollouts/{rollout}": {
    name: () => `${A}-seq`,
    rollout: () => "control-plane-1.21.14-gke.4300",
  },
  "/v1/rollout-sequences/{name}/rollouts/{rollout}/pause": {
    name: () => `${A}-seq`,
    rollout: () => "control-plane-1.21.14-gke.4300",
  },
  "/v1/rollout-sequences/{name}/rollouts/{rollout}/resume": {
    name: () => `${A}-seq`,
    rollout: () => "control-plane-1.21.14-gke.4300",
  },
  "/v1/notifications/{name}": { name: () => NOTIFICATION },
  "/v1/notifications/{name}/deliveries": { name: () => NOTIFICATION },
  "/v1/notifications/{name}/deliveries/{id}/redeliver": {
    name: () => NOTIFICATION,
    id: () => "mx-delivery",
  },
};

/** Request bodies by operation, naming resources of fleet A / scope x where they name any. */
const BODIES: Record<string, (w: World) => unknown> = {
  "POST /v1/tokens": () => ({ name: "mx-created", role: "viewer" }),
  "PUT /v1/machine-types/{name}": () => ({
    cpuMillis: 4000,
    memoryMiB: 16384,
    pricePerHour: 0.134,
  }),
  "PUT /v1/zones/{zone}": () => ({ region: "europe-west1", quota: { nodes: 100 } }),
  "PUT /v1/reservations/{id}": () => ({
    zone: "europe-west1-b",
    machineType: "e2-standard-4",
    count: 1,
  }),
  "PUT /v1/fleets/{fleet}": () => ({}),
  "PUT /v1/fleets/{fleet}/scopes/{scope}": () => ({}),
  "PUT /v1/fleets/{fleet}/rollout": () => ({ defaultSoakSeconds: 0 }),
  // Disabled: the matrix checks who may write it, not what it would generate.
  "PUT /v1/fleets/{fleet}/auto-upgrade-profiles/{name}": () => ({
    strategy: "mx-strategy",
    channel: "Stable",
    disabled: true,
  }),
  "PUT /v1/fleets/{fleet}/scopes/{scope}/rollout": () => ({ defaultSoakSeconds: 0 }),
  "PUT /v1/releases/{release}": () => ({
    channel: "REGULAR",
    targets: { "1.21": "1.21.14-gke.4300" },
  }),
  "PUT /v1/clusters/{cluster}": () => clusterSpec("mx-a-user"),
  "PUT /v1/clusters/{cluster}/node-pools/{pool}": () => ({
    machineType: "e2-standard-4",
    zones: ["europe-west1-b", "europe-west1-c"],
    nodeCount: 2,
    version: "1.21.11-gke.1100",
    nodeImage: "cos-97",
  }),
  "POST /v1/clusters/{cluster}/node-pools/{pool}/upgrade": () => ({}),
  "POST /v1/clusters/{cluster}/preflight": () => ({ version: "1.21.14-gke.4300" }),
  "POST /v1/clusters/{cluster}/upgrade": () => ({ version: "1.21.14-gke.4300" }),
  "POST /v1/operations/{id}/events": (w) => ({
    type: "COMMAND_SUCCEEDED",
    commandId: `${w.operationId}:forged`,
  }),
  "PUT /v1/clusters/{cluster}/workloads": () => ({ pods: [] }),
  "POST /v1/clusters/{cluster}/provisioning-requests": () => ({
    class: "check-capacity",
    podTemplate: { containers: [{ cpuMillis: 100, memoryMiB: 64 }] },
    count: 1,
  }),
  "PUT /v1/compute-classes/{name}": () => ({ priorities: [{ machineType: "e2-standard-4" }] }),
  "PUT /v1/sim/faults/{id}": () => ({ match: { cluster: "mx-a-user" }, effect: "FAIL", times: 1 }),
  "POST /v1/sim/advance": () => ({ seconds: 0 }),
  "PUT /v1/sim/speed": () => ({ speed: 0 }),
  "PUT /v1/sim/settings": () => ({}),
  "POST /v1/sim/preempt": (w) => ({ cluster: "mx-a-user", pool: "mx-pool", node: w.node }),
  "PUT /v1/fleets/{fleet}/update-strategies/{name}": () => ({
    stages: [{ name: "mx-stage", groups: [{ name: "mx-group" }] }],
  }),
  "POST /v1/fleets/{fleet}/update-runs": () => ({
    name: "mx-run",
    upgrade: { type: "NodeImageOnly" },
  }),
  "PUT /v1/notifications/{name}": () => notificationBody(),
  "PUT /v1/rollout-sequences/{name}": () => ({
    stages: [{ fleets: [A], clusterSelector: { matchLabels: { ring: "0" } } }, { fleets: [A] }],
  }),
  "POST /v1/fleets/{fleet}/update-runs/{run}/skip": () => ({
    targets: [{ type: "Stage", name: "mx-stage" }],
  }),
};

/**
 * Requests that name fleet A only in the body, from a path the caller may write: who
 * may send them. Everyone else must be refused.
 */
const BODY_REFERENCES: {
  operation: string;
  why: string;
  params: Record<string, string>;
  body: () => unknown;
  allowed: Role[];
}[] = [
  {
    operation: "PUT /v1/clusters/{cluster}",
    why: "fleet B's user cluster naming fleet A's admin cluster (VER-5)",
    params: { cluster: "mx-b-user" },
    body: () => ({ ...clusterSpec("mx-b-user"), adminCluster: "mx-a-admin" }),
    allowed: ["admin"],
  },
  {
    operation: "PUT /v1/clusters/{cluster}",
    why: "a cluster shared by scopes x and z leaving z",
    params: { cluster: "mx-a-shared" },
    body: () => ({ ...clusterSpec("mx-a-shared"), scopes: [X] }),
    allowed: ["admin", "opA"],
  },
  {
    operation: "PUT /v1/clusters/{cluster}",
    why: "a cluster of scope x joining scope z",
    params: { cluster: "mx-a-user" },
    body: () => ({ ...clusterSpec("mx-a-user"), scopes: [X, Z] }),
    allowed: ["admin", "opA"],
  },
  {
    operation: "PUT /v1/fleets/{fleet}/rollout",
    why: "fleet B's rollout naming fleet A as its upstream (SEQ-1)",
    params: { fleet: B },
    body: () => ({ upstreamFleet: A, defaultSoakSeconds: 0 }),
    allowed: ["admin"],
  },
];

/** Writes only admins may do, beyond global inventory and sim controls (found by rule). */
const ADMIN_ONLY = new Set([
  "DELETE /v1/fleets/{fleet}",
  // SEC-7: a fleet's executor key signs its provider's reports, so only admins mint one.
  "POST /v1/fleets/{fleet}/executor-key",
  "DELETE /v1/fleets/{fleet}/executor-key",
]);

/**
 * Answers that may show other fleets' names to every caller, and why. Keep this short:
 * each entry is a documented exception, not an oversight.
 */
const GLOBAL_READS = new Map<string, string>();

interface Operation {
  method: string;
  path: string;
  key: string;
  bearer: boolean;
  query: string[];
  hasBody: boolean;
  bodyRequired: boolean;
}

interface Call {
  op: Operation;
  label: string;
  url: string;
  body: unknown;
  /** Who must be refused (403/404); undefined: follow the operation's own level. */
  allowed?: Role[];
}

type Level = "global" | "fleet" | "scoped";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const OUTSIDERS: Record<Level, { read: Role[]; write: Role[] }> = {
  global: { read: [], write: [] },
  fleet: { read: ["opB", "viewerB"], write: ["opB", "viewerB", "opAx", "opAy"] },
  scoped: { read: ["opB", "viewerB", "opAy"], write: ["opB", "viewerB", "opAy"] },
};

function operationsOf(doc: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, spec] of Object.entries(methods)) {
      const parameters = (spec.parameters ?? []) as { name: string; in: string }[];
      const requestBody = spec.requestBody as { required?: boolean } | undefined;
      const security = spec.security as unknown[] | undefined;
      ops.push({
        method: method.toUpperCase(),
        path,
        key: `${method.toUpperCase()} ${path}`,
        bearer: security === undefined || security.length > 0,
        query: parameters.filter((p) => p.in === "query").map((p) => p.name),
        hasBody: requestBody !== undefined,
        bodyRequired: requestBody?.required === true,
      });
    }
  }
  return ops;
}

/** Fills an operation's path; names what is missing instead. */
function fill(op: Operation, world: World, overrides: Record<string, string> = {}) {
  const missing: string[] = [];
  const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value =
      overrides[name] ?? PARAMS_BY_PATH[op.path]?.[name]?.(world) ?? PARAMS[name]?.(world);
    if (value === undefined) missing.push(`path parameter {${name}}`);
    return value ?? "";
  });
  let body: unknown;
  if (op.hasBody) {
    body = BODIES[op.key]?.(world);
    if (body === undefined && op.bodyRequired) missing.push("request body");
  }
  return { url, body, missing };
}

/**
 * The calls of one operation: as is; for lists, one item a page (so a cursor is handed
 * out and checked); and with the query parameters that name resources set.
 */
function callsOf(op: Operation, world: World): { calls: Call[]; missing: string[] } {
  const { url, body, missing } = fill(op, world);
  const calls: Call[] = [{ op, label: op.key, url, body }];
  const queries: string[][] = [];
  const paged = op.query.includes("limit") ? ["limit=1"] : [];
  if (paged.length > 0) queries.push(paged);
  const named = op.query.filter((name) => PARAMS[name] !== undefined);
  if (named.length > 0) queries.push([...named.map((n) => `${n}=${PARAMS[n]!(world)}`), ...paged]);
  for (const query of queries) {
    const search = query.join("&");
    calls.push({ op, label: `${op.key}?${search}`, url: `${url}?${search}`, body });
  }
  for (const variant of BODY_REFERENCES.filter((v) => v.operation === op.key)) {
    const filled = fill(op, world, variant.params);
    calls.push({
      op,
      label: `${op.key} (${variant.why})`,
      url: filled.url,
      body: variant.body(),
      allowed: variant.allowed,
    });
  }
  return { calls, missing };
}

function levelOf(requestText: string, world: World): Level {
  if ([...MARKERS.scopeX, world.operationId].some((m) => requestText.includes(m))) return "scoped";
  if ([...MARKERS.fleetA, ...MARKERS.scopeY].some((m) => requestText.includes(m))) return "fleet";
  return "global";
}

/** Every token may read itself (the dashboard learns what it may do); nothing else. */
const ANY_TOKEN_ABOUT_ITSELF = new Set(["GET /v1/tokens/self"]);

function isAdminOnly(op: Operation, level: Level): boolean {
  if (ANY_TOKEN_ABOUT_ITSELF.has(op.key)) return false;
  if (op.path.startsWith("/v1/tokens")) return true;
  if (op.path.startsWith("/v1/sim") && op.method !== "GET") return true;
  if (ADMIN_ONLY.has(op.key)) return true;
  return WRITE_METHODS.has(op.method) && level === "global";
}

/** Base64url JSON cursors, decoded, so names hidden in them are checked too. */
function decodedCursors(body: unknown): string {
  const cursor = (body as { nextCursor?: unknown } | undefined)?.nextCursor;
  if (typeof cursor !== "string") return "";
  try {
    return atob(cursor.replaceAll("-", "+").replaceAll("_", "/"));
  } catch {
    return cursor;
  }
}

describe("access matrix generated from /openapi.json (issue 7)", () => {
  let world: World;
  beforeAll(async () => {
    await freezeClock();
    world = await createWorld();
  });
  afterAll(async () => {
    for (const fleet of [A, B]) {
      await runInDurableObject(env.FLEET.get(env.FLEET.idFromName(fleet)), (_i, state) =>
        state.storage.deleteAlarm(),
      );
    }
  });

  it("every operation × role: no 5xx; outsiders 403/404 and never A's data; viewers never write; admin-only routes refuse the rest", async () => {
    const doc = (await api("GET", "/openapi.json", { token: null })).body;
    const operations = operationsOf(doc);
    const plans = operations.map((op) => ({ op, ...callsOf(op, world) }));
    const unfilled = plans
      .filter((p) => p.missing.length > 0)
      .map((p) => `${p.op.key}: no fixture for ${p.missing.join(", ")}`);
    expect(
      unfilled,
      `add fixtures to test/security/access-matrix.test.ts (PARAMS, PARAMS_BY_PATH or BODIES):\n${unfilled.join("\n")}`,
    ).toEqual([]);

    const escapes: string[] = [];
    let checks = 0;
    for (const { calls } of plans) {
      for (const call of calls) {
        for (const role of ROLES) {
          const res = await api(call.op.method, call.url, {
            token: world.tokens[role],
            body: call.body,
          });
          checks++;
          const found = judge(call, role, res, world);
          if (found) escapes.push(`${role} ${call.label} → ${res.status}: ${found}`);
          if (res.status < 300 && WRITE_METHODS.has(call.op.method)) {
            await seed();
            await refreshWorld(world);
          }
        }
      }
    }
    console.log(
      `access matrix: ${operations.length} operations, ${checks} (operation × role) checks, ${escapes.length} escapes`,
    );
    expect(escapes, escapes.join("\n")).toEqual([]);
    // Every route × role goes through workerd; the update-run routes made it longer.
  }, 240_000);
});

/** What is wrong with one answer, if anything. */
function judge(
  call: Call,
  role: Role,
  res: { status: number; body: unknown },
  world: World,
): string | undefined {
  if (res.status >= 500) return "server error";
  if (role === "admin") return undefined;
  const { op } = call;
  const requestText = `${call.url} ${JSON.stringify(call.body ?? "")}`;
  const level = levelOf(requestText, world);
  const refused = res.status === 403 || res.status === 404;
  const write = WRITE_METHODS.has(op.method);
  if (!op.bearer) {
    // Signed or public routes: a bearer token alone never gets a signed route to act.
    if (write && res.status < 300) return "a signed route accepted a bearer token";
  } else if (call.allowed !== undefined) {
    if (!call.allowed.includes(role) && !refused) return "not refused";
  } else if (isAdminOnly(op, level)) {
    if (!refused) return "admin-only route not refused";
  } else if (OUTSIDERS[level][write ? "write" : "read"].includes(role) && !refused) {
    return `outside the resource's ${level === "fleet" ? "fleet" : "scope"}, not refused`;
  }
  if (write && role.startsWith("viewer") && res.status < 300) return "a viewer wrote";
  if (GLOBAL_READS.has(op.key)) return undefined;
  const answer = `${JSON.stringify(res.body ?? "")} ${decodedCursors(res.body)}`;
  const leaked = forbiddenFor(role, world.operationId).filter(
    (name) => answer.includes(name) && !requestText.includes(name),
  );
  return leaked.length > 0 ? `shows ${leaked.join(", ")}` : undefined;
}
