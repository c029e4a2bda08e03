import type { Instant } from "@regatta/engine";
import { asc, eq, gt } from "drizzle-orm";
import { apiTokens, tokenWatches } from "../schema/access.ts";
import type { Inventory } from "./db.ts";
import { keysetPage, type Page, type PageRequest } from "./page.ts";

/** A stored API token, secret hash included: never return it to a client. */
export type ApiTokenRow = typeof apiTokens.$inferSelect;
/** An API token as lists show it. */
export type ApiTokenSummary = Omit<ApiTokenRow, "secretHash">;
/** What `insertApiToken` writes. */
export type ApiTokenWrite = Omit<typeof apiTokens.$inferInsert, "createdAt">;

const summary = {
  name: apiTokens.name,
  role: apiTokens.role,
  fleets: apiTokens.fleets,
  scopes: apiTokens.scopes,
  createdAt: apiTokens.createdAt,
};

/** @example const token = await getApiToken(db, "ci"); */
export async function getApiToken(db: Inventory, name: string): Promise<ApiTokenRow | undefined> {
  return db.select().from(apiTokens).where(eq(apiTokens.name, name)).get();
}

/** Resolves a bearer token by the hash of its secret (unique index). */
export async function getApiTokenBySecretHash(
  db: Inventory,
  secretHash: string,
): Promise<ApiTokenRow | undefined> {
  return db.select().from(apiTokens).where(eq(apiTokens.secretHash, secretHash)).get();
}

/** Tokens by name, without their secret hash. */
export function listApiTokens(db: Inventory, page?: PageRequest): Promise<Page<ApiTokenSummary>> {
  return keysetPage(
    page,
    (after, take) =>
      db
        .select(summary)
        .from(apiTokens)
        .where(after === undefined ? undefined : gt(apiTokens.name, after))
        .orderBy(asc(apiTokens.name))
        .limit(take),
    (t) => t.name,
  );
}

/** Creates a token; an existing name fails with a UNIQUE violation (409). */
export function insertApiToken(db: Inventory, token: ApiTokenWrite, now: Instant) {
  return db.insert(apiTokens).values({ ...token, createdAt: now });
}

/** Deletes a token; resolves to the deleted keys. */
export function deleteApiToken(db: Inventory, name: string) {
  return db.delete(apiTokens).where(eq(apiTokens.name, name)).returning({ name: apiTokens.name });
}

/** A watched object (SEC-6): `fleet:<fleet>` or `run:<fleet>/<run>`, and the socket tag. */
export type TokenWatch = typeof tokenWatches.$inferSelect;

/** SEC-6: records that `token` watches `object` (once per token and object). */
export function recordTokenWatch(db: Inventory, watch: TokenWatch) {
  return db
    .insert(tokenWatches)
    .values(watch)
    .onConflictDoUpdate({
      target: [tokenWatches.token, tokenWatches.object],
      set: { identity: watch.identity },
    });
}

/** SEC-6: forgets what a revoked token watched; resolves to those rows. */
export function takeTokenWatches(db: Inventory, token: string): Promise<TokenWatch[]> {
  return db.delete(tokenWatches).where(eq(tokenWatches.token, token)).returning();
}
