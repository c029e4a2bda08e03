import type { z } from "@hono/zod-openapi";
import type { ComputeClass, ComputeClassInput } from "@regatta/contract";
import { type Instant, toRfc3339 } from "@regatta/engine";
import {
  type ComputeClassRow,
  getComputeClass,
  type Inventory,
  putComputeClass,
} from "@regatta/inventory";
import { accepted, type Outcome, refused } from "../../outcome.ts";

type Body = z.infer<typeof ComputeClass>;

/** CA-15: creates or replaces a compute class; the next autoscaler passes use it. */
export async function upsertComputeClass(
  db: Inventory,
  name: string,
  input: z.infer<typeof ComputeClassInput>,
  now: Instant,
): Promise<{ created: boolean; value: Body }> {
  const { created } = await putComputeClass(
    db,
    { name, priorities: input.priorities, activeMigration: input.activeMigration ?? null },
    now,
  );
  const row = await getComputeClass(db, name);
  return { created, value: body(row!) };
}

export async function readComputeClass(db: Inventory, name: string): Promise<Outcome<Body>> {
  const row = await getComputeClass(db, name);
  return row ? accepted(body(row)) : refused("missing", `compute class ${name} does not exist`);
}

function body(row: ComputeClassRow): Body {
  return {
    name: row.name,
    priorities: row.priorities,
    ...(row.activeMigration ? { activeMigration: row.activeMigration } : {}),
    updatedAt: toRfc3339(row.updatedAt),
  };
}
