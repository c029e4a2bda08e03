import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app.ts";
import { ProblemError } from "./problem.ts";

/**
 * SEC-3, SEC-4: at most the binding's budget of requests per token (the platform's rate-limiting
 * binding, per Cloudflare location). A token's identity is the key, so a revoked and
 * re-created token starts afresh and two tokens never share a budget; callers without one
 * (the deployment's own admin secret) share the key of their name.
 */
export function perToken(
  limiter: (env: AppEnv["Bindings"]) => RateLimit,
  what: string,
  periodSeconds: number,
  rule: "SEC-3" | "SEC-4",
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const principal = c.var.principal;
    const key = principal.identity ?? `name:${principal.name}`;
    const { success } = await limiter(c.env).limit({ key });
    if (!success) {
      throw new ProblemError(
        429,
        `${rule}: too many ${what} for this token; try again in ${periodSeconds} s`,
        rule,
        undefined,
        { "retry-after": String(periodSeconds) },
      );
    }
    await next();
  };
}

/** SEC-3: what-if plans, 10 a minute per token (wrangler.toml `PLAN_LIMITER`). */
export const plansPerToken = perToken((env) => env.PLAN_LIMITER, "plans", 60, "SEC-3");

/** SEC-4: redeliveries, 30 a minute per token (wrangler.toml `REDELIVER_LIMITER`). */
export const redeliveriesPerToken = perToken(
  (env) => env.REDELIVER_LIMITER,
  "redeliveries",
  60,
  "SEC-4",
);
