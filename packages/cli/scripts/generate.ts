/**
 * Regenerates src/api/generated.ts from the live /openapi.json: of REGATTA_URL when set,
 * else of a control plane started for the purpose (tests/harness/control-plane.ts).
 */
import { writeFile } from "node:fs/promises";
import { startControlPlane } from "../../../tests/harness/control-plane.ts";
import { fetchDocument, TYPES_FILE, typesFor } from "./openapi-types.ts";

const given = process.env.REGATTA_URL;
const controlPlane = given ? undefined : await startControlPlane();
try {
  const url = given ?? controlPlane!.url;
  await writeFile(TYPES_FILE, await typesFor(await fetchDocument(url)));
  console.log(`regatta: wrote ${TYPES_FILE.pathname} from ${url}/openapi.json`);
} finally {
  await controlPlane?.stop();
}
