/**
 * Runs in Node, not workerd: sums the answers each test file checked against
 * /openapi.json (sent through the OPENAPI_TALLY binding by setup.ts) and prints the
 * total once, when the run ends. The config and this global setup are separate module
 * instances of one process, so the count lives on globalThis.
 */
interface Tally {
  files: number;
  answers: number;
}

const KEY = Symbol.for("regatta.openapi-check.tally");
const store = globalThis as { [KEY]?: Tally };

/** The binding's handler: one request per test file, its count as the body. */
export async function recordTally(request: Request): Promise<Response> {
  store[KEY] ??= { files: 0, answers: 0 };
  const tally = store[KEY];
  tally.files += 1;
  tally.answers += Number(await request.text());
  return new Response(null, { status: 204 });
}

/** vitest global setup: the teardown prints the total. */
export default function setup(): () => void {
  return () => {
    const tally = store[KEY];
    if (tally) {
      console.log(
        `openapi-check: ${tally.answers} answers validated against /openapi.json (${tally.files} test files)`,
      );
    }
  };
}
