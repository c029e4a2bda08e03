import { createControlPlane } from "./control-plane.ts";
import { configurationError, type Env } from "./env.ts";
import { ProblemError, problemResponse } from "./http/problem.ts";
import type { NotificationQueueMessage } from "./objects/notifications/queue-message.ts";
import { runQueue } from "./queue.ts";
import { runScheduled } from "./scheduled.ts";

export { FleetObject } from "./objects/fleet/fleet-object.ts";
export { RolloutSequenceObject } from "./objects/rollout-sequence/rollout-sequence-object.ts";
export { UpdateRunObject } from "./objects/update-run/update-run-object.ts";

const app = createControlPlane();

export default {
  fetch: (request, env, ctx) => {
    // A misconfigured deployment answers every route, /healthz included, with what is
    // wrong instead of running (REGATTA_PROVIDER fails closed).
    const problem = configurationError(env);
    if (problem !== undefined) return problemResponse(new ProblemError(503, problem));
    return app.fetch(request, env, ctx);
  },
  scheduled: (controller, env, ctx) => {
    ctx.waitUntil(runScheduled(env, controller.scheduledTime));
  },
  queue: (batch, env) => runQueue(batch, env),
} satisfies ExportedHandler<Env, NotificationQueueMessage>;
