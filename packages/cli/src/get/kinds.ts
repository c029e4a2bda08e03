/**
 * The kinds `get` reads, one entry each: how the API lists and reads it, the flags that
 * scope it and its table columns (a few, like kubectl's; `-o json|yaml` shows the rest).
 * docs/cli.md "get" lists the same table for people.
 */

import type { components } from "@regatta/client";
import { ok } from "../api/client.ts";
import { ApiError } from "../api/problem.ts";
import { SUBSCRIPTION_COLUMNS, subscriptionRow } from "../commands/notifications.ts";
import { SEQUENCE_COLUMNS, sequenceRow } from "../commands/rollout.ts";
import { UsageError } from "../exit.ts";
import { cell } from "../output/format.ts";
import { defineKind, type Kind, type Page, type PageRequest, type Scope } from "./kind.ts";

type Schemas = components["schemas"];

/** The flags a kind requires are checked before any call, so these are set. */
const need = (value: string | undefined): string => value ?? "";

const fleets = defineKind<Schemas["Fleet"]>({
  name: "fleets",
  aliases: ["fleet", "fl"],
  requires: [],
  accepts: [],
  columns: ["NAME", "CREATED"],
  row: (f) => [f.name, cell(f.createdAt)],
  list: (api, _scope, page) => ok(api.GET("/v1/fleets", { params: { query: page } })),
  get: (api, _scope, fleet) => ok(api.GET("/v1/fleets/{fleet}", { params: { path: { fleet } } })),
});

const clusters = defineKind<Schemas["Cluster"]>({
  name: "clusters",
  aliases: ["cluster"],
  requires: [],
  accepts: ["fleet"],
  columns: ["NAME", "FLEET", "ROLE", "REGION", "CHANNEL", "VERSION", "PHASE", "GROUP"],
  row: (c) => [
    c.name,
    c.fleet,
    c.role,
    c.region,
    c.releaseChannel,
    c.status.version,
    c.status.phase,
    cell(c.updateGroup),
  ],
  stateField: "status.phase",
  list: (api, { fleet }, page) =>
    ok(api.GET("/v1/clusters", { params: { query: { ...page, fleet } } })),
  get: (api, _scope, cluster) =>
    ok(api.GET("/v1/clusters/{cluster}", { params: { path: { cluster } } })),
});

const pools = defineKind<Schemas["NodePool"]>({
  name: "pools",
  aliases: ["pool", "nodepools", "nodepool", "node-pools", "np"],
  requires: ["cluster"],
  accepts: ["cluster"],
  columns: ["NAME", "MACHINE TYPE", "ZONES", "NODES/ZONE", "AUTOSCALING", "VERSION", "IMAGE"],
  row: (p) => [
    p.name,
    p.machineType,
    p.zones.join(","),
    String(p.nodeCount),
    p.autoscaling?.enabled
      ? `${cell(p.autoscaling.minNodes)}-${cell(p.autoscaling.maxNodes)}`
      : "off",
    p.version,
    p.nodeImage,
  ],
  labels: (p) => p.labels,
  list: (api, { cluster }, page) =>
    ok(
      api.GET("/v1/clusters/{cluster}/node-pools", {
        params: { path: { cluster: need(cluster) }, query: page },
      }),
    ),
  get: (api, { cluster }, pool) =>
    ok(
      api.GET("/v1/clusters/{cluster}/node-pools/{pool}", {
        params: { path: { cluster: need(cluster), pool } },
      }),
    ),
});

const listNodes = (api: Parameters<Kind["get"]>[0], scope: Scope, page: PageRequest) =>
  ok(
    api.GET("/v1/clusters/{cluster}/nodes", {
      params: { path: { cluster: need(scope.cluster) }, query: { ...page, pool: scope.pool } },
    }),
  );

const nodes = defineKind<Schemas["Node"]>({
  name: "nodes",
  aliases: ["node", "no"],
  requires: ["cluster"],
  accepts: ["cluster", "pool"],
  columns: ["NAME", "POOL", "ZONE", "STATE", "COLOR", "VERSION", "IMAGE"],
  row: (n) => [n.name, n.pool, n.zone, n.state, cell(n.color), n.version, n.nodeImage],
  stateField: "state",
  list: listNodes,
  // The API has no GET of one node: the cluster's list is searched.
  get: async (api, scope, name) => {
    let cursor: string | undefined;
    do {
      const page: Page<Schemas["Node"]> = await listNodes(api, scope, { limit: 500, cursor });
      const found = page.items.find((n) => n.name === name);
      if (found !== undefined) return found;
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
    const path = `/v1/clusters/${need(scope.cluster)}/nodes`;
    throw new ApiError("GET", path, {
      type: "about:blank",
      title: "Not Found",
      status: 404,
      detail: `cluster ${need(scope.cluster)} has no node ${name}`,
    });
  },
});

const runs = defineKind<Schemas["UpdateRunSummary"]>({
  name: "runs",
  aliases: ["run", "updateruns", "updaterun"],
  requires: ["fleet"],
  accepts: ["fleet"],
  columns: ["NAME", "STATE", "CREATED", "MESSAGE"],
  row: (r) => [r.name, r.state, r.createdAt, cell(r.message)],
  stateField: "state",
  list: (api, { fleet }, page) =>
    ok(
      api.GET("/v1/fleets/{fleet}/update-runs", {
        params: { path: { fleet: need(fleet) }, query: page },
      }),
    ),
  get: (api, { fleet }, run) =>
    ok(
      api.GET("/v1/fleets/{fleet}/update-runs/{run}", {
        params: { path: { fleet: need(fleet), run } },
      }),
    ),
});

/** What an operation's row needs: both a cluster's list and `GET /v1/operations/{id}` have it. */
type OperationRow = Pick<
  Schemas["Operation"],
  "id" | "kind" | "target" | "state" | "phase" | "progress" | "reason" | "error"
>;

const operations = defineKind<OperationRow>({
  name: "operations",
  aliases: ["operation", "op", "ops"],
  requires: [],
  accepts: ["cluster"],
  columns: ["OPERATION", "KIND", "TARGET", "STATE", "PHASE", "PROGRESS", "REASON"],
  row: (op) => [
    op.id,
    op.kind,
    `${op.target.pool ? `${op.target.cluster}/${op.target.pool}` : op.target.cluster} → ${op.target.version}`,
    op.state,
    cell(op.phase),
    `${op.progress.done}/${op.progress.total}`,
    cell(op.reason ?? op.error),
  ],
  stateField: "state",
  // Each is read from its fleet's object, so the API serves small pages.
  maxPage: 100,
  list: (api, { cluster }, page) => {
    // Listed per cluster only; one by id needs no cluster.
    if (cluster === undefined) {
      throw new UsageError("operations are listed per cluster: add -c CLUSTER, or name one by id");
    }
    return ok(
      api.GET("/v1/clusters/{cluster}/operations", { params: { path: { cluster }, query: page } }),
    );
  },
  get: (api, _scope, id) => ok(api.GET("/v1/operations/{id}", { params: { path: { id } } })),
});

const subscriptions = defineKind<Schemas["Notification"]>({
  name: "subscriptions",
  aliases: ["subscription", "subs", "sub", "notifications", "notification"],
  requires: [],
  accepts: [],
  columns: SUBSCRIPTION_COLUMNS,
  row: subscriptionRow,
  list: (api, _scope, page) => ok(api.GET("/v1/notifications", { params: { query: page } })),
  get: (api, _scope, name) =>
    ok(api.GET("/v1/notifications/{name}", { params: { path: { name } } })),
});

const rolloutSequences = defineKind<Schemas["RolloutSequence"]>({
  name: "rollout-sequences",
  aliases: ["rollout-sequence", "rolloutsequence", "sequences", "sequence", "seq"],
  requires: [],
  accepts: [],
  columns: SEQUENCE_COLUMNS,
  row: sequenceRow,
  list: (api, _scope, page) => ok(api.GET("/v1/rollout-sequences", { params: { query: page } })),
  get: (api, _scope, name) =>
    ok(api.GET("/v1/rollout-sequences/{name}", { params: { path: { name } } })),
});

/** Every kind, in the order `get --help` lists them. */
export const KINDS: readonly Kind[] = [
  fleets,
  clusters,
  pools,
  nodes,
  runs,
  operations,
  subscriptions,
  rolloutSequences,
];

/** The kind a name or alias means, if any. */
export function kindNamed(name: string): Kind | undefined {
  const lower = name.toLowerCase();
  return KINDS.find((k) => k.name === lower || k.aliases.includes(lower));
}
