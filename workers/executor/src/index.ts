import { type Env, readConfig } from "./config.ts";
import { receiveBatch } from "./http/batches.ts";
import { json, problem } from "./http/problem.ts";

export { ExecutorObject } from "./objects/executor-object.ts";

/** The one object holding the simulated fleet. */
const FLEET = "fleet";

/**
 * The reference executor (docs/executor.md): `POST {COMMANDS_PATH}` takes signed batches;
 * `GET /healthz` answers when configured; `GET /status` shows its counts. A misconfigured
 * executor answers every route with a 503 naming what is wrong, and runs nothing.
 */
export default {
  async fetch(request, env) {
    const read = readConfig(env);
    if (!read.ok) return problem(503, `executor misconfigured: ${read.problems.join("; ")}`);
    const { config } = read;
    const fleet = env.EXECUTOR.get(env.EXECUTOR.idFromName(FLEET));
    const { pathname } = new URL(request.url);
    if (pathname === config.commandsPath) {
      if (request.method !== "POST") return notAllowed(request, "POST");
      return receiveBatch(request, config, fleet);
    }
    if (pathname === "/healthz" || pathname === "/status") {
      if (request.method !== "GET") return notAllowed(request, "GET");
      if (pathname === "/healthz") return json(200, { status: "ok" });
      // Numbers only: which operations were refused stays in the logs.
      const { rejected: _, ...status } = await fleet.status();
      return json(200, status);
    }
    return problem(404, `no route for ${request.method} ${pathname}`);
  },
} satisfies ExportedHandler<Env>;

function notAllowed(request: Request, allowed: string): Response {
  return problem(405, `${request.method} is not allowed here; use ${allowed}`, {
    headers: { allow: allowed },
  });
}
