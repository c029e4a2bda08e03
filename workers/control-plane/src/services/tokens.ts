import type { z } from "@hono/zod-openapi";
import type { TokenCreated, TokenInput, TokenSummary } from "@regatta/contract";
import { toRfc3339 } from "@regatta/engine";
import {
  type ApiTokenSummary,
  constraintViolation,
  deleteApiToken,
  type Inventory,
  insertApiToken,
  listApiTokens,
  type Page,
  type PageRequest,
  takeTokenWatches,
} from "@regatta/inventory";
import { RESERVED_TOKEN_NAMES } from "../auth/principal.ts";
import { hashSecret, newSecret } from "../auth/secrets.ts";
import type { Env } from "../env.ts";
import { accepted, type Outcome, refused } from "../outcome.ts";
import { closeRevokedWatches } from "./watch/watch.ts";

type Summary = z.infer<typeof TokenSummary>;

/**
 * API tokens: the secret is generated here, shown once, stored as a hash. The names the
 * server gives its own callers are reserved, so a log or a 403 naming them is unambiguous.
 */
export async function createToken(
  db: Inventory,
  input: z.infer<typeof TokenInput>,
): Promise<Outcome<z.infer<typeof TokenCreated>>> {
  if (RESERVED_TOKEN_NAMES.includes(input.name)) {
    return refused(
      "refused",
      `token name ${input.name} is reserved: the server names its own callers so (reserved: ${RESERVED_TOKEN_NAMES.join(", ")})`,
    );
  }
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
    await insertApiToken(db, row, now);
  } catch (error) {
    if (constraintViolation(error) === "UNIQUE")
      return refused("conflict", `token ${input.name} already exists; delete it first to rotate`);
    throw error;
  }
  return accepted({ ...summarize({ ...row, createdAt: now }), token });
}

export async function listTokens(db: Inventory, request: PageRequest): Promise<Page<Summary>> {
  const page = await listApiTokens(db, request);
  return { items: page.items.map(summarize), nextCursor: page.nextCursor };
}

/**
 * Revokes a token; 404 when unknown. SEC-6: its open watch sockets are closed too, after
 * the token is gone (so no new watch opens with it) and before the answer.
 */
export async function revokeToken(
  db: Inventory,
  env: Pick<Env, "FLEET" | "UPDATE_RUN" | "ROLLOUT_SEQUENCE">,
  name: string,
): Promise<Outcome<void>> {
  const deleted = await deleteApiToken(db, name);
  if (deleted.length === 0) return refused("missing", `token ${name} does not exist`);
  await closeRevokedWatches(env, await takeTokenWatches(db, name));
  return accepted(undefined);
}

function summarize(row: ApiTokenSummary): Summary {
  return {
    name: row.name,
    role: row.role,
    fleets: row.fleets,
    scopes: row.scopes,
    createdAt: toRfc3339(row.createdAt),
  };
}
