import { z } from "@hono/zod-openapi";

/** RFC 9457 problem details with the SPEC rule that refused the request (API.md). */
export const Problem = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.int(),
    detail: z.string(),
    rule: z.string().optional().openapi({ example: "VER-4" }),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .openapi("Problem");
