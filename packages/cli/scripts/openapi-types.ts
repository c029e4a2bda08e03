import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";

/** Where the generated client types live, checked in (biome.jsonc leaves them alone). */
export const TYPES_FILE = new URL("../src/api/generated.ts", import.meta.url);

const BANNER = `/**
 * Generated from the control plane's /openapi.json by openapi-typescript.
 * Do not edit: run \`pnpm --filter @regatta/cli generate\` (packages/cli/scripts/generate.ts).
 * packages/cli/test/drift.test.ts fails when this file no longer matches the live document.
 */
`;

/** The TypeScript source of the client types for one OpenAPI document. */
export async function typesFor(document: OpenAPI3): Promise<string> {
  return `${BANNER}\n${astToString(await openapiTS(document))}`;
}

/** The live document of a running control plane (public: no token). */
export async function fetchDocument(url: string): Promise<OpenAPI3> {
  const response = await fetch(new URL("/openapi.json", url));
  if (!response.ok) throw new Error(`GET ${url}/openapi.json answered ${response.status}`);
  return (await response.json()) as OpenAPI3;
}
