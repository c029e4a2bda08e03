import type { UpdateStrategy } from "@regatta/engine";
import { type Refused, refused } from "../../outcome.ts";
import { type UrlPolicy, urlRefusal } from "../notifications/url-policy.ts";

/**
 * EXT-7: a health check's URL is called from the control plane after each member's
 * upgrade, so it obeys the same policy as a subscriber's (https only; loopback in local
 * development; no internal hosts). Checked on `PUT …/update-strategies/{name}` and on
 * run creation (a stored strategy is checked again: the deployment's policy may have
 * changed since).
 *
 * @example healthCheckRefusal({ stages: [{ name: "s", groups: [{ name: "g", healthCheck: { url: "http://x.example.com" } }] }] }, policy)?.error.rule // "EXT-7"
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
      if (why !== undefined) return refused(422, `EXT-7: ${where}: health check ${why}`, "EXT-7");
    }
  }
  return undefined;
}
