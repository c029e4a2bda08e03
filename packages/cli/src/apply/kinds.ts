/**
 * The kinds `apply` knows, one table keyed by kind: how a document's metadata names the
 * resource, which contract schema checks its spec (the same zod schema the control plane
 * validates with, so a document is refused here before anything is sent), and how the
 * resource is read and written. The order of the table is the order of application: a
 * pool's zone and machine type exist before the pool, a cluster before its pools.
 */
import {
  ClusterInput,
  FleetInput,
  FleetRolloutInput,
  MachineTypeInput,
  Name,
  NodePoolInput,
  NotificationInput,
  RolloutSequenceInput,
  ScopeInput,
  ScopeRolloutInput,
  UpdateStrategyInput,
  ZoneInput,
} from "@regatta/contract";
import { z } from "zod";
import { type Api, found, ok } from "../api/client.ts";
import { isRecord } from "./diff.ts";

type Spec = Record<string, unknown>;

/** What `apply` needs of one resource, its types already checked. */
export interface Resource {
  kind: string;
  name: string;
  /** Where it lives, for messages: `clusters/prod-a/node-pools/default`. */
  path: string;
  /** The document's spec with the API's defaults filled in. */
  desired: Spec;
  /**
   * Fields the control plane fills in itself when a document leaves them out (they are
   * compared only when the document sets them), and fields it never shows (secrets).
   */
  ignored: { serverDefaults: readonly string[]; writeOnly: readonly string[] };
  /** The current state in the spec's shape, or undefined when it does not exist. */
  read(api: Api): Promise<Spec | undefined>;
  write(api: Api): Promise<void>;
}

/** A kind's validation of a document's metadata and spec. */
export type Validated =
  | { ok: true; resource: Resource }
  | { ok: false; issues: { path: string; message: string }[] };

interface KindDefinition<M extends { name: string }, S extends z.ZodObject> {
  metadata: z.ZodType<M>;
  spec: (metadata: M) => S;
  path: (metadata: M) => string;
  read: (api: Api, metadata: M, keys: readonly string[]) => Promise<Spec | undefined>;
  write: (api: Api, metadata: M, spec: z.output<S>) => Promise<unknown>;
  serverDefaults?: readonly string[];
  writeOnly?: readonly string[];
}

export interface Kind {
  validate(metadata: unknown, spec: unknown): Validated;
}

function defineKind<M extends { name: string }, S extends z.ZodObject>(
  kind: string,
  definition: KindDefinition<M, S>,
): Kind {
  return {
    validate(rawMetadata, rawSpec) {
      const metadata = definition.metadata.safeParse(rawMetadata);
      if (!metadata.success) return { ok: false, issues: issuesOf("metadata", metadata.error) };
      const schema = definition.spec(metadata.data);
      const spec = schema.safeParse(rawSpec ?? {});
      if (!spec.success) return { ok: false, issues: issuesOf("spec", spec.error) };
      const meta = metadata.data;
      const value = spec.data;
      const keys = Object.keys(schema.shape);
      return {
        ok: true,
        resource: {
          kind,
          name: meta.name,
          path: definition.path(meta),
          desired: value,
          ignored: {
            serverDefaults: definition.serverDefaults ?? [],
            writeOnly: definition.writeOnly ?? [],
          },
          read: (api) => definition.read(api, meta, keys),
          write: async (api) => {
            await definition.write(api, meta, value);
          },
        },
      };
    },
  };
}

function issuesOf(root: string, error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({
    path: [root, ...issue.path]
      .map((part) => (typeof part === "number" ? `[${part}]` : String(part)))
      .join(".")
      .replaceAll(".[", "["),
    message: issue.message,
  }));
}

/** The fields of a GET answer that the spec has (the rest is status and timestamps). */
function pick(answer: unknown, keys: readonly string[]): Spec | undefined {
  if (!isRecord(answer)) return undefined;
  return Object.fromEntries(keys.filter((k) => k in answer).map((k) => [k, answer[k]]));
}

const Named = z.strictObject({ name: Name });

const SequenceStage = RolloutSequenceInput.shape.stages.element;
/**
 * A rollout sequence's spec with the API's defaults filled in, so that a document leaving
 * them out matches what `GET` answers: a stage soaks 0 seconds, a sequence has no labels.
 */
const RolloutSequenceSpec = RolloutSequenceInput.extend({
  stages: z
    .array(
      SequenceStage.extend({ soakSeconds: SequenceStage.shape.soakSeconds.unwrap().default(0) }),
    )
    .max(50),
  labels: RolloutSequenceInput.shape.labels.unwrap().default({}),
});
const InFleet = z.strictObject({ name: Name, fleet: Name });
const InCluster = z.strictObject({ name: Name, cluster: Name });

export const KINDS = {
  Fleet: defineKind("Fleet", {
    metadata: Named,
    spec: () => FleetInput,
    path: (m) => `fleets/${m.name}`,
    read: async (api, m, keys) =>
      pick(
        await found(api.GET("/v1/fleets/{fleet}", { params: { path: { fleet: m.name } } })),
        keys,
      ),
    write: (api, m, body) =>
      ok(api.PUT("/v1/fleets/{fleet}", { params: { path: { fleet: m.name } }, body })),
  }),
  Scope: defineKind("Scope", {
    metadata: InFleet,
    spec: () => ScopeInput,
    path: (m) => `fleets/${m.fleet}/scopes/${m.name}`,
    read: async (api, m, keys) => {
      const path = { fleet: m.fleet, scope: m.name };
      return pick(
        await found(api.GET("/v1/fleets/{fleet}/scopes/{scope}", { params: { path } })),
        keys,
      );
    },
    write: (api, m, body) =>
      ok(
        api.PUT("/v1/fleets/{fleet}/scopes/{scope}", {
          params: { path: { fleet: m.fleet, scope: m.name } },
          body,
        }),
      ),
  }),
  Zone: defineKind("Zone", {
    metadata: Named,
    spec: () => ZoneInput,
    path: (m) => `zones/${m.name}`,
    read: async (api, m, keys) =>
      pick(await found(api.GET("/v1/zones/{zone}", { params: { path: { zone: m.name } } })), keys),
    write: (api, m, body) =>
      ok(api.PUT("/v1/zones/{zone}", { params: { path: { zone: m.name } }, body })),
  }),
  MachineType: defineKind("MachineType", {
    metadata: Named,
    spec: () => MachineTypeInput,
    path: (m) => `machine-types/${m.name}`,
    read: async (api, m, keys) =>
      pick(
        await found(api.GET("/v1/machine-types/{name}", { params: { path: { name: m.name } } })),
        keys,
      ),
    write: (api, m, body) =>
      ok(api.PUT("/v1/machine-types/{name}", { params: { path: { name: m.name } }, body })),
  }),
  Cluster: defineKind("Cluster", {
    metadata: Named,
    spec: () => ClusterInput,
    path: (m) => `clusters/${m.name}`,
    read: async (api, m, keys) =>
      pick(
        await found(api.GET("/v1/clusters/{cluster}", { params: { path: { cluster: m.name } } })),
        keys,
      ),
    write: (api, m, body) =>
      ok(api.PUT("/v1/clusters/{cluster}", { params: { path: { cluster: m.name } }, body })),
    // CA-11: answers always show the profile in force, chosen by the cluster's mode.
    serverDefaults: ["autoscalingProfile"],
  }),
  NodePool: defineKind("NodePool", {
    metadata: InCluster,
    spec: () => NodePoolInput,
    path: (m) => `clusters/${m.cluster}/node-pools/${m.name}`,
    read: async (api, m, keys) => {
      const path = { cluster: m.cluster, pool: m.name };
      return pick(
        await found(api.GET("/v1/clusters/{cluster}/node-pools/{pool}", { params: { path } })),
        keys,
      );
    },
    write: (api, m, body) =>
      ok(
        api.PUT("/v1/clusters/{cluster}/node-pools/{pool}", {
          params: { path: { cluster: m.cluster, pool: m.name } },
          body,
        }),
      ),
  }),
  UpdateStrategy: defineKind("UpdateStrategy", {
    metadata: InFleet,
    spec: () => UpdateStrategyInput,
    path: (m) => `fleets/${m.fleet}/update-strategies/${m.name}`,
    read: async (api, m, keys) => {
      const path = { fleet: m.fleet, name: m.name };
      return pick(
        await found(api.GET("/v1/fleets/{fleet}/update-strategies/{name}", { params: { path } })),
        keys,
      );
    },
    write: (api, m, body) =>
      ok(
        api.PUT("/v1/fleets/{fleet}/update-strategies/{name}", {
          params: { path: { fleet: m.fleet, name: m.name } },
          body,
        }),
      ),
  }),
  // metadata.name is the fleet; with metadata.scope, that team scope's rollout (SEQ).
  RolloutConfig: defineKind("RolloutConfig", {
    metadata: z.strictObject({ name: Name, scope: Name.optional() }),
    spec: (m) => (m.scope === undefined ? FleetRolloutInput : ScopeRolloutInput),
    path: (m) =>
      m.scope === undefined
        ? `fleets/${m.name}/rollout`
        : `fleets/${m.name}/scopes/${m.scope}/rollout`,
    read: async (api, m) => {
      const status =
        m.scope === undefined
          ? await found(
              api.GET("/v1/fleets/{fleet}/rollout", { params: { path: { fleet: m.name } } }),
            )
          : await found(
              api.GET("/v1/fleets/{fleet}/scopes/{scope}/rollout", {
                params: { path: { fleet: m.name, scope: m.scope } },
              }),
            );
      const config = status?.config;
      if (config === undefined) return undefined;
      const upstream = m.scope === undefined ? "upstreamFleet" : "upstreamScope";
      return {
        [upstream]: config.upstream,
        defaultSoakSeconds: config.defaultSoakSeconds,
        soakOverrides: config.soakOverrides,
      };
    },
    write: async (api, m, body) => {
      if (m.scope === undefined) {
        return ok(
          api.PUT("/v1/fleets/{fleet}/rollout", {
            params: { path: { fleet: m.name } },
            body: FleetRolloutInput.parse(body),
          }),
        );
      }
      return ok(
        api.PUT("/v1/fleets/{fleet}/scopes/{scope}/rollout", {
          params: { path: { fleet: m.name, scope: m.scope } },
          body: ScopeRolloutInput.parse(body),
        }),
      );
    },
  }),
  // After the fleets and the clusters it selects (by their labels, SEQ-16).
  RolloutSequence: defineKind("RolloutSequence", {
    metadata: Named,
    spec: () => RolloutSequenceSpec,
    path: (m) => `rollout-sequences/${m.name}`,
    read: async (api, m) => {
      const sequence = await found(
        api.GET("/v1/rollout-sequences/{name}", { params: { path: { name: m.name } } }),
      );
      if (sequence === undefined) return undefined;
      // The answer's stages also say what they select now (stage, clusters, clusterCount).
      return {
        stages: sequence.stages.map(({ fleets, clusterSelector, soakSeconds }) => ({
          fleets,
          clusterSelector,
          soakSeconds,
        })),
        displayName: sequence.displayName,
        labels: sequence.labels,
      };
    },
    write: (api, m, body) =>
      ok(api.PUT("/v1/rollout-sequences/{name}", { params: { path: { name: m.name } }, body })),
  }),
  Subscription: defineKind("Subscription", {
    metadata: Named,
    spec: () => NotificationInput,
    path: (m) => `notifications/${m.name}`,
    read: async (api, m, keys) =>
      pick(
        await found(api.GET("/v1/notifications/{name}", { params: { path: { name: m.name } } })),
        keys,
      ),
    write: (api, m, body) =>
      ok(api.PUT("/v1/notifications/{name}", { params: { path: { name: m.name } }, body })),
    // Never returned (API.md): a changed secret alone is not seen; `notifications put` sets it.
    writeOnly: ["secret"],
  }),
} satisfies Record<string, Kind>;

export type KindName = keyof typeof KINDS;
export const KIND_NAMES = Object.keys(KINDS) as KindName[];

export function isKindName(value: unknown): value is KindName {
  return typeof value === "string" && value in KINDS;
}
