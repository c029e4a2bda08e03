import { createRoute, OpenAPIHono, type z } from "@hono/zod-openapi";
import * as contract from "../src/index.ts";

type Document = ReturnType<OpenAPIHono["getOpenAPI31Document"]>;

/**
 * An OpenAPI 3.1 document holding every schema the contract exports, each as the body of
 * a route of its own name, so that tests can look at schemas no handler uses yet.
 *
 * @example const schemas = documentOfEverySchema().components?.schemas ?? {};
 */
export function documentOfEverySchema(): Document {
  const app = new OpenAPIHono();
  for (const [name, schema] of Object.entries(contract)) {
    if (!isSchema(schema)) continue;
    app.openapi(
      createRoute({
        method: "post",
        path: `/${name}`,
        request: { body: { content: { "application/json": { schema } } } },
        responses: { 200: { description: "ok" } },
      }),
      (c) => c.body(null, 200),
    );
  }
  return app.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } });
}

function isSchema(value: unknown): value is z.ZodType {
  return typeof value === "object" && value !== null && "safeParse" in value;
}
