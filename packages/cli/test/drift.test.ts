import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { fetchDocument, TYPES_FILE, typesFor } from "../scripts/openapi-types.ts";
import { useControlPlane } from "./helpers.ts";

const { cp } = useControlPlane();

describe("the CLI's client cannot drift from the API", () => {
  it("src/api/generated.ts is what openapi-typescript makes of the live /openapi.json", async () => {
    const live = await typesFor(await fetchDocument(cp().url));
    const checkedIn = await readFile(TYPES_FILE, "utf8");
    // On failure: `pnpm --filter @regatta/cli generate`, then fix what no longer compiles.
    expect(
      checkedIn === live,
      "src/api/generated.ts is stale: run pnpm --filter @regatta/cli generate",
    ).toBe(true);
  });
});
