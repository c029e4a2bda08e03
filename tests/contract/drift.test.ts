import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { clientFiles, GENERATE } from "../../packages/client/scripts/files.ts";
import { apiDocument } from "../../workers/control-plane/src/control-plane.ts";

const root = join(import.meta.dirname, "..", "..");

describe("the checked-in contract cannot drift from the zod schemas", () => {
  it("packages/client/openapi.json and src/generated.ts are what the routes' schemas generate", async () => {
    const files = await clientFiles(apiDocument());
    expect(files.map((file) => file.path)).toEqual([
      "packages/client/openapi.json",
      "packages/client/src/generated.ts",
    ]);
    for (const { path, text } of files) {
      const checkedIn = await readFile(join(root, path), "utf8").catch(() => "");
      // Compared as text, not deep-equal: a failure names the command, not 13,000 lines.
      expect.soft(checkedIn === text, `${path} is stale: run \`${GENERATE}\``).toBe(true);
    }
    // Importing every route and running openapi-typescript takes seconds on a busy machine.
  }, 60_000);
});
