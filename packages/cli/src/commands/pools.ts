import type { components } from "@regatta/client";
import type { Command } from "commander";
import { ok } from "../api/client.ts";
import { type Context, contextOf } from "../context.ts";
import type { Io } from "../io.ts";
import { cell, type TableView } from "../output/format.ts";
import { type WatchOptions, watch } from "../watch/poll.ts";
import { type PoolProgress, poolEnding, poolSnapshot } from "../watch/pool-view.ts";
import { watchOptions } from "./watch-options.ts";

type Operation = components["schemas"]["Operation"];

export function operationTable(op: Operation): TableView {
  return {
    columns: ["OPERATION", "TARGET", "STATE", "PHASE", "PROGRESS", "REASON"],
    rows: [
      [
        op.id,
        `${op.target.pool ? `${op.target.cluster}/${op.target.pool}` : op.target.cluster} → ${op.target.version}`,
        op.state,
        cell(op.phase),
        `${op.progress.done}/${op.progress.total}`,
        cell(op.reason ?? op.error),
      ],
    ],
  };
}

/** One poll of an operation with, for a pool's, the pool and its nodes. */
async function readProgress(c: Context, id: string): Promise<PoolProgress> {
  const operation = await ok(c.api.GET("/v1/operations/{id}", { params: { path: { id } } }));
  const { cluster, pool } = operation.target;
  if (pool === undefined) return { operation, nodes: [] };
  const [found, nodes] = await Promise.all([
    ok(
      c.api.GET("/v1/clusters/{cluster}/node-pools/{pool}", {
        params: { path: { cluster, pool } },
      }),
    ),
    allNodes(c, cluster, pool),
  ]);
  return { operation, pool: found, nodes };
}

async function allNodes(c: Context, cluster: string, pool: string) {
  const nodes: components["schemas"]["Node"][] = [];
  let cursor: string | undefined;
  do {
    const page = await ok(
      c.api.GET("/v1/clusters/{cluster}/nodes", {
        params: { path: { cluster }, query: { pool, limit: 500, cursor } },
      }),
    );
    nodes.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return nodes;
}

async function watchOperation(c: Context, id: string, options: WatchOptions): Promise<void> {
  await watch(
    { read: () => readProgress(c, id), view: poolSnapshot, ending: poolEnding },
    c.io,
    c.format,
    options,
  );
}

/** `pools …`: node-pool upgrades and their controls (API.md "Cluster and node-pool operations"). */
export function poolsCommand(program: Command, io: Io): void {
  const pools = program.command("pools").description("node-pool upgrades (NUP)");

  watchOptions(
    pools
      .command("upgrade <cluster> <pool>")
      .description("upgrade a pool with its strategy; prints the operation")
      .option("--version <version>", "target node version (default: the control plane's)")
      .option("--node-image <image>", "target node image (default: the pool's)")
      .option("--ignore-maintenance-window", "run a surge upgrade outside the windows (MW-4)")
      .option("-w, --watch", "then watch it until it ends (exit 1 unless SUCCEEDED)"),
  ).action(async (cluster: string, pool: string, _options: object, command: Command) => {
    const c = contextOf(command, io);
    const o = command.opts<
      WatchOptions & {
        version?: string;
        nodeImage?: string;
        ignoreMaintenanceWindow?: boolean;
        watch?: boolean;
      }
    >();
    const op = await ok(
      c.api.POST("/v1/clusters/{cluster}/node-pools/{pool}/upgrade", {
        params: { path: { cluster, pool } },
        body: {
          version: o.version,
          nodeImage: o.nodeImage,
          ignoreMaintenanceWindow: o.ignoreMaintenanceWindow ?? false,
        },
      }),
    );
    if (o.watch) await watchOperation(c, op.id, o);
    else c.print(op, operationTable);
  });

  const CONTROLS = {
    cancel: "pause the pool's upgrade (NUP-7, NUP-9)",
    resume: "resume a cancelled upgrade",
    rollback: "roll back a partially upgraded pool",
    complete: "blue-green: skip the rest of the node-pool soak (NUP-9)",
  } as const;
  for (const [control, description] of Object.entries(CONTROLS)) {
    pools
      .command(`${control} <cluster> <pool>`)
      .description(description)
      .action(async (cluster: string, pool: string, _options: object, command: Command) => {
        const c = contextOf(command, io);
        const params = { params: { path: { cluster, pool } } };
        const answer = await ok(
          control === "cancel"
            ? c.api.POST("/v1/clusters/{cluster}/node-pools/{pool}/cancel", params)
            : control === "resume"
              ? c.api.POST("/v1/clusters/{cluster}/node-pools/{pool}/resume", params)
              : control === "rollback"
                ? c.api.POST("/v1/clusters/{cluster}/node-pools/{pool}/rollback", params)
                : c.api.POST("/v1/clusters/{cluster}/node-pools/{pool}/complete", params),
        );
        c.print(answer, operationTable);
      });
  }

  watchOptions(
    pools
      .command("watch <operation>")
      .description(
        "follow an upgrade (the id `pools upgrade` printed): steps and nodes per zone; exit 1 unless SUCCEEDED",
      ),
  ).action(async (id: string, _options: object, command: Command) => {
    const c = contextOf(command, io);
    await watchOperation(c, id, command.opts<WatchOptions>());
  });
}
