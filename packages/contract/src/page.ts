import { z } from "@hono/zod-openapi";

/** `?limit=&cursor=` of every list (API.md "Lists"). */
export const ListQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(500)
    .optional()
    .openapi({ param: { name: "limit", in: "query" }, example: 50 }),
  cursor: z
    .string()
    .max(1024)
    .optional()
    .openapi({ param: { name: "cursor", in: "query" } }),
});

/** `{items, nextCursor}`: `nextCursor` is null on the last page. */
export function page<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
