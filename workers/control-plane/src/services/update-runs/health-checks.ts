import type { UpdateStrategy } from "@regatta/engine";
import { URL_RULE, type UrlPolicy, urlRefusal } from "../../outbound/url-policy.ts";
import { type Refused, refused } from "../../outcome.ts";

/**
 * EXT-7 SEC-1: a health check's URL is called from the control plane after each member's
 * upgrade, so it obeys the outbound URL policy (outbound/url-policy.ts) as a
 * subscriber's does. Checked on `PUT …/update-strategies/{name}` and on
 * run creation (a stored strategy is checked again: the deployment's policy may have
 * changed since).
 *
 * @example healthCheckRefusal({ stages: [{ name: "s", groups: [{ name: "g", healthCheck: { url: "http://x.example.com" } }] }] }, policy)?.error.rule // "SEC-1"
 */
export function healthCheckRefusal(
  strategy: UpdateStrategy,
  policy: UrlPolicy,
): Refused | undefined {
  for (const stage of strategy.stages) {
    const scopes = [
      { where: `stage ${stage.name}`, check: stage.healthCheck },
      ...stage.groups.map((g) => ({ where: `group ${g.name}`, check: g.healthCheck })),
    ];
    for (const { where, check } of scopes) {
      if (check === undefined || !("url" in check)) continue;
      const why = urlRefusal(check.url, policy);
      if (why !== undefined) {
        return refused("refused", `${URL_RULE}: ${where}: health check ${why}`, URL_RULE);
      }
    }
  }
  return undefined;
}
