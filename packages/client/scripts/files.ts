import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";

/** The command that rewrites the files below; the drift test's failure names it. */
export const GENERATE = "npm run generate";

const BANNER = `/**
 * Generated from packages/client/openapi.json by openapi-typescript.
 * Do not edit: run \`${GENERATE}\` (scripts/generate.ts).
 * tests/contract/drift.test.ts fails when this file no longer matches the document.
 */
`;

/** A checked-in file generated from the API's document. */
export interface GeneratedFile {
  /** From the repository's root. */
  path: string;
  text: string;
}

/**
 * What the client package holds of one OpenAPI document, both checked in: the document
 * itself (`openapi.json`, what a client in any language starts from) and its TypeScript
 * types (`src/generated.ts`, what openapi-fetch checks each call against).
 * @example for (const file of await clientFiles(apiDocument())) await writeFile(file.path, file.text)
 */
export async function clientFiles(document: object): Promise<GeneratedFile[]> {
  // Through JSON, as a client reads it: what JSON drops (undefined) is gone from the types too.
  const text = `${JSON.stringify(document, null, 2)}\n`;
  const types = astToString(await openapiTS(JSON.parse(text) as OpenAPI3));
  return [
    { path: "packages/client/openapi.json", text },
    { path: "packages/client/src/generated.ts", text: `${BANNER}\n${types}` },
  ];
}
