import type { Command } from "commander";
import { ok } from "../api/client.ts";
import { contextOf } from "../context.ts";
import { UsageError } from "../exit.ts";
import type { Io } from "../io.ts";
import { cell } from "../output/format.ts";

/** `autoscaler decisions`: what the cluster autoscaler decided and why (CA). */
export function autoscalerCommand(program: Command, io: Io): void {
  program
    .command("autoscaler")
    .description("the cluster autoscaler (CA)")
    .command("decisions <cluster>")
    .description("decisions, newest first, with their reason and what held them back")
    .option("--pool <pool>", "only this node pool's")
    .option("--limit <n>", "at most this many (1..1000)", "50")
    .option("--cursor <cursor>", "the nextCursor of a previous page")
    .action(async (cluster: string, _options: object, command: Command) => {
      const c = contextOf(command, io);
      const o = command.opts<{ pool?: string; limit: string; cursor?: string }>();
      const limit = Number(o.limit);
      if (!Number.isInteger(limit) || limit < 1)
        throw new UsageError(`--limit takes a count, got ${o.limit}`);
      const page = await ok(
        c.api.GET("/v1/clusters/{cluster}/autoscaler/decisions", {
          params: { path: { cluster }, query: { pool: o.pool, limit, cursor: o.cursor } },
        }),
      );
      c.print(page, (p) => ({
        columns: ["AT", "POOL", "ACTION", "DELTA", "REASON", "BLOCKED BY"],
        rows: p.items.map((d) => [
          d.at,
          cell(d.pool),
          d.action,
          String(d.delta),
          d.reason,
          cell(d.blockedBy),
        ]),
      }));
    });
}
