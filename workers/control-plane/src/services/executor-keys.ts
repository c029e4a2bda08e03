import type { z } from "@hono/zod-openapi";
import type { ExecutorKeyCreated } from "@regatta/contract";
import { toRfc3339 } from "@regatta/engine";
import { deleteExecutorKey, type Inventory, putExecutorKey } from "@regatta/inventory";
import { fleetExecutorKey } from "../auth/executor.ts";
import { newSecret } from "../auth/secrets.ts";
import { accepted, type Outcome, refused } from "../outcome.ts";
import { readFleet } from "./inventory/fleets.ts";

/**
 * SEC-7: gives the fleet a new executor key (the old one, if any, stops working), shown
 * once. Only a random salt is stored; the key is derived from it and WEBHOOK_SECRET.
 */
export async function createExecutorKey(
  db: Inventory,
  deploymentSecret: string | undefined,
  fleet: string,
): Promise<Outcome<z.infer<typeof ExecutorKeyCreated>>> {
  if (!deploymentSecret) {
    return refused(
      "conflict",
      "SEC-7: a fleet's executor key is derived from WEBHOOK_SECRET, which is not configured",
      "SEC-7",
    );
  }
  const found = await readFleet(db, fleet);
  if (!found.ok) return found;
  const salt = newSecret();
  const now = Date.now();
  await putExecutorKey(db, fleet, salt, now);
  return accepted({
    fleet,
    key: await fleetExecutorKey(deploymentSecret, fleet, salt),
    createdAt: toRfc3339(now),
  });
}

/** SEC-7: revokes the fleet's executor key; its callbacks need WEBHOOK_SECRET again. */
export async function revokeExecutorKey(db: Inventory, fleet: string): Promise<Outcome<void>> {
  const deleted = await deleteExecutorKey(db, fleet);
  if (deleted.length === 0) return refused("missing", `fleet ${fleet} has no executor key`);
  return accepted(undefined);
}
