import type { components } from "@regatta/client";
import type { Command } from "commander";
import { ok } from "../api/client.ts";
import { contextOf } from "../context.ts";
import type { Io } from "../io.ts";
import { cell, type TableView } from "../output/format.ts";

type RolloutStatus = components["schemas"]["RolloutStatus"];

function rolloutTable(status: RolloutStatus): TableView {
  return {
    columns: ["TYPE", "VERSION", "STATE", "STARTED", "SOAK ENDS", "CLUSTERS", "REASON"],
    rows: status.upgrades.map((u) => [
      u.type,
      u.version,
      u.state,
      cell(u.startedAt),
      cell(u.soakEndsAt),
      `${u.clusters.filter((c) => c.state === "COMPLETE").length}/${u.clusters.length}`,
      cell(u.reason),
    ]),
  };
}

/** `rollout status`: a fleet's (or team scope's) place in its rollout sequence (SEQ-13). */
export function rolloutCommand(program: Command, io: Io): void {
  program
    .command("rollout")
    .description("rollout sequencing (SEQ)")
    .command("status <fleet>")
    .description("each upgrade of the group: state, soak, clusters complete")
    .option("--scope <scope>", "a team scope of the fleet instead of the fleet")
    .action(async (fleet: string, _options: object, command: Command) => {
      const c = contextOf(command, io);
      const { scope } = command.opts<{ scope?: string }>();
      const status =
        scope === undefined
          ? await ok(c.api.GET("/v1/fleets/{fleet}/rollout", { params: { path: { fleet } } }))
          : await ok(
              c.api.GET("/v1/fleets/{fleet}/scopes/{scope}/rollout", {
                params: { path: { fleet, scope } },
              }),
            );
      c.print(status, rolloutTable);
    });
}
