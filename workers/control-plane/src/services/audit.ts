import type { z } from "@hono/zod-openapi";
import type { AuditEntry } from "@regatta/contract";
import { toRfc3339 } from "@regatta/engine";
import {
  type AuditFilter,
  type AuditReader,
  type AuditRow,
  type Inventory,
  listAudit,
  type Page,
  type PageRequest,
} from "@regatta/inventory";
import type { Principal } from "../auth/principal.ts";

/**
 * SEC-11: whose entries a principal reads. Admins read everything; an operator reads the
 * entries of fleet resources within its fleet grants (every fleet when it has neither
 * fleet nor scope grants, as `mayAccess` treats it), never token, global or sim entries;
 * team-scope grants alone show nothing, since an entry knows its fleet, not its scope.
 * Viewers read nothing (undefined): the trail names every token's actions.
 */
export function auditReader(principal: Principal): AuditReader | undefined {
  switch (principal.role) {
    case "admin":
      return { kind: "everything" };
    case "operator":
      return principal.fleets.length === 0 && principal.scopes.length === 0
        ? { kind: "fleets" }
        : { kind: "fleets", fleets: principal.fleets };
    case "viewer":
      return undefined;
    default:
      return principal.role satisfies never;
  }
}

/** A page of the audit trail as the API shows it, newest first. */
export async function readAudit(
  db: Inventory,
  reader: AuditReader,
  filter: AuditFilter,
  page: PageRequest,
): Promise<Page<z.infer<typeof AuditEntry>>> {
  const found = await listAudit(db, reader, filter, page);
  return { items: found.items.map(entryBody), nextCursor: found.nextCursor };
}

function entryBody(row: AuditRow): z.infer<typeof AuditEntry> {
  return {
    at: toRfc3339(row.at),
    requestId: row.requestId,
    ...(row.actorName === null
      ? {}
      : {
          actor: {
            name: row.actorName,
            ...(row.actorTokenId === null ? {} : { tokenId: row.actorTokenId }),
            ...(row.actorRole === null ? {} : { role: row.actorRole }),
          },
        }),
    method: row.method,
    resource: row.resource,
    fleets: row.fleets,
    status: row.status,
    replayed: row.replayed,
  };
}
