import { expect, it } from "vitest";
import { documentOfEverySchema } from "../test/document.ts";

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
