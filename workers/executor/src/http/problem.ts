/** RFC 9457 problem details, shaped as the control plane answers them. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: { path: string; message: string }[];
}

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  404: "Not Found",
  405: "Method Not Allowed",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  503: "Service Unavailable",
};

/**
 * An error answer in `application/problem+json`.
 *
 * @example return problem(401, "missing or bad X-Regatta-Signature");
 */
export function problem(
  status: number,
  detail: string,
  extra: { errors?: Problem["errors"]; headers?: Record<string, string> } = {},
): Response {
  const body: Problem = { type: "about:blank", title: TITLES[status] ?? "Error", status, detail };
  if (extra.errors) body.errors = extra.errors;
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/problem+json", ...extra.headers },
  });
}

export function json(status: number, body: unknown): Response {
  return Response.json(body, { status });
}
