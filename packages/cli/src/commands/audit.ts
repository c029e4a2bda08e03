import type { Command } from "commander";
import { ok } from "../api/client.ts";
import { contextOf } from "../context.ts";
import { UsageError } from "../exit.ts";
import type { Io } from "../io.ts";
import { cell } from "../output/format.ts";

/** `audit`: who wrote what, and who was refused (SEC-11). */
export function auditCommand(program: Command, io: Io): void {
  program
    .command("audit")
    .description("the audit trail, newest first (admins; operators see their fleets' entries)")
    .option("--since <instant>", "only entries at or after this RFC 3339 instant")
    .option("--actor <token>", "only this token's entries (its id or name)")
    .option("--resource <prefix>", "only entries whose path starts with this")
    .option("--limit <n>", "at most this many (1..500)", "50")
    .option("--cursor <cursor>", "the nextCursor of a previous page")
    .action(async (_options: object, command: Command) => {
      const c = contextOf(command, io);
      const o = command.opts<{
        since?: string;
        actor?: string;
        resource?: string;
        limit: string;
        cursor?: string;
      }>();
      const limit = Number(o.limit);
      if (!Number.isInteger(limit) || limit < 1)
        throw new UsageError(`--limit takes a count, got ${o.limit}`);
      const { since, actor, resource, cursor } = o;
      const page = await ok(
        c.api.GET("/v1/audit", { params: { query: { since, actor, resource, limit, cursor } } }),
      );
      c.print(page, (p) => ({
        columns: ["AT", "ACTOR", "ROLE", "METHOD", "RESOURCE", "STATUS", "REQUEST ID"],
        rows: p.items.map((e) => [
          e.at,
          cell(e.actor?.name),
          cell(e.actor?.role),
          e.method,
          e.resource,
          String(e.status),
          e.requestId,
        ]),
      }));
    });
}
