/**
 * `npm run generate`: writes what is generated from the contract's zod schemas, in-process
 * (no worker runs): packages/client/openapi.json, the document the control plane serves,
 * and packages/client/src/generated.ts, its types. Run it after changing a route or a
 * schema; tests/contract/drift.test.ts fails until it has been.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { clientFiles } from "../packages/client/scripts/files.ts";
import { apiDocument } from "../workers/control-plane/src/control-plane.ts";

// The repository's root package is CommonJS to tsx: no top-level await here.
async function main(): Promise<void> {
  const root = join(__dirname, "..");
  for (const file of await clientFiles(apiDocument())) {
    const path = join(root, file.path);
    const before = await readFile(path, "utf8").catch(() => "");
    if (before === file.text) continue;
    await writeFile(path, file.text);
    console.log(`regatta: wrote ${file.path}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
