import type { z } from "@hono/zod-openapi";
import type { TokenCreated, TokenInput, TokenSummary } from "@regatta/contract";
import {
  type ApiTokenSummary,
  constraintViolation,
  deleteApiToken,
  insertApiToken,
  listApiTokens,
  type Page,
  type PageRequest,
} from "@regatta/inventory";
import { hashSecret, newSecret } from "../auth/secrets.ts";
import { inventoryDb } from "../db.ts";
import { ProblemError } from "../http/problem.ts";

type Summary = z.infer<typeof TokenSummary>;

/** API tokens: the secret is generated here, shown once, stored as a hash. */
export async function createToken(
  d1: D1Database,
  input: z.infer<typeof TokenInput>,
): Promise<z.infer<typeof TokenCreated>> {
  const token = newSecret();
  const now = Date.now();
  const row = {
    name: input.name,
    role: input.role,
    fleets: input.fleets ?? [],
    scopes: input.scopes ?? [],
    secretHash: await hashSecret(token),
  };
  try {
    await insertApiToken(inventoryDb(d1), row, now);
  } catch (error) {
    if (constraintViolation(error) === "UNIQUE")
      throw new ProblemError(409, `token ${input.name} already exists; delete it first to rotate`);
    throw error;
  }
  return { ...summarize({ ...row, createdAt: now }), token };
}

export async function listTokens(d1: D1Database, request: PageRequest): Promise<Page<Summary>> {
  const page = await listApiTokens(inventoryDb(d1), request);
  return { items: page.items.map(summarize), nextCursor: page.nextCursor };
}

export async function revokeToken(d1: D1Database, name: string): Promise<void> {
  const deleted = await deleteApiToken(inventoryDb(d1), name);
  if (deleted.length === 0) throw new ProblemError(404, `token ${name} does not exist`);
}

function summarize(row: ApiTokenSummary): Summary {
  return {
    name: row.name,
    role: row.role,
    fleets: row.fleets,
    scopes: row.scopes,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
