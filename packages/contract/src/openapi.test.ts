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

it("no component composes a closed object with allOf (no answer could satisfy both halves)", () => {
  const app = new OpenAPIHono();
  for (const [name, schema] of Object.entries(contract)) {
    if (typeof schema !== "object" || schema === null || !("safeParse" in schema)) continue;
    app.openapi(
      createRoute({
        method: "post",
        path: `/${name}`,
        request: { body: { content: { "application/json": { schema: schema as z.ZodType } } } },
        responses: { 200: { description: "ok" } },
      }),
      (c) => c.body(null, 200),
    );
  }
  const doc = app.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "t", version: "1" } });
  const schemas = doc.components?.schemas ?? {};
  const closed = (part: unknown): boolean => {
    if (typeof part !== "object" || part === null) return false;
    if ("$ref" in part && typeof part.$ref === "string") {
      return closed(schemas[part.$ref.replace("#/components/schemas/", "")]);
    }
    return "additionalProperties" in part && part.additionalProperties === false;
  };
  const composed = Object.entries(schemas)
    .filter(([, schema]) => "allOf" in schema && (schema.allOf ?? []).some(closed))
    .map(([name]) => name);
  expect(composed).toEqual([]);
});
