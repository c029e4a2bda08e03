import type { Instant } from "@regatta/engine";
import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { TOKEN_ROLES } from "./enums.ts";

/**
 * API tokens. Only a hash of the secret is stored; it is unique so a bearer token can
 * be resolved by its hash. Empty `fleets`/`scopes` mean no restriction by that axis.
 */
export const apiTokens = sqliteTable(
  "api_tokens",
  {
    name: text("name").primaryKey(),
    role: text("role", { enum: TOKEN_ROLES }).notNull(),
    fleets: text("fleets", { mode: "json" }).$type<string[]>().notNull().default([]),
    scopes: text("scopes", { mode: "json" }).$type<string[]>().notNull().default([]),
    secretHash: text("secret_hash").notNull(),
    createdAt: integer("created_at").$type<Instant>().notNull(),
  },
  (t) => [uniqueIndex("api_tokens_secret_hash_idx").on(t.secretHash)],
);

/**
 * Responses remembered per `Idempotency-Key` and principal: the same key and body
 * replays `status` and `body`; another body hash is refused (API.md).
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    key: text("key").notNull(),
    principal: text("principal").notNull(),
    method: text("method").notNull(),
    path: text("path").notNull(),
    bodyHash: text("body_hash").notNull(),
    status: integer("status").notNull(),
    body: text("body").notNull(),
    createdAt: integer("created_at").$type<Instant>().notNull(),
  },
  (t) => [
    primaryKey({ name: "idempotency_keys_pk", columns: [t.key, t.principal] }),
    index("idempotency_keys_created_idx").on(t.createdAt),
  ],
);

/**
 * SEC-6: the objects a token holds open watch sockets on, so revoking it closes them
 * without asking every object: one row per token and object (`fleet:<fleet>` or
 * `run:<fleet>/<run>`), however many sockets. `identity` is the token's identity, the
 * tag its sockets carry in the object. Rows go with the token's revocation.
 */
export const tokenWatches = sqliteTable(
  "token_watches",
  {
    token: text("token").notNull(),
    object: text("object").notNull(),
    identity: text("identity").notNull(),
  },
  (t) => [primaryKey({ columns: [t.token, t.object] })],
);
