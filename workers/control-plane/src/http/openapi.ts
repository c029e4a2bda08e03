import type { OpenAPIHono } from "@hono/zod-openapi";
import { Problem } from "@regatta/contract";

const problem = (description: string) => ({
  description,
  content: { "application/problem+json": { schema: Problem } },
});

/** The error answers every authenticated route may give (API.md "Conventions"). */
export const PROBLEMS = {
  400: problem("Malformed or invalid request"),
  401: problem("Missing or invalid token"),
  403: problem("Outside the token's role or scope"),
  404: problem("Unknown resource"),
  409: problem("Not allowed in the current state"),
  422: problem("A SPEC rule refuses it (see `rule`)"),
} as const;

/** SEC-3, SEC-4: a request (a plan, a redelivery) asked for too often by one token. */
export const TOKEN_RATE_LIMITED = {
  ...problem("Too many for this token (SEC-3, SEC-4); `Retry-After` says when to ask again"),
  headers: { "retry-after": { schema: { type: "integer" as const }, description: "seconds" } },
};

/** A JSON request body that must be present and valid. */
export function jsonBody<T>(schema: T) {
  return { required: true, content: { "application/json": { schema } } } as const;
}

/** A JSON response. */
export function json<T>(description: string, schema: T) {
  return { description, content: { "application/json": { schema } } } as const;
}

type Document = ReturnType<OpenAPIHono["getOpenAPI31Document"]>;

const PROBLEM_REF = { $ref: "#/components/schemas/Problem" };
const middlewareProblem = (description: string) => ({
  description,
  content: { "application/problem+json": { schema: PROBLEM_REF } },
});

// Methods whose requests may carry a body (fetch refuses one on GET and HEAD).
const BODY_METHODS = new Set(["post", "put", "patch", "delete"]);

/**
 * Adds the answers middleware gives before a route's handler runs, so each route
 * declares only its own and none can forget these:
 * - 503 on every operation: a misconfigured deployment answers everything with it (index.ts);
 * - 413 wherever a body may come: the app-wide body limit (app.ts) reads any request's body;
 * - 415 on every operation that takes a JSON body: the route's media-type gate;
 * - 304 on every authenticated GET but the watches: the conditional-GET middleware.
 * @example app.get("/openapi.json", (c) => c.json(withMiddlewareAnswers(app.getOpenAPI31Document(info))))
 */
export function withMiddlewareAnswers(document: Document): Document {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!isOperation(operation)) continue;
      const responses = operation.responses;
      if (method === "get" && path.startsWith("/v1/") && !path.endsWith("/watch")) {
        responses[304] ??= {
          description:
            "Not Modified: `If-None-Match` names the answer's `ETag` (http/conditional.ts)",
        };
      }
      if (BODY_METHODS.has(method)) {
        responses[413] ??= middlewareProblem("Request body too large");
      }
      if (operation.requestBody) {
        responses[415] ??= middlewareProblem("Request body is not application/json");
      }
      responses[503] ??= middlewareProblem("The deployment is misconfigured (names what is wrong)");
    }
  }
  return document;
}

function isOperation(
  value: unknown,
): value is { responses: Record<string, unknown>; requestBody?: unknown } {
  return typeof value === "object" && value !== null && "responses" in value;
}
