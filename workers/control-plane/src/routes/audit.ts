import { createRoute } from "@hono/zod-openapi";
import { AuditList, AuditQuery } from "@regatta/contract";
import { type App, router } from "../app.ts";
import { json, PROBLEMS } from "../http/openapi.ts";
import { ProblemError } from "../http/problem.ts";
import { auditReader, readAudit } from "../services/audit.ts";

const list = createRoute({
  method: "get",
  path: "/v1/audit",
  tags: ["audit"],
  summary:
    "The audit trail, newest first (SEC-11): every write and every 401/403; admins read all of it, operators their fleets' entries",
  request: { query: AuditQuery },
  responses: { 200: json("a page of audit entries", AuditList), ...PROBLEMS },
});

/** SEC-11: reading the audit trail the `auditTrail` middleware writes. */
export function auditRoutes(): App {
  const app = router();
  app.openapi(list, async (c) => {
    const principal = c.var.principal;
    const reader = auditReader(principal);
    if (reader === undefined) {
      throw new ProblemError(
        403,
        `SEC-11: viewer token ${principal.name} may not read the audit trail: admins and operators only`,
      );
    }
    const { limit, cursor, since, actor, resource } = c.req.valid("query");
    const filter = {
      since: since === undefined ? undefined : Date.parse(since),
      actor,
      resource,
    };
    return c.json(await readAudit(c.var.inventory, reader, filter, { limit, cursor }), 200);
  });
  return app;
}
