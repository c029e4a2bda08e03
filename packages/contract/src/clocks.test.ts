import { describe, expect, it } from "vitest";
import { documentOfEverySchema } from "../test/document.ts";
import { CONTROL_PLANE_CLOCK, WALL_CLOCK } from "./clocks.ts";

/** Keys of the document's structure, left out of a timestamp's readable name. */
const STRUCTURE = new Set([
  "paths",
  "post",
  "requestBody",
  "content",
  "application/json",
  "schema",
  "components",
  "schemas",
  "properties",
  "items",
  "additionalProperties",
  "anyOf",
  "oneOf",
  "allOf",
]);

/** Every date-time in the document: its readable name (`Operation.startedAt`) and description. */
function timestamps(): { name: string; description: string }[] {
  const found = new Map<string, string>();
  const walk = (node: unknown, where: readonly string[]): void => {
    if (typeof node !== "object" || node === null) return;
    if ("format" in node && node.format === "date-time") {
      const name = where
        .filter((key) => !STRUCTURE.has(key) && !/^\d+$/.test(key))
        .map((key) => key.replace(/^\//, ""))
        .join(".");
      const description = "description" in node ? String(node.description) : "";
      found.set(name, description);
    }
    for (const [key, value] of Object.entries(node)) walk(value, [...where, key]);
  };
  walk(documentOfEverySchema(), []);
  return [...found].map(([name, description]) => ({ name, description }));
}

describe("two clocks (docs/architecture.md)", () => {
  const all = timestamps();

  it("every timestamp of the API says which clock it is on", () => {
    expect(all.length).toBeGreaterThan(50);
    const silent = all
      // The bare building block, exported beside the two that say their clock.
      .filter((t) => t.name !== "Rfc3339")
      .filter((t) => !t.description.includes(CONTROL_PLANE_CLOCK))
      .filter((t) => !t.description.includes(WALL_CLOCK))
      .map((t) => t.name);
    expect(silent).toEqual([]);
  });

  it("bookkeeping stamps (tokens, executor keys, subscriptions, deliveries, the audit trail) and only they are on the wall clock", () => {
    const wall = all.filter((t) => t.description.includes(WALL_CLOCK)).map((t) => t.name);
    expect(wall.sort()).toEqual([
      "AuditEntry.at",
      "AuditQuery.since",
      "ExecutorKeyCreated.createdAt",
      "Notification.createdAt",
      "Notification.updatedAt",
      "NotificationDelivery.createdAt",
      "NotificationDelivery.updatedAt",
      "TokenSummary.createdAt",
    ]);
  });
});
