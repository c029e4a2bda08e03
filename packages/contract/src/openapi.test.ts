import { createRoute, OpenAPIHono, type z } from "@hono/zod-openapi";
import { expect, it } from "vitest";
import * as contract from "./index.ts";

it("every exported schema renders into an OpenAPI 3.1 document", () => {
  const app = new OpenAPIHono();
  const isSchema = (value: unknown): value is z.ZodType =>
    typeof value === "object" && value !== null && "safeParse" in value;
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
  const doc = app.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } });
  const components = Object.keys(doc.components?.schemas ?? {});
  for (const name of [
    "Cluster",
    "ClusterInput",
    "NodePoolInput",
    "UpgradeStrategy",
    "Problem",
    "Zone",
  ]) {
    expect(components).toContain(name);
  }
  expect(doc.components?.schemas?.ClusterInput).toMatchObject({ additionalProperties: false });
});
