import { OpenAPIHono } from "@hono/zod-openapi";
import { InvalidCursorError, type Inventory, type Statement } from "@regatta/inventory";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import type { Principal } from "./auth/principal.ts";
import type { Env } from "./env.ts";
import { ProblemError, problemResponse } from "./http/problem.ts";
import { validationProblem } from "./http/validation.ts";

/**
 * This request's audit entry, for a route whose change is one D1 batch: the entry joins
 * the batch, so the change and its entry commit together and the answer waits for one
 * round trip fewer.
 */
export interface RequestAudit {
  readonly requestId: string;
  /**
   * The entry as the request would be answered with `status`, to commit in the change's
   * own batch. Should the answer turn out otherwise, the entry is corrected before it
   * leaves.
   */
  withChange(status: number): Statement;
}

export interface AppEnv {
  Bindings: Env;
  Variables: { principal: Principal; inventory: Inventory; audit: RequestAudit };
}

export type App = OpenAPIHono<AppEnv>;

/** Largest request body accepted; inventory documents are small. */
export const MAX_BODY_BYTES = 1024 * 1024;
/**
 * Largest body of `PUT /v1/clusters/{cluster}/workloads`: what `kubectl get pods,pdb -A
 * -o json` prints is one whole snapshot and takes 2–8 KB a pod, so 1 MB would hold a
 * few hundred pods. 8 MB keeps parsing it well inside a Worker's 128 MB.
 */
export const MAX_WORKLOADS_BODY_BYTES = 8 * 1024 * 1024;

const WORKLOADS_PATH = /^\/v1\/clusters\/[^/]+\/workloads$/;

/** The body limit of a request. */
export function bodyLimitFor(method: string, path: string): number {
  return method === "PUT" && WORKLOADS_PATH.test(path) ? MAX_WORKLOADS_BODY_BYTES : MAX_BODY_BYTES;
}

/** A router whose schema failures all become problem+json (one hook, app-wide). */
export function router(): App {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationProblem(result.error.issues, result.target);
    },
  });
}

/** Error mapping shared by the app: problems as they are, bad JSON as 400, never a raw 500 body. */
export function installErrorHandling(app: App): void {
  app.use("*", (c, next) => {
    const maxSize = bodyLimitFor(c.req.method, c.req.path);
    return bodyLimit({
      maxSize,
      onError: () => {
        throw new ProblemError(413, `request body exceeds ${maxSize} bytes`);
      },
    })(c, next);
  });
  app.onError((error) => {
    if (error instanceof ProblemError) return problemResponse(error);
    if (error instanceof HTTPException) {
      return problemResponse(new ProblemError(error.status, error.message || "request refused"));
    }
    if (error instanceof InvalidCursorError) {
      return problemResponse(
        new ProblemError(400, `${error.message}: use nextCursor of a previous page`),
      );
    }
    if (error instanceof SyntaxError) {
      return problemResponse(new ProblemError(400, `malformed JSON: ${error.message}`));
    }
    console.error("unhandled error", error);
    return problemResponse(new ProblemError(500, "internal error; the change was not applied"));
  });
  app.notFound((c) =>
    problemResponse(new ProblemError(404, `no route for ${c.req.method} ${c.req.path}`)),
  );
}
