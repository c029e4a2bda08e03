import { createControlPlane } from "./control-plane.ts";
import type { Env } from "./env.ts";
import { runScheduled } from "./scheduled.ts";

export { FleetObject } from "./objects/fleet-object.ts";
export { UpdateRunObject } from "./objects/update-run-object.ts";

const app = createControlPlane();

export default {
  fetch: app.fetch,
  scheduled: (controller, env, ctx) => {
    ctx.waitUntil(runScheduled(env, controller.scheduledTime));
  },
} satisfies ExportedHandler<Env>;
