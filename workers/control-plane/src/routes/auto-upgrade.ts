import { createRoute } from "@hono/zod-openapi";
import {
  AutoUpgradeProfile,
  AutoUpgradeProfileInput,
  AutoUpgradeProfileList,
  AutoUpgradeProfileParams,
  AutoUpgradeProfilesParams,
  ListQuery,
} from "@regatta/contract";
import { toRfc3339 } from "@regatta/engine";
import type { AutoUpgradeProfileRow } from "@regatta/inventory";
import { type App, router } from "../app.ts";
import { authorize } from "../auth/middleware.ts";
import type { Access, Principal } from "../auth/principal.ts";
import { controlPlaneNow } from "../clock/now.ts";
import { json, jsonBody, PROBLEMS } from "../http/openapi.ts";
import { orRefuse } from "../http/problem.ts";
import {
  deleteProfile,
  getProfile,
  listProfiles,
  putProfile,
} from "../services/auto-upgrade/profiles.ts";

const tags = ["auto-upgrade-profiles"];
const listPath = "/v1/fleets/{fleet}/auto-upgrade-profiles";
const path = `${listPath}/{name}`;

const put = createRoute({
  method: "put",
  path,
  tags,
  summary:
    "Create or replace an auto-upgrade profile (EXT-5): it generates and starts update runs when members become eligible, on publication and on every cron tick; reconciled at once",
  request: { params: AutoUpgradeProfileParams, body: jsonBody(AutoUpgradeProfileInput) },
  responses: {
    200: json("replaced", AutoUpgradeProfile),
    201: json("created", AutoUpgradeProfile),
    ...PROBLEMS,
  },
});
const get = createRoute({
  method: "get",
  path,
  tags,
  summary:
    "An auto-upgrade profile with its last generated run, or why it generates nothing (EXT-5, EXT-9)",
  request: { params: AutoUpgradeProfileParams },
  responses: { 200: json("the profile", AutoUpgradeProfile), ...PROBLEMS },
});
const remove = createRoute({
  method: "delete",
  path,
  tags,
  summary: "Delete an auto-upgrade profile; the runs it generated go on",
  request: { params: AutoUpgradeProfileParams },
  responses: { 204: { description: "deleted" }, ...PROBLEMS },
});
const list = createRoute({
  method: "get",
  path: listPath,
  tags,
  summary: "The fleet's auto-upgrade profiles by name, paged",
  request: { params: AutoUpgradeProfilesParams, query: ListQuery },
  responses: { 200: json("the profiles", AutoUpgradeProfileList), ...PROBLEMS },
});

/** Profiles generate runs over the whole fleet: fleet grants only, as update runs. */
function authorizeFleet(principal: Principal, access: Access, fleet: string): void {
  authorize(principal, access, { kind: "fleet", fleet }, `fleet ${fleet}`);
}

function profileBody(row: AutoUpgradeProfileRow) {
  return {
    name: row.name,
    fleet: row.fleet,
    strategy: row.strategy,
    channel: row.channel,
    ...(row.targetKubernetesVersion === null
      ? {}
      : { targetKubernetesVersion: row.targetKubernetesVersion }),
    nodeImageSelection: row.nodeImageSelection,
    disabled: row.disabled,
    createdAt: toRfc3339(row.createdAt),
    updatedAt: toRfc3339(row.updatedAt),
    status: {
      ...(row.lastRun === null ? {} : { lastRun: row.lastRun }),
      ...(row.lastGeneratedAt === null ? {} : { lastGeneratedAt: toRfc3339(row.lastGeneratedAt) }),
      ...(row.reason === null ? {} : { reason: row.reason }),
    },
  };
}

/** Auto-upgrade profiles (SPEC EXT-5). */
export function autoUpgradeRoutes(): App {
  const app = router();
  app.openapi(put, async (c) => {
    const { fleet, name } = c.req.valid("param");
    authorizeFleet(c.var.principal, "write", fleet);
    const db = c.var.inventory;
    const now = await controlPlaneNow(c.env, db);
    const { created, value } = orRefuse(
      await putProfile(db, c.env, fleet, name, c.req.valid("json"), now),
    );
    return created ? c.json(profileBody(value), 201) : c.json(profileBody(value), 200);
  });
  app.openapi(get, async (c) => {
    const { fleet, name } = c.req.valid("param");
    authorizeFleet(c.var.principal, "read", fleet);
    return c.json(profileBody(orRefuse(await getProfile(c.var.inventory, fleet, name))), 200);
  });
  app.openapi(remove, async (c) => {
    const { fleet, name } = c.req.valid("param");
    authorizeFleet(c.var.principal, "write", fleet);
    orRefuse(await deleteProfile(c.var.inventory, fleet, name));
    return c.body(null, 204);
  });
  app.openapi(list, async (c) => {
    const { fleet } = c.req.valid("param");
    authorizeFleet(c.var.principal, "read", fleet);
    const page = orRefuse(await listProfiles(c.var.inventory, fleet, c.req.valid("query")));
    return c.json({ items: page.items.map(profileBody), nextCursor: page.nextCursor }, 200);
  });
  return app;
}
