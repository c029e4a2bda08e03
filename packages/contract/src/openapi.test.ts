import { expect, it } from "vitest";
import { z } from "zod";
import { documentOfEverySchema } from "../test/document.ts";
import * as contract from "./index.ts";

it("every exported schema renders into an OpenAPI 3.1 document", () => {
  const doc = documentOfEverySchema();
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
  const schemas = documentOfEverySchema().components?.schemas ?? {};
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

it("the request bodies people start from carry a whole example, and every component's example is one its own schema accepts", () => {
  const schemas = documentOfEverySchema().components?.schemas ?? {};
  const exampled = Object.entries(schemas).filter(([, schema]) => "example" in schema);
  expect(exampled.map(([name]) => name)).toEqual(
    expect.arrayContaining([
      "NotificationInput",
      "UpdateRunInput",
      "UpdateStrategyInput",
      "NodePoolUpgradeInput",
    ]),
  );
  const exports: Record<string, unknown> = contract;
  for (const [name, component] of exampled) {
    const schema = exports[name];
    expect(schema, `${name} is exported by name`).toBeInstanceOf(z.ZodType);
    const parsed = (schema as z.ZodType).safeParse((component as { example: unknown }).example);
    expect(parsed.error?.issues, `${name}'s example`).toBeUndefined();
  }
});
