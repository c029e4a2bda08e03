import { createRoute } from "@hono/zod-openapi";
import { ListQuery, page, Release, ReleaseInput, ReleaseParams } from "@regatta/contract";
import { type App, router } from "../../app.ts";
import { authorize } from "../../auth/middleware.ts";
import { controlPlaneNow } from "../../clock/now.ts";
import { json, jsonBody, PROBLEMS } from "../../http/openapi.ts";
import { orRefuse } from "../../http/problem.ts";
import { reconcileDueProfiles } from "../../services/auto-upgrade/reconcile.ts";
import { pageReleases, readRelease, upsertRelease } from "../../services/inventory/releases.ts";
import { wakeRollouts } from "../../services/rollout/wake.ts";

const tags = ["releases"];
const put = createRoute({
  method: "put",
  path: "/v1/releases/{release}",
  tags,
  summary:
    "Publish or replace a release (admin): targets per minor are a patch of that minor or a version of the next (CH-1, VER-4)",
  request: { params: ReleaseParams, body: jsonBody(ReleaseInput) },
  responses: { 200: json("replaced", Release), 201: json("created", Release), ...PROBLEMS },
});
const get = createRoute({
  method: "get",
  path: "/v1/releases/{release}",
  tags,
  summary: "A release",
  request: { params: ReleaseParams },
  responses: { 200: json("the release", Release), ...PROBLEMS },
});
const list = createRoute({
  method: "get",
  path: "/v1/releases",
  tags,
  summary: "Releases by name",
  request: { query: ListQuery },
  responses: { 200: json("a page of releases", page(Release)), ...PROBLEMS },
});

/** `/v1/releases`: global inventory, readable by every token, published by admins. */
export function releaseRoutes(): App {
  const app = router();
  app.openapi(put, async (c) => {
    authorize(c.get("principal"), "write", { kind: "global" });
    const db = c.var.inventory;
    const now = await controlPlaneNow(c.env, c.var.inventory);
    const { release } = c.req.valid("param");
    const { created, value } = orRefuse(await upsertRelease(db, release, c.req.valid("json"), now));
    // CH-3: the channel's sequenced fleets look at their new targets now, not at the cron.
    await wakeRollouts(db, c.env, value.channel);
    // EXT-5: profiles generate runs for the members the release makes eligible, now.
    await reconcileDueProfiles(db, c.env, now);
    return created ? c.json(value, 201) : c.json(value, 200);
  });
  app.openapi(get, async (c) => {
    authorize(c.get("principal"), "read", { kind: "global" });
    return c.json(orRefuse(await readRelease(c.var.inventory, c.req.valid("param").release)), 200);
  });
  app.openapi(list, async (c) => {
    authorize(c.get("principal"), "read", { kind: "global" });
    return c.json(await pageReleases(c.var.inventory, c.req.valid("query")), 200);
  });
  return app;
}
