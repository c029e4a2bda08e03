import { z } from "@hono/zod-openapi";

/**
 * `?limit=&cursor=` of every list (API.md "Lists"). `limit` arrives as text and is
 * coerced; 1..500, 50 when absent.
 */
export const ListQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(500)
    .default(50)
    .openapi({ param: { name: "limit", in: "query" }, example: 50 }),
  cursor: z
    .string()
    .min(1)
    .max(1024)
    .optional()
    .openapi({
      param: { name: "cursor", in: "query" },
      description: "nextCursor of the previous page",
    }),
});

/**
 * `{items, nextCursor}`: `nextCursor` is null on the last page. Name it for the OpenAPI
 * document where it is used.
 *
 * @example const ClusterList = page(Cluster).openapi("ClusterList");
 */
export function page<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    nextCursor: z.string().nullable().openapi({ description: "null on the last page" }),
  });
}
