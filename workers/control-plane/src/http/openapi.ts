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

/** A JSON request body that must be present and valid. */
export function jsonBody<T>(schema: T) {
  return { required: true, content: { "application/json": { schema } } } as const;
}

/** A JSON response. */
export function json<T>(description: string, schema: T) {
  return { description, content: { "application/json": { schema } } } as const;
}
