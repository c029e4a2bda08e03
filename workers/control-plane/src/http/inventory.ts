import { openInventory } from "@regatta/inventory";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app.ts";

/**
 * Puts the inventory handle on the request (`c.var.inventory`), so routes, auth and
 * idempotency share one and never open the database themselves.
 */
export const provideInventory = createMiddleware<AppEnv>(async (c, next) => {
  c.set("inventory", openInventory(c.env.DB));
  await next();
});
