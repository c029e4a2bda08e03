import { SELF } from "cloudflare:test";
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";

/**
 * The contract is the document (issue 15): every answer a test receives must be an
 * operation of `/openapi.json`, with a documented status, a documented media type and,
 * for JSON, a body the response schema accepts. The test helpers pass every response
 * through `checkAnswer`; a mismatch fails the test that made the request.
 */

const ORIGIN = "https://regatta.test";
// Component schemas live under this id, so `$ref`s resolve without the rest of the document.
const COMPONENTS_ID = `${ORIGIN}/openapi.json/components`;

interface Media {
  schema?: unknown;
}
interface Answer {
  description?: string;
  content?: Record<string, Media>;
}
interface Operation {
  responses: Record<string, Answer>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
}
interface Route {
  method: string;
  template: string;
  pattern: RegExp;
  literals: number;
  operation: Operation;
}

/** One answer as the client saw it. */
export interface Seen {
  method: string;
  url: string;
  status: number;
  contentType: string | null;
  text: string;
}

class Contract {
  private readonly ajv = new Ajv2020({ allErrors: true });
  private readonly routes: Route[];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(document: Document) {
    // 3.1 schemas are JSON Schema 2020-12; a 3.0 document would need `nullable` handling.
    if (!document.openapi.startsWith("3.1.")) {
      throw new Error(`openapi-check expects an OpenAPI 3.1 document, got ${document.openapi}`);
    }
    addFormats(this.ajv);
    // OpenAPI's own annotation keyword (JSON Schema's is `examples`).
    this.ajv.addKeyword({
      keyword: "example",
      schemaType: ["string", "number", "boolean", "object", "array", "null"],
    });
    this.ajv.addSchema({ $id: COMPONENTS_ID, $defs: rebase(document.components?.schemas ?? {}) });
    this.routes = Object.entries(document.paths)
      .flatMap(([template, item]) =>
        Object.entries(item).map(([method, operation]) => route(method, template, operation)),
      )
      // `/v1/operations/{id}/events` before a template that would take `events` as a name.
      .sort((a, b) => b.literals - a.literals);
  }

  /** Why `seen` does not match the document, or undefined when it does. */
  mismatch(seen: Seen): string | undefined {
    const path = new URL(seen.url, ORIGIN).pathname;
    const method = seen.method.toLowerCase();
    const found = this.routes.find((r) => r.method === method && r.pattern.test(path));
    if (!found) {
      // No operation can document an unknown route: it answers the app's 404 problem,
      // or what middleware answers before routing (401 under /v1, 413, 503).
      if (UNROUTED.includes(seen.status) && (seen.status !== 401 || path.startsWith("/v1/"))) {
        return this.body(`unrouted ${seen.status}`, PROBLEM_ANSWER, seen);
      }
      return `no operation ${seen.method} for ${path} in /openapi.json`;
    }
    const { responses } = found.operation;
    const answer =
      responses[String(seen.status)] ??
      responses[`${Math.floor(seen.status / 100)}XX`] ??
      responses.default;
    if (!answer) {
      return `status ${seen.status} is not documented for ${seen.method} ${found.template} (documented: ${Object.keys(responses).join(", ")})`;
    }
    return this.body(`${found.method} ${found.template} ${seen.status}`, answer, seen);
  }

  private body(key: string, answer: Answer, seen: Seen): string | undefined {
    const content = answer.content ?? {};
    if (Object.keys(content).length === 0) {
      return seen.text === "" ? undefined : `documents no body, got ${excerpt(seen.text)}`;
    }
    const mediaType = (seen.contentType ?? "").split(";")[0]!.trim().toLowerCase();
    const media = content[mediaType];
    if (!media) {
      return `answered ${mediaType || "without content-type"}; documented: ${Object.keys(content).join(", ")}`;
    }
    if (!/^application\/([\w.-]+\+)?json$/.test(mediaType) || media.schema === undefined) {
      return undefined;
    }
    let value: unknown;
    try {
      value = JSON.parse(seen.text);
    } catch {
      return `${mediaType} body is not JSON: ${excerpt(seen.text)}`;
    }
    const validate = this.validator(`${key} ${mediaType}`, media.schema);
    if (validate(value)) return undefined;
    return `body does not match the schema:\n${describe(validate.errors ?? [])}\nbody: ${excerpt(seen.text)}`;
  }

  private validator(key: string, schema: unknown): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(rebase(schema) as object);
      this.validators.set(key, validate);
    }
    return validate;
  }
}

const UNROUTED = [401, 404, 413, 503];
const PROBLEM_ANSWER: Answer = {
  content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
};

function route(method: string, template: string, operation: Operation): Route {
  const parts = template.split("/");
  const source = parts
    .map((part) => (/^\{[^}]+\}$/.test(part) ? "[^/]+" : part.replace(/[.*+?^$()|[\]\\]/g, "\\$&")))
    .join("/");
  return {
    method,
    template,
    pattern: new RegExp(`^${source}$`),
    literals: parts.filter((part) => part !== "" && !part.startsWith("{")).length,
    operation,
  };
}

/** Points `#/components/schemas/X` at the registered components. */
function rebase(schema: unknown): unknown {
  return JSON.parse(
    JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${COMPONENTS_ID}#/$defs/`),
  );
}

function describe(errors: ErrorObject[]): string {
  return errors
    .slice(0, 10)
    .map(
      (e) =>
        `  ${e.instancePath || "/"} ${e.message ?? ""} ${JSON.stringify(e.params)} (${e.schemaPath})`,
    )
    .join("\n");
}

function excerpt(text: string): string {
  return text.length > 600 ? `${text.slice(0, 600)}…` : text;
}

let contract: Promise<Contract> | undefined;
let checked = 0;
const unreported: string[] = [];

function load(): Promise<Contract> {
  contract ??= SELF.fetch(`${ORIGIN}/openapi.json`).then(async (response) => {
    if (response.status !== 200) throw new Error(`GET /openapi.json answered ${response.status}`);
    return new Contract(await response.json<Document>());
  });
  return contract;
}

/**
 * Fails (throws) when an answer does not match `/openapi.json`. The failure is also kept
 * until `takeMismatches`, so a test that swallows the error still fails (setup.ts).
 */
export async function checkAnswer(seen: Seen): Promise<void> {
  const reason = (await load()).mismatch(seen);
  checked += 1;
  if (reason === undefined) return;
  const path = new URL(seen.url, ORIGIN).pathname + new URL(seen.url, ORIGIN).search;
  const message = `answer does not match /openapi.json: ${seen.method} ${path} → ${seen.status}: ${reason}`;
  unreported.push(message);
  throw new Error(message);
}

/** Checks a Response without consuming it. */
export async function checkResponse(
  method: string,
  url: string,
  response: Response,
): Promise<void> {
  await checkAnswer({
    method,
    url,
    status: response.status,
    contentType: response.headers.get("content-type"),
    text: await response.clone().text(),
  });
}

/** Mismatches since the last call (and forgets them). */
export function takeMismatches(): string[] {
  return unreported.splice(0);
}

/** How many answers this file's tests had checked. */
export function answersChecked(): number {
  return checked;
}
