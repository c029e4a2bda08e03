import { createRoute } from "@hono/zod-openapi";
import { Channel, ChannelParams } from "@regatta/contract";
import { type App, router } from "../../app.ts";
import { authorize } from "../../auth/middleware.ts";
import { json, PROBLEMS } from "../../http/openapi.ts";
import { channelView } from "../../services/inventory/channels.ts";

const get = createRoute({
  method: "get",
  path: "/v1/channels/{channel}",
  tags: ["releases"],
  summary: "A channel's current auto-upgrade targets: later releases win per minor (CH-1)",
  request: { params: ChannelParams },
  responses: { 200: json("the channel's targets", Channel), ...PROBLEMS },
});

/** `/v1/channels/{channel}`: derived from the releases, readable by every token. */
export function channelRoutes(): App {
  const app = router();
  app.openapi(get, async (c) => {
    authorize(c.get("principal"), "read", { kind: "global" });
    return c.json(await channelView(c.var.inventory, c.req.valid("param").channel), 200);
  });
  return app;
}
